"""The replay buffer: a bounded store of recent experience that sleep consolidation replays.

Rows live in the graph (table replay_buffer, migration 004), written through the graph owner,
so they survive restarts. Priority mixes recency and surprise (how far the learner's belief was
from what happened); when the buffer passes learning.replay_capacity the lowest-priority rows go.
The buffer is working memory, not claim history: trimming it never touches a claim.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from resident.memory.models import Claim, CuriosityGap, short_id

Kind = Literal["learned", "retrieved", "corrected", "conflict_resolved", "gap_closed"]
#: Half-life of recency in days, and surprise's weight against it.
RECENCY_HALF_LIFE_DAYS = 7.0
SURPRISE_WEIGHT = 1.0


class Experience(BaseModel):
    id: str
    kind: Kind
    claim_id: str | None
    subject: str
    predicate: str
    object: str
    confidence: float = Field(ge=0.0, le=1.0)
    surprise: float = Field(ge=0.0, le=1.0)
    recorded_at: datetime


class DuplicateCandidate(BaseModel):
    """Two entities the learner finds near-identical (cosine of their embeddings): for the
    hygiene self-evaluation to judge; nothing is merged."""

    entity_a: str
    entity_b: str
    similarity: float
    model: str


def priority(e: Experience, now: datetime) -> float:
    """Recency (halving every RECENCY_HALF_LIFE_DAYS) plus weighted surprise."""
    age_days = max(0.0, (now - e.recorded_at).total_seconds() / 86400)
    return 2.0 ** (-age_days / RECENCY_HALF_LIFE_DAYS) + SURPRISE_WEIGHT * e.surprise


def priority_sql() -> str:
    """The same priority in SQL, over replay_buffer's columns and the parameter $now."""
    return (f"(pow(2.0, -greatest(0.0, epoch($now::TIMESTAMP) - epoch(recorded_at)) / 86400.0 "
            f"/ {RECENCY_HALF_LIFE_DAYS}) + {SURPRISE_WEIGHT} * surprise)")


def experience_of(claim: Claim, kind: Kind, surprise: float, now: datetime) -> Experience:
    """One experience about a claim; the same claim and kind on the same day is one row."""
    return Experience(
        id=short_id("xp", claim.id, kind, now.date().isoformat()), kind=kind,
        claim_id=claim.id, subject=claim.subject, predicate=claim.predicate,
        object=claim.object_value, confidence=claim.confidence,
        surprise=min(1.0, max(0.0, surprise)), recorded_at=now)


def gap_closed_experience(gap: CuriosityGap, claim: Claim | None,
                          now: datetime) -> Experience:
    """A curiosity gap closed: about its claim when it names one (surprise: how unsure MAX was
    of it), else the open question itself (no object, so never a training triple)."""
    if claim is not None:
        e = experience_of(claim, "gap_closed", 1.0 - claim.confidence, now)
        return e.model_copy(update={"id": short_id("xp", gap.id, "gap_closed")})
    return Experience(id=short_id("xp", gap.id, "gap_closed"), kind="gap_closed",
                      claim_id=None, subject=gap.subject, predicate=gap.predicate, object="",
                      confidence=0.0, surprise=1.0, recorded_at=now)


def as_positives(items: Iterable[Experience]) -> list[tuple[str, str, str, float]]:
    """Replayed experience as weighted training triples (entity objects only)."""
    return [(e.subject, e.predicate, e.object, e.confidence) for e in items
            if ":" in e.object and e.kind != "corrected"]
