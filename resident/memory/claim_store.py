"""Claims in the graph: admitting one or a bulk batch at the rung its provenance supports, their
evidence rows, and reading them (a retrieval bumps confidence and retrieved_at, written before
the next write transaction: memory/retrievals.py; a peek does not). Mixed into DuckStore."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import TYPE_CHECKING

import duckdb
import pyarrow as pa

from resident.cognition import epistemic
from resident.config import Settings
from resident.errors import (
    InvalidInput,
    LiteralTooLarge,
    NotFound,
)
from resident.memory.cursors import _count, _one, _qs, _unregister
from resident.memory.retrievals import Book, PendingRetrievals
from resident.memory.rows import (
    _ID_PATTERN,
    CLAIM_COLUMNS,
    CLAIM_WIDTH,
    _claim,
    _claim_params,
    _claims_table,
    _db_ts,
    _py_ts,
    _with_optional_claim_columns,
)
from resident.records import (
    Claim,
    Entity,
    Evidence,
    NewClaim,
    UpsertCounts,
)


class ClaimStoreMixin:
    settings: Settings
    claim_select: str
    _retrievals_sql: str
    _retrievals: PendingRetrievals

    if TYPE_CHECKING:

        @property
        def _cur(self) -> duckdb.DuckDBPyConnection: ...
        def _tx(self) -> AbstractContextManager[duckdb.DuckDBPyConnection]: ...
        def upsert_entities(
            self, entities: Sequence[Entity] | pa.Table, now: datetime
        ) -> UpsertCounts: ...

    def upsert_bulk(
        self,
        entities: Sequence[Entity] | pa.Table,
        claims: Sequence[NewClaim] | pa.Table,
        now: datetime,
    ) -> tuple[UpsertCounts, UpsertCounts]:
        """Entities, then claims, in one transaction: a source lands whole or not at all."""
        with self._tx():
            entity_counts = self.upsert_entities(entities, now)
            claim_counts = self.upsert_claims(claims, now)
        return entity_counts, claim_counts

    # claims: writes

    def add_claim(
        self,
        new: NewClaim,
        now: datetime,
        session_id: str | None = None,
        correlation_id: str | None = None,
    ) -> Claim:
        """Admit one claim at the rung its provenance supports; re-adding refreshes nothing
        but the provenance string. Returns the row as stored."""
        self._check_literal(new.object_literal)
        claim = epistemic.admit(new, now, self.settings.epistemic, session_id, correlation_id)
        with self._tx() as cur:
            self._require_entities(
                cur, [new.subject, *([new.object_entity] if new.object_entity else [])]
            )
            existing = self._claim_by_id(cur, claim.id)
            if existing is None:
                cur.execute(
                    f"INSERT INTO claims ({CLAIM_COLUMNS}) VALUES ({_qs(CLAIM_WIDTH)})",
                    _claim_params(claim),
                )
                stored = claim
            else:
                stored = epistemic.merge_reingest(existing, claim)
                if stored != existing:
                    cur.execute(
                        "UPDATE claims SET provenance = ? WHERE id = ?",
                        [stored.provenance, stored.id],
                    )
            if new.locator is not None:
                source = epistemic.parse_provenance(new.provenance).source_key
                self._put_evidence(cur, stored.id, source, new.locator, now)
        return stored

    def upsert_claims(self, claims: Sequence[NewClaim] | pa.Table, now: datetime) -> UpsertCounts:
        """Bulk, idempotent claim upsert. An Arrow table needs columns subject, predicate,
        object_entity, object_literal, confidence, provenance; opinion and locator are optional.

        The ladder's caps are applied in SQL from the same rules `admit` uses. A bad row refuses
        the whole batch and nothing is written.
        """
        table = claims if isinstance(claims, pa.Table) else _claims_table(claims)
        table = _with_optional_claim_columns(table)
        rules = self.settings.epistemic
        with self._tx() as cur:
            cur.register("batch_claims", table)
            try:
                provs = [
                    r[0]
                    for r in cur.execute("SELECT DISTINCT provenance FROM batch_claims").fetchall()
                ]
                if any(p is None for p in provs):
                    raise InvalidInput("a claim has no provenance")
                parsed = [epistemic.parse_provenance(p) for p in provs]
                prov_table = pa.table(
                    {
                        "provenance": [p.raw for p in parsed],
                        "source_key": [p.source_key for p in parsed],
                        "cap": [epistemic.provenance_cap(p, rules) for p in parsed],
                        "correction": [
                            p.klass is epistemic.ProvenanceClass.USER_CORRECTION for p in parsed
                        ],
                    }
                )
                cur.register("batch_provenance", prov_table)
                self._validate_claim_batch(cur)
                conf = (
                    f"CASE WHEN p.correction THEN {rules.correction_confidence} "
                    "ELSE least(b.confidence, p.cap) END"
                )
                cur.execute(
                    "CREATE OR REPLACE TEMP TABLE staged_claims AS SELECT DISTINCT ON (id) * FROM ("
                    "SELECT 'c_' || left(sha256(b.subject || chr(31) || b.predicate || chr(31) "
                    "|| coalesce(b.object_entity, b.object_literal) || chr(31) || p.source_key), "
                    "32) AS id, b.subject, b.predicate, b.object_entity, b.object_literal, "
                    f"{conf} AS confidence, CASE WHEN b.opinion THEN 'opinion' END AS rung, "
                    "b.provenance, p.source_key, b.locator "
                    "FROM batch_claims b JOIN batch_provenance p USING (provenance))"
                )
                # One evidence row per (claim, source): a reference the row cites, or else the
                # claim's own source; the first row in batch order gives the locator, so a
                # re-ingest writes the same rows. (Rows of hint-capped claims are kept as where
                # they came from; independence.witness_origins never counts them.)
                cur.execute(
                    "CREATE OR REPLACE TEMP TABLE staged_evidence AS SELECT * FROM ("
                    "SELECT id, source, "
                    "arg_min(locator, rn) AS locator, bool_or(cited) AS cited FROM ("
                    "SELECT 'c_' || left(sha256(b.subject || chr(31) || b.predicate || chr(31) "
                    "|| coalesce(b.object_entity, b.object_literal) || chr(31) || p.source_key), "
                    "32) AS id, coalesce(b.evidence_source, p.source_key) AS source, b.locator, "
                    "b.evidence_source IS NOT NULL AS cited, b.rn "
                    "FROM (SELECT *, row_number() OVER () AS rn FROM batch_claims) b "
                    "JOIN batch_provenance p USING (provenance) "
                    "WHERE b.locator IS NOT NULL) GROUP BY id, source) "
                    # A claim that cites references is not also evidenced by its dataset.
                    "QUALIFY cited OR NOT bool_or(cited) OVER (PARTITION BY id)"
                )
                missing = _one(
                    cur.execute(
                        "SELECT e FROM (SELECT subject AS e FROM staged_claims UNION "
                        "SELECT object_entity FROM staged_claims WHERE object_entity IS NOT NULL) "
                        "ANTI JOIN entities ON entities.id = e LIMIT 1"
                    )
                )
                if missing:
                    raise InvalidInput(
                        f"claim refers to unknown entity {missing[0]!r}; upsert the entity first"
                    )
                params = {"now": _db_ts(now)}
                inserted = _count(
                    cur.execute(
                        f"INSERT INTO claims ({CLAIM_COLUMNS}) "
                        "SELECT s.id, s.subject, s.predicate, "
                        "s.object_entity, s.object_literal, s.confidence, s.rung, s.provenance, "
                        "$now, $now, NULL, NULL, NULL, NULL FROM staged_claims s "
                        "ANTI JOIN claims c ON c.id = s.id",
                        params,
                    )
                )
                updated = _count(
                    cur.execute(
                        "UPDATE claims SET provenance = s.provenance FROM staged_claims s "
                        "WHERE claims.id = s.id AND claims.provenance <> s.provenance"
                    )
                )
                # A claim now evidenced by the references it cites no longer has its dataset as
                # a row of its own: the dataset carries those references, it is not one more.
                cur.execute(
                    "DELETE FROM claim_evidence USING (SELECT DISTINCT s.id, s.source_key "
                    "FROM staged_claims s SEMI JOIN staged_evidence e ON e.id = s.id AND e.cited"
                    ") d WHERE claim_evidence.claim_id = d.id "
                    "AND claim_evidence.source = d.source_key"
                )
                cur.execute(
                    "INSERT INTO claim_evidence SELECT id, source, locator, $now "
                    "FROM staged_evidence "
                    "ON CONFLICT (claim_id, source) DO UPDATE SET locator = excluded.locator "
                    "WHERE claim_evidence.locator IS DISTINCT FROM excluded.locator",
                    params,
                )
                total = _count(cur.execute("SELECT count(*) FROM staged_claims"))
                cur.execute("DROP TABLE staged_claims")
                cur.execute("DROP TABLE staged_evidence")
            finally:
                _unregister(cur, "batch_claims", "batch_provenance")
        return UpsertCounts(
            inserted=inserted, updated=updated, unchanged=total - inserted - updated
        )

    def _validate_claim_batch(self, cur: duckdb.DuckDBPyConnection) -> None:
        limit = self.settings.graph.max_literal_bytes
        checks = [
            (
                "subject is not a stable id",
                f"subject IS NULL OR NOT regexp_full_match(subject, '{_ID_PATTERN}')",
            ),
            (
                "predicate is not snake_case",
                "predicate IS NULL OR NOT regexp_full_match(predicate, '[a-z][a-z0-9_]{0,63}')",
            ),
            (
                "object_entity is not a stable id",
                "object_entity IS NOT NULL AND "
                f"NOT regexp_full_match(object_entity, '{_ID_PATTERN}')",
            ),
            (
                "needs exactly one of object_entity and object_literal",
                "(object_entity IS NULL) = (object_literal IS NULL)",
            ),
            ("object_literal is empty", "object_literal IS NOT NULL AND trim(object_literal) = ''"),
            (
                "confidence must be within 0..1",
                "confidence IS NULL OR isnan(confidence) OR confidence < 0 OR confidence > 1",
            ),
            (
                "a user_correction is a truth claim and cannot be an opinion",
                "opinion AND (provenance = 'user_correction' "
                "OR starts_with(provenance, 'user_correction:'))",
            ),
        ]
        for message, condition in checks:
            row = _one(
                cur.execute(
                    "SELECT row_number, subject, predicate FROM "
                    "(SELECT *, row_number() OVER () - 1 "
                    f"AS row_number FROM batch_claims) WHERE {condition} LIMIT 1"
                )
            )
            if row:
                raise InvalidInput(f"claim row {row[0]} ({row[1]!r} {row[2]!r}): {message}")
        row = _one(
            cur.execute("SELECT max(octet_length(encode(object_literal))) FROM batch_claims")
        )
        if row and row[0] is not None and row[0] > limit:
            raise LiteralTooLarge(
                f"a literal of {row[0]} bytes exceeds graph.max_literal_bytes ({limit}); "
                "MAX keeps distilled claims, never verbatim text"
            )

    def _check_literal(self, literal: str | None) -> None:
        limit = self.settings.graph.max_literal_bytes
        if literal is not None and len(literal.encode("utf-8")) > limit:
            raise LiteralTooLarge(
                f"a literal of {len(literal.encode('utf-8'))} bytes exceeds "
                f"graph.max_literal_bytes ({limit}); "
                "MAX keeps distilled claims, never verbatim text"
            )

    def _require_entities(self, cur: duckdb.DuckDBPyConnection, ids: list[str]) -> None:
        for entity_id in ids:
            if _one(cur.execute("SELECT 1 FROM entities WHERE id = ?", [entity_id])) is None:
                raise InvalidInput(f"unknown entity {entity_id!r}; upsert the entity first")

    def _put_evidence(
        self,
        cur: duckdb.DuckDBPyConnection,
        claim_id: str,
        source: str,
        locator: str,
        now: datetime,
    ) -> None:
        cur.execute(
            "INSERT INTO claim_evidence VALUES (?, ?, ?, ?) ON CONFLICT (claim_id, source) "
            "DO UPDATE SET locator = excluded.locator "
            "WHERE claim_evidence.locator IS DISTINCT FROM excluded.locator",
            [claim_id, source, locator, _db_ts(now)],
        )

    # claims: reads

    def _claim_by_id(self, cur: duckdb.DuckDBPyConnection, claim_id: str) -> Claim | None:
        row = _one(cur.execute(f"SELECT {self.claim_select} FROM claims WHERE id = ?", [claim_id]))
        return None if row is None else _claim(row)

    def _retrieve(
        self, column: str, value: str, now: datetime, predicate: str | None = None
    ) -> list[Claim]:
        """Read the claims whose indexed `column` equals `value` (of one predicate, when
        given) and count the read as a retrieval: the claims come back bumped (confidence and
        retrieved_at), and the bump is written before the next write transaction
        (memory/retrievals.py), so a read commits nothing.

        The WHERE holds that one equality and nothing else: DuckDB looks a claim up through an
        index only for a single equality on the indexed column; a second condition (`AND
        predicate = ?`) turns the lookup into a scan of every claim, 30-60 ms at 1M claims
        (benchmarks/RESULTS-language.md). The predicate is matched on the rows found."""
        key = {"id": "id = $v", "subject": "subject = $v", "object_entity": "object_entity = $v"}
        sql = f"SELECT {self.claim_select} FROM claims WHERE {key[column]}"
        claims = (_claim(r) for r in self._cur.execute(sql, {"v": value}).fetchall())
        kept = [c for c in claims if predicate in (None, c.predicate)]
        ids = [c.id for c in kept]
        if self._retrievals.needs_write_before(ids, now):
            # A second raise since the last write: write the first, and read what it wrote.
            self.flush_retrievals()
            return self._retrieve(column, value, now, predicate)
        self._retrievals.note(ids, now)
        return sorted(self._pending_view(kept), key=lambda c: (-c.confidence, c.id))

    def _pending_view(self, claims: Sequence[Claim]) -> list[Claim]:
        """Claims as read, with the retrievals not yet written applied (the same rule)."""
        rules = self.settings.epistemic
        return self._retrievals.overlay(
            claims, lambda c, at: epistemic.retrieval_bump(c, rules, at)
        )

    def _write_retrievals(self, cur: duckdb.DuckDBPyConnection) -> Book:
        """Inside a write transaction: write the pending retrievals and return them (to be put
        back if the transaction rolls back)."""
        taken = self._retrievals.take()
        # One UPDATE per (first, last), usually one: the turns read since the last write.
        groups: dict[tuple[datetime, datetime], list[str]] = {}
        for claim_id, times in taken.items():
            groups.setdefault(times, []).append(claim_id)
        try:
            for (first, last), ids in groups.items():
                marks = ", ".join(f"$i{k}" for k in range(len(ids)))
                cur.execute(
                    f"UPDATE claims SET {self._retrievals_sql} WHERE id IN ({marks})",
                    {"first": _db_ts(first), "last": _db_ts(last)}
                    | {f"i{k}": claim_id for k, claim_id in enumerate(ids)},
                )
        except BaseException:
            self._retrievals.put_back(taken)
            raise
        return taken

    def flush_retrievals(self) -> int:
        """Write the pending retrievals now, in a transaction of their own (every write
        transaction but a turn's statements writes them on its way in: DuckStore._tx); how
        many claims were pending. The daemon's housekeeping round and close() call it."""
        pending = len(self._retrievals)
        if pending:
            with self._tx():
                pass
        return pending

    def get_claim(self, claim_id: str, now: datetime) -> Claim:
        found = self._retrieve("id", claim_id, now)
        if not found:
            raise NotFound(f"no claim {claim_id!r}")
        return found[0]

    def claims_by_subject(
        self, subject: str, now: datetime, predicate: str | None = None
    ) -> list[Claim]:
        return self._retrieve("subject", subject, now, predicate)

    def claims_by_object(
        self, object_entity: str, now: datetime, predicate: str | None = None
    ) -> list[Claim]:
        return self._retrieve("object_entity", object_entity, now, predicate)

    def peek_claims(self, subject: str, predicate: str | None = None) -> list[Claim]:
        """Claims as they stand, without counting as a retrieval (for rules and audits). By
        subject alone in SQL, so the index serves it (see _retrieve)."""
        rows = self._cur.execute(
            f"SELECT {self.claim_select} FROM claims WHERE subject = ? ORDER BY id", [subject]
        ).fetchall()
        claims = (_claim(r) for r in rows)
        return self._pending_view(
            [c for c in claims if predicate is None or c.predicate == predicate]
        )

    def peek_claim(self, claim_id: str) -> Claim:
        claim = self._claim_by_id(self._cur, claim_id)
        if claim is None:
            raise NotFound(f"no claim {claim_id!r}")
        return self._pending_view([claim])[0]

    def evidence_for(self, claim_id: str) -> list[Evidence]:
        rows = self._cur.execute(
            "SELECT claim_id, source, locator, recorded_at FROM claim_evidence "
            "WHERE claim_id = ? ORDER BY source",
            [claim_id],
        ).fetchall()
        return [
            Evidence(claim_id=r[0], source=r[1], locator=r[2], recorded_at=_py_ts(r[3]))
            for r in rows
        ]
