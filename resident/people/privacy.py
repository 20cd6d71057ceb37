"""Who may read a claim (Rule 8): what a person told MAX is theirs, shared sources are everyone's.

The rule, in full (README "People: voice, face and privacy"):

1. The owner and service tokens, and the owner's console with no speaker named, read everything.
2. Grounded claims (`ingest:`, `literature:`, `observation:`) are shared: everyone reads them.
3. A claim about a person (a `person:` entity as its subject or object) from any other source
   is private: only the people it is about and the person who told it (`interaction:<id>`)
   read it. "My birthday is May 3" is Ana's; "Ana's birthday is May 3" said by Bob is Ana's
   and Bob's, and nobody else's.
4. A claim about no person ("aspirin treats headache") is what MAX holds about the world,
   whoever said it: shared, at the hint confidence its provenance allows.

`readable_by` is the pure rule; `PrivateGraph` applies it to every claim a read returns, so the
language layer and the HTTP surfaces share one gate.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from resident.cognition.epistemic import GROUNDED_PREFIXES
from resident.errors import NotFound
from resident.memory.client import GraphStore
from resident.records import Claim, Conflict, Qualifier

PERSON_PREFIX = "person:"


def teller_of(provenance: str) -> str | None:
    """The person who told MAX a claim (`interaction:person:ana` -> person:ana), else None."""
    prefix, _, rest = provenance.partition(":")
    if prefix == "interaction" and rest.startswith(PERSON_PREFIX):
        return rest
    return None


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


class PrivateGraph:
    """A read view of the graph for one viewer: claims they may not read are left out (a single
    claim asked for by id is NotFound, as if it were not there). Everything else is the graph.

    A retrieval that finds hidden claims still counts for them (confidence bump, retrieved_at),
    as when the owner reads them: the store filters nothing itself.
    """

    def __init__(self, graph: GraphStore, viewer: str | None) -> None:
        self._graph = graph
        self.viewer = viewer

    def __getattr__(self, name: str) -> Any:
        return getattr(self._graph, name)

    def _one(self, claim: Claim) -> Claim:
        if not readable_by(claim, self.viewer):
            raise NotFound(f"no claim {claim.id!r}")
        return claim

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
            try:
                self.peek_claim(other)
            except NotFound:
                continue
            out.append(conflict)
        return out


def graph_for(graph: GraphStore, viewer: str | None) -> GraphStore:
    """The graph as `viewer` may read it: the graph itself for the owner (None)."""
    if viewer is None:
        return graph
    view: Any = PrivateGraph(graph, viewer)
    return view  # duck-typed: every GraphStore method, reads filtered
