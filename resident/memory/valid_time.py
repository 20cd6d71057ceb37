"""Reading the graph at a time (issue 26): a present-tense question reads the claims valid now,
"before" reads the claims that stopped being true, "ever" reads them all. Confidence, rungs and
decay are the store's as ever; this view only leaves out what does not hold at the asked time.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from resident.memory.client import GraphStore
from resident.records import Claim


class Tense(StrEnum):
    NOW = "now"
    BEFORE = "before"
    EVER = "ever"


def holds(claim: Claim, tense: Tense, now: datetime) -> bool:
    """Is the claim an answer for a question in this tense, asked at `now`?"""
    if tense is Tense.EVER:
        return True
    ended = not claim.valid_at(now)
    return ended if tense is Tense.BEFORE else not ended


class TimeView:
    """The graph as of one tense and moment. Lists of claims are narrowed; a claim asked for by
    id is returned as it is (its valid_to says when it ended). Every other method is the
    graph's own: only what a question reads changes with its tense."""

    def __init__(self, graph: GraphStore, tense: Tense, now: datetime) -> None:
        self._graph = graph
        self.tense = tense
        self.now = now

    def __getattr__(self, name: str) -> Any:
        return getattr(self._graph, name)

    def _keep(self, claims: list[Claim]) -> list[Claim]:
        return [c for c in claims if holds(c, self.tense, self.now)]

    def claims_by_subject(
        self, subject: str, now: datetime, predicate: str | None = None
    ) -> list[Claim]:
        return self._keep(self._graph.claims_by_subject(subject, now, predicate))

    def claims_by_object(
        self, object_entity: str, now: datetime, predicate: str | None = None
    ) -> list[Claim]:
        return self._keep(self._graph.claims_by_object(object_entity, now, predicate))

    def peek_claims(self, subject: str, predicate: str | None = None) -> list[Claim]:
        return self._keep(self._graph.peek_claims(subject, predicate))


def at_time(graph: GraphStore, tense: Tense, now: datetime) -> GraphStore:
    """The graph as a question in `tense` reads it."""
    view: Any = TimeView(graph, tense, now)
    return view  # duck-typed: every GraphStore method, claim lists narrowed to the tense
