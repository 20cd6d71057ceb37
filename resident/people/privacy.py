"""Who may read a claim (Rule 8): what a person told MAX is theirs, shared sources are everyone's.

The rule, in full (README "People: voice, face and privacy"):

1. The owner and service tokens, and the owner's console with no speaker named, read everything.
2. Grounded claims (`ingest:`, `literature:`, `observation:`) are shared: everyone reads them.
3. A claim about a person (a `person:` entity as its subject or object) from any other source
   is private: only the people it is about and the person who told it (`interaction:<id>`,
   or a correction they gave, `user_correction:<id>`) read it: your own words are yours.
   "My birthday is May 3" is Ana's; "Ana's birthday is May 3" said by Bob is Ana's
   and Bob's, and nobody else's.
4. A claim about no person ("aspirin treats headache") is what MAX holds about the world,
   whoever said it: shared, at the hint confidence its provenance allows.

`readable_by` is the pure rule; `PrivateGraph` applies it to every claim a read returns, so the
language layer and the HTTP surfaces share one gate. The gate hides, it never blinds: correction
and conflict detection read the whole graph; only what MAX says back goes through a view.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from resident.cognition.epistemic import GROUNDED_PREFIXES, teller
from resident.errors import NotFound
from resident.memory.client import GraphStore
from resident.records import Claim, Conflict, CuriosityGap, HouseQuestion, Qualifier, Sitting

PERSON_PREFIX = "person:"


def teller_of(provenance: str) -> str | None:
    """The person who told MAX a claim (`interaction:person:ana`, or a correction of theirs,
    `user_correction:person:ana` -> person:ana), else None."""
    return teller(provenance)


def people_in(claim: Claim) -> frozenset[str]:
    """The person entities a claim is about."""
    ids = (claim.subject, claim.object_entity)
    return frozenset(i for i in ids if i is not None and i.startswith(PERSON_PREFIX))


def readable_by(claim: Claim, viewer: str | None) -> bool:
    """May `viewer` (a person id; None = the owner, who reads everything) read `claim`?"""
    if viewer is None or claim.provenance.partition(":")[0] in GROUNDED_PREFIXES:
        return True
    about = people_in(claim)
    return not about or viewer in about or teller_of(claim.provenance) == viewer


def visible(claims: Iterable[Claim], viewer: str | None) -> list[Claim]:
    return [c for c in claims if readable_by(c, viewer)]


#: GraphStore methods a person's view passes through unchanged: they return nothing a person
#: told MAX (names, counts, the ladder) or they write (what a turn stores is the speaker's own).
SAFE_METHODS = frozenset(
    {
        "get_entity",
        "find_entities",
        "duplicate_candidates",
        "recommendations",
        "counts",
        "checksum",
        "confidence_histogram",
        "ladder",
        "close",
        # writes
        "upsert_entities",
        "add_claim",
        "upsert_claims",
        "upsert_bulk",
        "promote_to_fact",
        "promote_earned",
        "record_conflict",
        "resolve_conflict",
        "record_correction",
        "file_gap",
        "attempt_gap",
        "record_experiences",
        "record_duplicate_candidates",
        "record_sitting",
        "file_recommendations",
        "set_recommendation_status",
        "end_validity",
        "reschedule",
        "attempt_gaps",
        "settle_gaps",
        "add_questions",
        "set_question_status",
        "write_statements",
        "decay_stale_facts",
    }
)
#: Reads a person's view answers itself, leaving out what that person may not read.
FILTERED_METHODS = frozenset(
    {
        "get_claim",
        "peek_claim",
        "claims_by_subject",
        "claims_by_object",
        "peek_claims",
        "evidence_for",
        "conflicts_for",
        "open_conflicts",
        "due_gaps",
        "open_gaps",
        "get_gap",
        "sittings",
        "questions",
        "qualifiers_of",
    }
)
#: Reads a person's view does not offer at all (the training buffer, the exploration loop's
#: batch reads and the things the whole household talked about are MAX's own).
WITHHELD_METHODS = frozenset({"replay", "gap_context", "entity_labels", "told_subjects"})


class PrivateGraph:
    """A read view of the graph for one viewer: claims they may not read are left out (a single
    claim asked for by id is NotFound, as if it were not there). Only the methods named above
    exist on it: a method added to GraphStore is unreachable through a view until it is
    listed as safe or filtered here (tests/people/test_privacy.py holds the lists complete).

    A retrieval that finds hidden claims still counts for them (confidence bump, retrieved_at),
    as when the owner reads them: the store filters nothing itself.
    """

    def __init__(self, graph: GraphStore, viewer: str | None) -> None:
        self._graph = graph
        self.viewer = viewer

    def __getattr__(self, name: str) -> Any:
        if name in SAFE_METHODS:
            return getattr(self._graph, name)
        raise AttributeError(f"{name!r} is not readable through a person's view")

    def _one(self, claim: Claim) -> Claim:
        if not readable_by(claim, self.viewer):
            raise NotFound(f"no claim {claim.id!r}")
        return claim

    def _readable_id(self, claim_id: str | None) -> bool:
        if claim_id is None:
            return True
        try:
            self.peek_claim(claim_id)
        except NotFound:
            return False
        return True

    def get_claim(self, claim_id: str, now: datetime) -> Claim:
        # Peek first: a hidden claim is neither returned nor counted as retrieved by this read.
        self._one(self._graph.peek_claim(claim_id))
        return self._graph.get_claim(claim_id, now)

    def peek_claim(self, claim_id: str) -> Claim:
        return self._one(self._graph.peek_claim(claim_id))

    def claims_by_subject(
        self, subject: str, now: datetime, predicate: str | None = None
    ) -> list[Claim]:
        return visible(self._graph.claims_by_subject(subject, now, predicate), self.viewer)

    def claims_by_object(
        self, object_entity: str, now: datetime, predicate: str | None = None
    ) -> list[Claim]:
        return visible(self._graph.claims_by_object(object_entity, now, predicate), self.viewer)

    def peek_claims(self, subject: str, predicate: str | None = None) -> list[Claim]:
        return visible(self._graph.peek_claims(subject, predicate), self.viewer)

    def evidence_for(self, claim_id: str) -> list[Any]:
        self.peek_claim(claim_id)
        return self._graph.evidence_for(claim_id)

    def qualifiers_of(self, claim_ids: Sequence[str]) -> dict[str, list[Qualifier]]:
        """Qualifiers of the claims this viewer may read; the others' are not there."""
        readable = []
        for claim_id in claim_ids:
            try:
                self.peek_claim(claim_id)
            except NotFound:
                continue
            readable.append(claim_id)
        return self._graph.qualifiers_of(readable)

    def conflicts_for(self, claim_id: str) -> list[Conflict]:
        """Conflicts of a readable claim with claims this viewer may read too."""
        out = []
        for conflict in self._graph.conflicts_for(claim_id):
            other = conflict.claim_b if conflict.claim_a == claim_id else conflict.claim_a
            if self._readable_id(other):
                out.append(conflict)
        return out

    def open_conflicts(self, limit: int = 100) -> list[Conflict]:
        return [
            c
            for c in self._graph.open_conflicts(limit)
            if self._readable_id(c.claim_a) and self._readable_id(c.claim_b)
        ]

    def _gaps(self, gaps: list[CuriosityGap]) -> list[CuriosityGap]:
        return [g for g in gaps if self._gap_readable(g)]

    def _gap_readable(self, gap: CuriosityGap) -> bool:
        if gap.claim_id is not None:
            return self._readable_id(gap.claim_id)
        return not gap.subject.startswith(PERSON_PREFIX) or gap.subject == self.viewer

    def due_gaps(self, now: datetime, limit: int = 100) -> list[CuriosityGap]:
        return self._gaps(self._graph.due_gaps(now, limit))

    def open_gaps(self, limit: int = 100, min_attempts: int = 0) -> list[CuriosityGap]:
        return self._gaps(self._graph.open_gaps(limit, min_attempts))

    def get_gap(self, gap_id: str) -> CuriosityGap:
        gap = self._graph.get_gap(gap_id)
        if not self._gap_readable(gap):
            raise NotFound(f"no gap {gap_id!r}")
        return gap

    def sittings(
        self,
        subject: str | None = None,
        predicate: str | None = None,
        claim_id: str | None = None,
        gap_id: str | None = None,
        limit: int = 100,
    ) -> list[Sitting]:
        found = self._graph.sittings(subject, predicate, claim_id, gap_id, limit)
        return [
            s
            for s in found
            if self._readable_id(s.claim_id)
            and (not s.subject.startswith(PERSON_PREFIX) or s.claim_id is not None)
        ]

    def questions(
        self,
        person_id: str | None = None,
        status: str | None = None,
        gap_id: str | None = None,
        limit: int = 100,
    ) -> list[HouseQuestion]:
        """Only the questions MAX means to ask this viewer."""
        if person_id is not None and person_id != self.viewer:
            return []
        return self._graph.questions(self.viewer, status, gap_id, limit)


def graph_for(graph: GraphStore, viewer: str | None) -> GraphStore:
    """The graph as `viewer` may read it: the graph itself for the owner (None)."""
    if viewer is None:
        return graph
    view: Any = PrivateGraph(graph, viewer)
    return view  # duck-typed: GraphStore's methods as listed above, reads filtered
