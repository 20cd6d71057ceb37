"""GraphStore: the one interface to the knowledge graph, embedded or served by the daemon.

`open_graph()` hands out RemoteGraph (resident.memory.remote) while a live `resident up` owns the
graph, and the embedded DuckStore otherwise: the same methods either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol, runtime_checkable

import pyarrow as pa

from resident.cognition.epistemic import CorrectionWrites
from resident.config import Settings
from resident.learning.replay import DuplicateCandidate, Experience
from resident.memory.duck_store import DuckStore
from resident.memory.models import (
    Claim,
    Conflict,
    CuriosityGap,
    DecayCounts,
    Entity,
    Evidence,
    FiledCounts,
    FiledFinding,
    NewClaim,
    Recommendation,
    UpsertCounts,
)


@runtime_checkable
class GraphStore(Protocol):
    """What every part of MAX may do with the graph. No method deletes a claim."""

    def upsert_entities(self, entities: Sequence[Entity] | pa.Table,
                        now: datetime) -> UpsertCounts: ...
    def get_entity(self, entity_id: str) -> Entity: ...
    def find_entities(self, name: str, limit: int = 10) -> list[Entity]: ...

    def add_claim(self, new: NewClaim, now: datetime, session_id: str | None = None,
                  correlation_id: str | None = None) -> Claim: ...
    def upsert_claims(self, claims: Sequence[NewClaim] | pa.Table,
                      now: datetime) -> UpsertCounts: ...
    def upsert_bulk(self, entities: Sequence[Entity] | pa.Table,
                    claims: Sequence[NewClaim] | pa.Table,
                    now: datetime) -> tuple[UpsertCounts, UpsertCounts]: ...
    def get_claim(self, claim_id: str, now: datetime) -> Claim: ...
    def claims_by_subject(self, subject: str, now: datetime,
                          predicate: str | None = None) -> list[Claim]: ...
    def claims_by_object(self, object_entity: str, now: datetime,
                         predicate: str | None = None) -> list[Claim]: ...
    def peek_claims(self, subject: str, predicate: str | None = None) -> list[Claim]: ...
    def peek_claim(self, claim_id: str) -> Claim: ...
    def evidence_for(self, claim_id: str) -> list[Evidence]: ...

    def promote_to_fact(self, claim_id: str, now: datetime) -> Claim: ...
    def record_conflict(self, claim_a: str, claim_b: str, now: datetime,
                        reason: str = "contradiction") -> Conflict: ...
    def resolve_conflict(self, conflict_id: str, winner_id: str,
                         now: datetime) -> tuple[Conflict, Claim]: ...
    def record_correction(self, correction: NewClaim, old_claim_id: str | None, now: datetime,
                          session_id: str | None = None,
                          correlation_id: str | None = None) -> CorrectionWrites: ...
    def conflicts_for(self, claim_id: str) -> list[Conflict]: ...
    def open_conflicts(self, limit: int = 100) -> list[Conflict]: ...

    def file_gap(self, subject: str, predicate: str, question: str, now: datetime,
                 priority: int | None = None, claim_id: str | None = None) -> CuriosityGap: ...
    def due_gaps(self, now: datetime, limit: int = 100) -> list[CuriosityGap]: ...
    def get_gap(self, gap_id: str) -> CuriosityGap: ...
    def attempt_gap(self, gap_id: str, resolved: bool, note: str,
                    now: datetime) -> CuriosityGap: ...

    def record_experiences(self, items: Sequence[Experience], capacity: int,
                           now: datetime) -> int: ...
    def replay(self, limit: int, now: datetime) -> list[Experience]: ...
    def record_duplicate_candidates(self, items: Sequence[DuplicateCandidate],
                                    now: datetime) -> int: ...
    def duplicate_candidates(self, limit: int = 100) -> list[DuplicateCandidate]: ...

    def file_recommendations(self, items: Sequence[FiledFinding],
                             now: datetime) -> FiledCounts: ...
    def recommendations(self, status: str | None = None,
                        limit: int = 100) -> list[Recommendation]: ...
    def set_recommendation_status(self, recommendation_id: str, status: str,
                                  now: datetime) -> Recommendation: ...

    def decay_stale_facts(self, now: datetime) -> DecayCounts: ...
    def counts(self) -> dict[str, int]: ...
    def checksum(self) -> str: ...
    def confidence_histogram(self, bins: int = 10) -> list[int]: ...
    def close(self) -> None: ...


def open_graph(settings: Settings, *, create: bool = False) -> GraphStore:
    """The graph for this process: the daemon's, over HTTP, while a live daemon owns the data
    directory (daemon.json, its lock held, its pid alive, /healthz answering); otherwise the
    file itself, embedded. `create` applies to the embedded case (a new data directory)."""
    from resident.daemon.ownership import live_daemon
    from resident.daemon.tokens import stored_token
    from resident.errors import DaemonNotRunning, GraphBusy
    from resident.memory.remote import RemoteGraph

    info = live_daemon(settings.data_dir)
    if info is not None:
        token = stored_token(settings.data_dir, "service")
        if token is None:
            raise GraphBusy(f"a daemon owns {settings.data_dir} but tokens.json has no "
                            "service token to reach it with")
        remote = RemoteGraph(info.url, token)
        try:
            remote.health()
        except DaemonNotRunning:
            remote.close()  # it is going away: the embedded open below says whether it has
        else:
            return remote
    _refuse_behind_a_crashed_daemon(settings)
    return DuckStore.open(settings, create=create)


def _refuse_behind_a_crashed_daemon(settings: Settings) -> None:
    """Embedded mode is for MAX down on purpose (no daemon.json). A daemon.json left by a
    crashed daemon means one should own the graph: opening the file now would race the next
    `resident up` (an orphaned worker once wrote 310k claims that way)."""
    from resident.daemon.ownership import INFO_FILE, read_info
    from resident.errors import DaemonCrashed

    left = read_info(settings.data_dir)
    if left is not None:
        raise DaemonCrashed(
            f"MAX's daemon (pid {left.pid}, session {left.session_id}) should own "
            f"{settings.data_dir} but is not running: it crashed. Not opening the graph file "
            f"behind its back; waiting for `resident up` (remove {settings.data_dir / INFO_FILE} "
            "only if MAX is down on purpose)")
