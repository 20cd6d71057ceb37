"""RemoteGraph: the GraphStore of a process that is not the owner, over the daemon's graph API.

Same methods, same types, same typed errors as the embedded DuckStore: a flow or the CLI does
not care which one `open_graph()` handed it. Table arguments travel as Arrow IPC.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
import pyarrow as pa

from resident.cognition.epistemic import CorrectionWrites
from resident.errors import DaemonNotRunning, ResidentError
from resident.memory.rows import _claims_table, _entities_table
from resident.memory.wire import (
    ARROW_STREAM,
    encode_tables,
    error_from_wire,
    graph_methods,
    query_value,
)
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


def raise_for_error(resp: httpx.Response) -> None:
    """Raise the daemon's JSON error as its typed ResidentError."""
    if resp.status_code < 400:
        return
    try:
        body = resp.json()
        code, message = str(body["error"]), str(body.get("message", ""))
    except (ValueError, KeyError, TypeError):
        code, message = "http_error", f"HTTP {resp.status_code}: {resp.text[:200]}"
    raise error_from_wire(code, message)


class _ResponseFile(io.RawIOBase):
    """A streamed HTTP body as a file, so pyarrow reads an export batch by batch."""

    def __init__(self, resp: httpx.Response) -> None:
        self._resp = resp
        self._chunks: Iterator[bytes] = resp.iter_bytes()
        self._pending = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while not self._pending:
            try:
                self._pending = next(self._chunks)
            except StopIteration:
                return 0
        n = min(len(buffer), len(self._pending))
        buffer[:n] = self._pending[:n]
        self._pending = self._pending[n:]
        return n

    def close(self) -> None:
        self._resp.close()
        super().close()


