"""The replay buffer: a bounded store of recent experience that sleep consolidation replays.

Rows live in the graph (table replay_buffer, migration 004), written through the graph owner,
so they survive restarts. Priority mixes recency and surprise (how far the learner's belief was
from what happened); when the buffer passes learning.replay_capacity the lowest-priority rows go.
The buffer is working memory, not claim history: trimming it never touches a claim.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from resident.memory.learning_store import RECENCY_HALF_LIFE_DAYS, SURPRISE_WEIGHT
from resident.records import Experience


def priority(e: Experience, now: datetime) -> float:
    """Recency (halving every RECENCY_HALF_LIFE_DAYS) plus weighted surprise."""
    age_days = max(0.0, (now - e.recorded_at).total_seconds() / 86400)
    return 2.0 ** (-age_days / RECENCY_HALF_LIFE_DAYS) + SURPRISE_WEIGHT * e.surprise


def as_positives(items: Iterable[Experience]) -> list[tuple[str, str, str, float]]:
    """Replayed experience as weighted training triples (entity objects only)."""
    return [
        (e.subject, e.predicate, e.object, e.confidence)
        for e in items
        if ":" in e.object and e.kind != "corrected"
    ]
