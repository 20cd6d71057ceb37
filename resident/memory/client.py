"""GraphStore: the one interface to the knowledge graph, embedded (DuckStore) or served by the
daemon (RemoteGraph): the same methods either way. Which one a process gets is decided above
memory, by `resident.daemon.client.open_graph`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, Protocol, Self, TypeVar, runtime_checkable

import pyarrow as pa

from resident.cognition.epistemic import CorrectionWrites
from resident.records import (
    Claim,
    Conflict,
    CuriosityGap,
    DecayCounts,
    DuplicateCandidate,
    Entity,
    Evidence,
    Experience,
    FiledCounts,
    FiledFinding,
    GapAttempt,
    GapContext,
    GapSettlement,
    HouseQuestion,
    Ladder,
    NewClaim,
    PromotionReport,
    Qualifier,
    Recommendation,
    Sitting,
    StatementWrite,
    UpsertCounts,
)


@runtime_checkable
class GraphStore(Protocol):
    """What every part of MAX may do with the graph. No method deletes a claim."""

    def upsert_entities(
        self, entities: Sequence[Entity] | pa.Table, now: datetime
    ) -> UpsertCounts: ...
    def get_entity(self, entity_id: str) -> Entity: ...
    def find_entities(self, name: str, limit: int = 10) -> list[Entity]: ...

    def add_claim(
        self,
        new: NewClaim,
        now: datetime,
        session_id: str | None = None,
        correlation_id: str | None = None,
    ) -> Claim: ...
    def upsert_claims(
        self, claims: Sequence[NewClaim] | pa.Table, now: datetime
    ) -> UpsertCounts: ...
    def upsert_bulk(
        self,
        entities: Sequence[Entity] | pa.Table,
        claims: Sequence[NewClaim] | pa.Table,
        now: datetime,
    ) -> tuple[UpsertCounts, UpsertCounts]: ...
    def get_claim(self, claim_id: str, now: datetime) -> Claim: ...
    def claims_by_subject(
        self, subject: str, now: datetime, predicate: str | None = None
    ) -> list[Claim]: ...
    def claims_by_object(
        self, object_entity: str, now: datetime, predicate: str | None = None
    ) -> list[Claim]: ...
    def peek_claims(self, subject: str, predicate: str | None = None) -> list[Claim]: ...
    def peek_claim(self, claim_id: str) -> Claim: ...
    def write_statements(
        self,
        entities: Sequence[Entity],
        statements: Sequence[StatementWrite],
        now: datetime,
        session_id: str | None = None,
        correlation_id: str | None = None,
    ) -> list[Claim]: ...
    def qualifiers_of(self, claim_ids: Sequence[str]) -> dict[str, list[Qualifier]]: ...
    def told_subjects(
        self, kind: str, limit: int = 512, predicate: str | None = None
    ) -> list[str]: ...
    def evidence_for(self, claim_id: str) -> list[Evidence]: ...

    def promote_to_fact(self, claim_id: str, now: datetime) -> Claim: ...
    def promote_earned(self, now: datetime, sample: int = 20) -> PromotionReport: ...
    def record_conflict(
        self, claim_a: str, claim_b: str, now: datetime, reason: str = "contradiction"
    ) -> Conflict: ...
    def resolve_conflict(
        self, conflict_id: str, winner_id: str, now: datetime
    ) -> tuple[Conflict, Claim]: ...
    def record_correction(
        self,
        correction: NewClaim,
        old_claim_id: str | None,
        now: datetime,
        session_id: str | None = None,
        correlation_id: str | None = None,
    ) -> CorrectionWrites: ...
    def conflicts_for(self, claim_id: str) -> list[Conflict]: ...
    def open_conflicts(self, limit: int = 100) -> list[Conflict]: ...

    def file_gap(
        self,
        subject: str,
        predicate: str,
        question: str,
        now: datetime,
        priority: int | None = None,
        claim_id: str | None = None,
    ) -> CuriosityGap: ...
    def due_gaps(self, now: datetime, limit: int = 100) -> list[CuriosityGap]: ...
    def get_gap(self, gap_id: str) -> CuriosityGap: ...
    def attempt_gap(
        self, gap_id: str, resolved: bool, note: str, now: datetime
    ) -> CuriosityGap: ...

    def record_experiences(
        self, items: Sequence[Experience], capacity: int, now: datetime
    ) -> int: ...
    def replay(self, limit: int, now: datetime) -> list[Experience]: ...
    def record_duplicate_candidates(
        self, items: Sequence[DuplicateCandidate], now: datetime
    ) -> int: ...
    def duplicate_candidates(self, limit: int = 100) -> list[DuplicateCandidate]: ...

    def record_sitting(self, sitting: Sitting) -> Sitting: ...
    def sittings(
        self,
        subject: str | None = None,
        predicate: str | None = None,
        claim_id: str | None = None,
        gap_id: str | None = None,
        limit: int = 100,
    ) -> list[Sitting]: ...
    def open_gaps(self, limit: int = 100, min_attempts: int = 0) -> list[CuriosityGap]: ...
    def file_recommendations(self, items: Sequence[FiledFinding], now: datetime) -> FiledCounts: ...
    def recommendations(
        self, status: str | None = None, limit: int = 100
    ) -> list[Recommendation]: ...
    def set_recommendation_status(
        self, recommendation_id: str, status: str, now: datetime
    ) -> Recommendation: ...

    # household truth maintenance (migration 010)
    def gap_context(self, gaps: Sequence[CuriosityGap]) -> list[GapContext]: ...
    def attempt_gaps(self, items: Sequence[GapAttempt], now: datetime) -> list[CuriosityGap]: ...
    def settle_gaps(self, settlement: GapSettlement, now: datetime) -> list[CuriosityGap]: ...
    def entity_labels(self, ids: Sequence[str]) -> dict[str, str]: ...
    def end_validity(self, claim_id: str, valid_to: datetime | None, now: datetime) -> Claim: ...
    def reschedule(
        self, claim_id: str, occurred_at: datetime, said: Sequence[Qualifier], now: datetime
    ) -> Claim: ...
    def add_questions(self, items: Sequence[HouseQuestion], now: datetime) -> int: ...
    def questions(
        self,
        person_id: str | None = None,
        status: str | None = None,
        gap_id: str | None = None,
        limit: int = 100,
    ) -> list[HouseQuestion]: ...
    def set_question_status(
        self, question_id: str, status: str, now: datetime, answer: str | None = None
    ) -> HouseQuestion: ...

    def decay_stale_facts(self, now: datetime) -> DecayCounts: ...
    def counts(self) -> dict[str, int]: ...
    def checksum(self) -> str: ...
    def confidence_histogram(self, bins: int = 10) -> list[int]: ...
    def ladder(self) -> Ladder: ...
    def close(self) -> None: ...
    # A store is a context manager: `with open_graph(settings) as graph:` closes it however the
    # block ends.
    def __enter__(self) -> Self: ...
    def __exit__(self, *exc: object) -> None: ...


# -- the plumbing, generated from the Protocol -------------------------------------------------

_C = TypeVar("_C", bound=type)


def graph_method_names() -> list[str]:
    """The GraphStore Protocol's method names, in declaration order."""
    return [
        name
        for name, value in vars(GraphStore).items()
        if callable(value) and not name.startswith("_")
    ]