class RemoteGraph:
    """GraphStore over HTTP. `url` is the daemon's base URL, `token` a bearer token that may use
    the graph API (the service or owner token in tokens.json)."""

    def __init__(
        self,
        url: str,
        token: str,
        timeout: float = 600.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.url = url.rstrip("/")
        self._http = httpx.Client(
            base_url=self.url,
            timeout=httpx.Timeout(timeout, connect=5.0),
            transport=transport,
            headers={"Authorization": f"Bearer {token}"},
        )

    # plumbing

    def _send(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        try:
            resp = self._http.request(method, path, **kwargs)
        except httpx.TransportError as exc:
            raise DaemonNotRunning(f"the daemon at {self.url} did not answer: {exc}") from exc
        raise_for_error(resp)
        return resp

    def _call(self, method: str, /, **kwargs: Any) -> Any:
        spec = graph_methods()[method]
        tables = [kwargs.pop(p.name) for p in spec.table_params]
        if tables:
            body = encode_tables(
                [
                    _as_table(value, p.name)
                    for value, p in zip(tables, spec.table_params, strict=True)
                ]
            )
            params = {k: query_value(v) for k, v in kwargs.items() if v is not None}
            resp = self._send(
                "POST",
                f"/v1/graph/{method}",
                content=body,
                params=params,
                headers={"Content-Type": ARROW_STREAM},
            )
        else:
            resp = self._send("POST", f"/v1/graph/{method}", json=spec.dump_args(kwargs))
        return spec.load_result(resp.json()["result"])

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> RemoteGraph:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # the daemon itself

    def health(self) -> dict[str, Any]:
        """GET /healthz: the daemon reads and writes its graph to answer."""
        result: dict[str, Any] = self._send("GET", "/healthz").json()
        return result

    def snapshot(self, dest: Path) -> Path:
        """Ask the daemon to publish a consistent copy of the graph at `dest`, which must lie
        under the data directory's snapshots/ folder."""
        resp = self._send("POST", "/v1/graph/snapshot", json={"dest": str(dest)})
        return Path(resp.json()["path"])

    def claims_for_subjects(self, subjects: Sequence[str]) -> pa.Table:
        """Every claim about any of `subjects`, as they stand, as one Arrow table."""
        body = encode_tables([pa.table({"subject": pa.array(list(subjects), pa.string())})])
        resp = self._send(
            "POST",
            "/v1/graph/claims_for_subjects",
            content=body,
            headers={"Content-Type": ARROW_STREAM},
        )
        return pa.ipc.open_stream(resp.content).read_all()

    def export_table(self, table: str) -> pa.RecordBatchReader:
        """A whole table, streamed as Arrow record batches (read it to the end, or close it)."""
        request = self._http.build_request("GET", f"/v1/graph/export/{table}")
        try:
            resp = self._http.send(request, stream=True)
        except httpx.TransportError as exc:
            raise DaemonNotRunning(f"the daemon at {self.url} did not answer: {exc}") from exc
        if resp.status_code >= 400:
            resp.read()
            resp.close()
            raise_for_error(resp)
        try:
            # Buffered: pyarrow wants every read whole, an HTTP chunk is whatever arrived.
            return pa.ipc.open_stream(io.BufferedReader(_ResponseFile(resp), 1 << 20))
        except BaseException:
            resp.close()
            raise

    # GraphStore

    def upsert_entities(self, entities: Sequence[Entity] | pa.Table, now: datetime) -> UpsertCounts:
        return self._call("upsert_entities", entities=entities, now=now)

    def get_entity(self, entity_id: str) -> Entity:
        return self._call("get_entity", entity_id=entity_id)

    def find_entities(self, name: str, limit: int = 10) -> list[Entity]:
        return self._call("find_entities", name=name, limit=limit)

    def add_claim(
        self,
        new: NewClaim,
        now: datetime,
        session_id: str | None = None,
        correlation_id: str | None = None,
    ) -> Claim:
        return self._call(
            "add_claim", new=new, now=now, session_id=session_id, correlation_id=correlation_id
        )

    def upsert_claims(self, claims: Sequence[NewClaim] | pa.Table, now: datetime) -> UpsertCounts:
        return self._call("upsert_claims", claims=claims, now=now)

    def upsert_bulk(
        self,
        entities: Sequence[Entity] | pa.Table,
        claims: Sequence[NewClaim] | pa.Table,
        now: datetime,
    ) -> tuple[UpsertCounts, UpsertCounts]:
        return self._call("upsert_bulk", entities=entities, claims=claims, now=now)

    def get_claim(self, claim_id: str, now: datetime) -> Claim:
        return self._call("get_claim", claim_id=claim_id, now=now)

    def claims_by_subject(
        self, subject: str, now: datetime, predicate: str | None = None
    ) -> list[Claim]:
        return self._call("claims_by_subject", subject=subject, now=now, predicate=predicate)

    def claims_by_object(
        self, object_entity: str, now: datetime, predicate: str | None = None
    ) -> list[Claim]:
        return self._call(
            "claims_by_object", object_entity=object_entity, now=now, predicate=predicate
        )

    def peek_claims(self, subject: str, predicate: str | None = None) -> list[Claim]:
        return self._call("peek_claims", subject=subject, predicate=predicate)

    def peek_claim(self, claim_id: str) -> Claim:
        return self._call("peek_claim", claim_id=claim_id)

    def evidence_for(self, claim_id: str) -> list[Evidence]:
        return self._call("evidence_for", claim_id=claim_id)

    def write_statements(
        self,
        entities: Sequence[Entity],
        statements: Sequence[StatementWrite],
        now: datetime,
        session_id: str | None = None,
        correlation_id: str | None = None,
    ) -> list[Claim]:
        return self._call(
            "write_statements",
            entities=entities,
            statements=statements,
            now=now,
            session_id=session_id,
            correlation_id=correlation_id,
        )

    def qualifiers_of(self, claim_ids: Sequence[str]) -> dict[str, list[Qualifier]]:
        return self._call("qualifiers_of", claim_ids=claim_ids)

    def promote_to_fact(self, claim_id: str, now: datetime) -> Claim:
        return self._call("promote_to_fact", claim_id=claim_id, now=now)

    def promote_earned(self, now: datetime, sample: int = 20) -> PromotionReport:
        return self._call("promote_earned", now=now, sample=sample)

    def record_conflict(
        self, claim_a: str, claim_b: str, now: datetime, reason: str = "contradiction"
    ) -> Conflict:
        return self._call(
            "record_conflict", claim_a=claim_a, claim_b=claim_b, now=now, reason=reason
        )

    def resolve_conflict(
        self, conflict_id: str, winner_id: str, now: datetime
    ) -> tuple[Conflict, Claim]:
        return self._call("resolve_conflict", conflict_id=conflict_id, winner_id=winner_id, now=now)

    def record_correction(
        self,
        correction: NewClaim,
        old_claim_id: str | None,
        now: datetime,
        session_id: str | None = None,
        correlation_id: str | None = None,
    ) -> CorrectionWrites:
        return self._call(
            "record_correction",
            correction=correction,
            old_claim_id=old_claim_id,
            now=now,
            session_id=session_id,
            correlation_id=correlation_id,
        )

    def conflicts_for(self, claim_id: str) -> list[Conflict]:
        return self._call("conflicts_for", claim_id=claim_id)

    def open_conflicts(self, limit: int = 100) -> list[Conflict]:
        return self._call("open_conflicts", limit=limit)

    def file_gap(
        self,
        subject: str,
        predicate: str,
        question: str,
        now: datetime,
        priority: int | None = None,
        claim_id: str | None = None,
    ) -> CuriosityGap:
        return self._call(
            "file_gap",
            subject=subject,
            predicate=predicate,
            question=question,
            now=now,
            priority=priority,
            claim_id=claim_id,
        )

    def due_gaps(self, now: datetime, limit: int = 100) -> list[CuriosityGap]:
        return self._call("due_gaps", now=now, limit=limit)

    def get_gap(self, gap_id: str) -> CuriosityGap:
        return self._call("get_gap", gap_id=gap_id)

    def attempt_gap(self, gap_id: str, resolved: bool, note: str, now: datetime) -> CuriosityGap:
        return self._call("attempt_gap", gap_id=gap_id, resolved=resolved, note=note, now=now)

    def record_experiences(self, items: Sequence[Experience], capacity: int, now: datetime) -> int:
        return self._call("record_experiences", items=items, capacity=capacity, now=now)

    def replay(self, limit: int, now: datetime) -> list[Experience]:
        return self._call("replay", limit=limit, now=now)

    def record_duplicate_candidates(
        self, items: Sequence[DuplicateCandidate], now: datetime
    ) -> int:
        return self._call("record_duplicate_candidates", items=items, now=now)

    def duplicate_candidates(self, limit: int = 100) -> list[DuplicateCandidate]:
        return self._call("duplicate_candidates", limit=limit)

    def record_sitting(self, sitting: Sitting) -> Sitting:
        return self._call("record_sitting", sitting=sitting)

    def sittings(
        self,
        subject: str | None = None,
        predicate: str | None = None,
        claim_id: str | None = None,
        gap_id: str | None = None,
        limit: int = 100,
    ) -> list[Sitting]:
        return self._call(
            "sittings",
            subject=subject,
            predicate=predicate,
            claim_id=claim_id,
            gap_id=gap_id,
            limit=limit,
        )

    def open_gaps(self, limit: int = 100, min_attempts: int = 0) -> list[CuriosityGap]:
        return self._call("open_gaps", limit=limit, min_attempts=min_attempts)

    def file_recommendations(self, items: Sequence[FiledFinding], now: datetime) -> FiledCounts:
        return self._call("file_recommendations", items=items, now=now)

    def recommendations(self, status: str | None = None, limit: int = 100) -> list[Recommendation]:
        return self._call("recommendations", status=status, limit=limit)

    def set_recommendation_status(
        self, recommendation_id: str, status: str, now: datetime
    ) -> Recommendation:
        return self._call(
            "set_recommendation_status", recommendation_id=recommendation_id, status=status, now=now
        )

    def decay_stale_facts(self, now: datetime) -> DecayCounts:
        return self._call("decay_stale_facts", now=now)

    def counts(self) -> dict[str, int]:
        return self._call("counts")

    def checksum(self) -> str:
        return self._call("checksum")

    def confidence_histogram(self, bins: int = 10) -> list[int]:
        return self._call("confidence_histogram", bins=bins)

    def ladder(self) -> Ladder:
        return self._call("ladder")


def _as_table(value: Sequence[Entity] | Sequence[NewClaim] | pa.Table, param: str) -> pa.Table:
    """A table argument as Arrow: lists of models are converted with the store's own schemas."""
    if isinstance(value, pa.Table):
        return value
    items = list(value)
    if param == "entities":
        return _entities_table([_check(e, Entity) for e in items])
    if param == "claims":
        return _claims_table([_check(c, NewClaim) for c in items])
    raise ResidentError(f"no Arrow form known for the table argument {param!r}")


def _check(item: object, cls: type[Any]) -> Any:
    if not isinstance(item, cls):
        raise TypeError(f"expected {cls.__name__}, got {type(item).__name__}")
    return item
