"""GraphStore: the one interface to the knowledge graph, embedded (DuckStore) or served by the
daemon (RemoteGraph): the same methods either way. Which one a process gets is decided above
memory, by `resident.daemon.client.open_graph`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol, runtime_checkable

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

    def decay_stale_facts(self, now: datetime) -> DecayCounts: ...
    def counts(self) -> dict[str, int]: ...
    def checksum(self) -> str: ...
    def confidence_histogram(self, bins: int = 10) -> list[int]: ...
    def ladder(self) -> Ladder: ...
    def close(self) -> None: ...