def forwarding(via: str, by_keyword: bool = False) -> Callable[[_C], _C]:
    """Class decorator: every GraphStore method the class does not define itself becomes one
    that hands its call to `self.<via>(name, ...)`, with the Protocol's own signature, name and
    annotations (so introspection, the wire and the tests see one signature, written once).

    `by_keyword`: the arguments are bound to the Protocol's parameter names (defaults filled
    in) and passed as keywords, as RemoteGraph's wire call wants them; otherwise they pass on
    as they came. A method added to the Protocol is forwarded without another edit."""

    def decorate(cls: _C) -> _C:
        for name in graph_method_names():
            if name in vars(cls):
                continue
            setattr(cls, name, _forwarder(name, via, by_keyword, cls.__qualname__))
        return cls

    return decorate


def _forwarder(name: str, via: str, by_keyword: bool, owner: str) -> Callable[..., Any]:
    proto = getattr(GraphStore, name)
    signature = inspect.signature(proto)

    if by_keyword:

        def method(self: Any, *args: Any, **kwargs: Any) -> Any:
            bound = signature.bind(self, *args, **kwargs)
            bound.apply_defaults()
            arguments = dict(bound.arguments)
            del arguments["self"]
            return getattr(self, via)(name, **arguments)

    else:

        def method(self: Any, *args: Any, **kwargs: Any) -> Any:
            return getattr(self, via)(name, *args, **kwargs)

    method.__name__ = name
    method.__qualname__ = f"{owner}.{name}"
    method.__doc__ = f"GraphStore.{name}, through {owner}.{via}."
    method.__annotations__ = dict(proto.__annotations__)
    method.__signature__ = signature  # type: ignore[attr-defined]
    method.__wrapped__ = proto  # type: ignore[attr-defined]
    return method
