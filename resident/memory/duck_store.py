"""The knowledge graph in DuckDB: persisters, retrieval, conflicts, gaps and decay_stale_facts.
The schema and its runner are in `schema`, the row shapes in `rows`, the rules as SQL in
`sql_rules`.

The store does the IO; the rules it applies come from `resident.cognition.epistemic`. Every
write that spans rows runs in one transaction, and no method ever deletes a claim.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

from resident.cognition import epistemic, independence
from resident.config import Settings
from resident.errors import (
    InvalidInput,
    LiteralTooLarge,
    NotFound,
    PromotionRefused,
    SchemaTooOld,
    SchemaUnknown,
)
from resident.memory import sql_rules
from resident.memory.council_store import CouncilStoreMixin
from resident.memory.decay_store import DecayStoreMixin
from resident.memory.household_store import HouseholdStoreMixin
from resident.memory.hygiene_store import HygieneStoreMixin
from resident.memory.learning_store import (
    LearningStoreMixin,
    experience_of,
    gap_closed_experience,
)
from resident.memory.rows import (
    _ID_PATTERN,
    CLAIM_COLUMNS,
    CLAIM_WIDTH,
    CONFLICT_COLUMNS,
    ENTITY_SCHEMA,
    GAP_COLUMNS,
    _claim,
    _claim_params,
    _claims_table,
    _conflict,
    _conform,
    _db_ts,
    _entities_table,
    _gap,
    _py_ts,
    _rung,
    _with_optional_claim_columns,
)
from resident.memory.schema import (
    SCHEMA_VERSION,
    _connect,
    _private_umask,
    _schema_version,
    migrate,
)
from resident.memory.sql_rules import (
    _bump_sql,
    _claim_select,
    _decay_sql,
    _level_sql,
)
from resident.memory.statement_store import StatementStoreMixin
from resident.records import (
    Claim,
    Conflict,
    CuriosityGap,
    Entity,
    Evidence,
    Ladder,
    Level,
    NewClaim,
    Promotion,
    PromotionReport,
    UpsertCounts,
)

#: Tables the graph API may stream out whole (GET /v1/graph/export/{table}).
EXPORTABLE_TABLES = (
    "entities",
    "claims",
    "claim_evidence",
    "conflicts",
    "curiosity_gaps",
    "recommendations",
    "replay_buffer",
    "duplicate_candidates",
    "council_sittings",
)

# -- the store ---------------------------------------------------------------------------------


class DuckStore(
    DecayStoreMixin,
    LearningStoreMixin,
    CouncilStoreMixin,
    HygieneStoreMixin,
    HouseholdStoreMixin,
    StatementStoreMixin,
):
    """The embedded GraphStore: this process opens data/graph.duckdb itself.

    One connection is held for the store's life; each thread works through its own cursor so
    that several readers and writers share the file under DuckDB's MVCC.
    """

    def __init__(self, settings: Settings, con: duckdb.DuckDBPyConnection, path: Path) -> None:
        self.settings = settings
        self.path = path
        self._con = con
        self._local = threading.local()
        self._bump_sql = _bump_sql(settings)
        self._decay_sql = _decay_sql(settings)
        #: What reads of claims select: CLAIM_COLUMNS with the derived level in rung's place.
        self.claim_select = _claim_select(settings)

    @classmethod
    def open(cls, settings: Settings, *, create: bool = False) -> DuckStore:
        """Open the graph read-write. `create=True` applies pending migrations first (a new
        data directory); otherwise a schema behind or unknown raises SchemaTooOld/SchemaUnknown.
        """
        path = settings.graph_path
        if create:
            migrate(path)
        elif not path.exists():
            raise SchemaTooOld(0, SCHEMA_VERSION)
        con = _connect(path)
        try:
            have = _schema_version(con)
            if have is None or have > SCHEMA_VERSION:
                raise SchemaUnknown(have, SCHEMA_VERSION)
            if have < SCHEMA_VERSION:
                raise SchemaTooOld(have, SCHEMA_VERSION)
        except Exception:
            con.close()
            raise
        return cls(settings, con, path)

    def close(self) -> None:
        try:
            self._con.execute("CHECKPOINT")
        finally:
            self._con.close()

    def __enter__(self) -> DuckStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # connections and transactions

    @property
    def _cur(self) -> duckdb.DuckDBPyConnection:
        cur = getattr(self._local, "cur", None)
        if cur is None:
            cur = self._con.cursor()
            self._local.cur = cur
        return cur

    @contextmanager
    def _tx(self) -> Iterator[duckdb.DuckDBPyConnection]:
        cur = self._cur
        if getattr(self._local, "in_tx", False):
            # Nested (upsert_bulk): the outer transaction commits or rolls back the whole group.
            yield cur
            return
        cur.execute("BEGIN TRANSACTION")
        self._local.in_tx = True
        try:
            yield cur
        except BaseException:
            cur.execute("ROLLBACK")
            raise
        finally:
            self._local.in_tx = False
        cur.execute("COMMIT")

    def checkpoint(self) -> None:
        self._cur.execute("CHECKPOINT")

    # entities

    def upsert_entities(self, entities: Sequence[Entity] | pa.Table, now: datetime) -> UpsertCounts:
        """Idempotent upsert keyed by stable id; the bulk path takes an Arrow table with columns
        id, kind, label and optionally aliases (list of strings)."""
        table = entities if isinstance(entities, pa.Table) else _entities_table(entities)
        if "aliases" not in table.column_names:
            table = table.append_column(
                "aliases", pa.array([[] for _ in range(table.num_rows)], pa.list_(pa.string()))
            )
        table = _conform(table, ENTITY_SCHEMA, "entities")
        with self._tx() as cur:
            cur.register("batch_entities", table)
            try:
                bad = _one(
                    cur.execute(
                        "SELECT id, kind, label FROM batch_entities WHERE id IS NULL "
                        f"OR NOT regexp_full_match(id, '{_ID_PATTERN}') "
                        "OR kind IS NULL OR length(kind) NOT BETWEEN 1 AND 64 "
                        "OR label IS NULL OR length(label) NOT BETWEEN 1 AND 1000 LIMIT 1"
                    )
                )
                if bad:
                    raise InvalidInput(f"entity refused (id, kind, label) = {bad!r}")
                # A batch without repeated ids (the usual case) is staged as a view over the
                # Arrow table; only a batch with repeats pays for a deduplicated copy.
                unique = bool(
                    cur.execute(
                        "SELECT count(DISTINCT id) = count(*) FROM batch_entities"
                    ).fetchall()[0][0]
                )
                staged = "VIEW" if unique else "TABLE"
                cur.execute(
                    f"CREATE OR REPLACE TEMP {staged} staged_entities AS "
                    f"SELECT {'' if unique else 'DISTINCT ON (id)'} id, kind, label, "
                    "coalesce(aliases, []::VARCHAR[]) AS aliases FROM batch_entities"
                )
                # Ids whose names change (new, or a new label/aliases): their name rows are rebuilt.
                cur.execute(
                    "CREATE OR REPLACE TEMP TABLE renamed_entities AS SELECT s.id, s.label, "
                    "s.aliases FROM staged_entities s LEFT JOIN entities e ON e.id = s.id "
                    "WHERE e.id IS NULL OR e.label <> s.label OR e.aliases <> s.aliases"
                )
                inserted = _count(
                    cur.execute(
                        "INSERT INTO entities SELECT s.id, s.kind, s.label, s.aliases, $now, $now "
                        "FROM staged_entities s ANTI JOIN entities e ON e.id = s.id",
                        {"now": _db_ts(now)},
                    )
                )
                total = _count(cur.execute("SELECT count(*) FROM staged_entities"))
                # When every row was new there is nothing to compare (a first ingest).
                updated = (
                    0
                    if inserted == total
                    else _count(
                        cur.execute(
                            "UPDATE entities SET kind = s.kind, label = s.label, "
                            "aliases = s.aliases, "
                            "updated_at = $now FROM staged_entities s WHERE entities.id = s.id "
                            "AND (entities.kind <> s.kind OR entities.label <> s.label "
                            "OR entities.aliases <> s.aliases)",
                            {"now": _db_ts(now)},
                        )
                    )
                )
                cur.execute(
                    "DELETE FROM entity_names WHERE entity_id IN (SELECT id FROM renamed_entities)"
                )
                cur.execute(
                    "INSERT INTO entity_names SELECT DISTINCT lower(name), id FROM ("
                    "SELECT id, label AS name FROM renamed_entities UNION ALL "
                    "SELECT id, unnest(aliases) AS name FROM renamed_entities)"
                )
                cur.execute(f"DROP {staged} staged_entities")
                cur.execute("DROP TABLE renamed_entities")
            finally:
                _unregister(cur, "batch_entities")
        return UpsertCounts(
            inserted=inserted, updated=updated, unchanged=total - inserted - updated
        )

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

    def get_entity(self, entity_id: str) -> Entity:
        row = _one(
            self._cur.execute(
                "SELECT id, kind, label, aliases FROM entities WHERE id = ?", [entity_id]
            )
        )
        if row is None:
            raise NotFound(f"no entity {entity_id!r}")
        return Entity(id=row[0], kind=row[1], label=row[2], aliases=tuple(row[3]))

    def find_entities(self, name: str, limit: int = 10) -> list[Entity]:
        """Entities whose label or one of whose aliases equals `name`, ignoring case."""
        cur = self._cur
        # Two index probes rather than a join: a join would scan every entity.
        ids = [
            r[0]
            for r in cur.execute(
                "SELECT DISTINCT entity_id FROM entity_names WHERE name = lower($n) "
                "ORDER BY entity_id LIMIT $limit",
                {"n": name, "limit": limit},
            ).fetchall()
        ]
        return [self.get_entity(entity_id) for entity_id in ids]

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

    def _retrieve(self, where: str, params: dict[str, Any], now: datetime) -> list[Claim]:
        """Read claims and count the read as a retrieval: bump confidence and retrieved_at."""
        # UPDATE then SELECT in one transaction, not UPDATE ... RETURNING: DuckDB 2.0 turns an
        # UPDATE with RETURNING into a delete plus an insert through every index of claims,
        # several times slower than the in-place update (benchmarks/RESULTS.md).
        with self._tx() as cur:
            cur.execute(
                f"UPDATE claims SET {self._bump_sql} WHERE {where}", {**params, "now": _db_ts(now)}
            )
            rows = cur.execute(
                f"SELECT {self.claim_select} FROM claims WHERE {where}", params
            ).fetchall()
        return sorted((_claim(r) for r in rows), key=lambda c: (-c.confidence, c.id))

    def get_claim(self, claim_id: str, now: datetime) -> Claim:
        found = self._retrieve("id = $id", {"id": claim_id}, now)
        if not found:
            raise NotFound(f"no claim {claim_id!r}")
        return found[0]

    def claims_by_subject(
        self, subject: str, now: datetime, predicate: str | None = None
    ) -> list[Claim]:
        if predicate is None:
            return self._retrieve("subject = $s", {"s": subject}, now)
        return self._retrieve(
            "subject = $s AND predicate = $p", {"s": subject, "p": predicate}, now
        )

    def claims_by_object(
        self, object_entity: str, now: datetime, predicate: str | None = None
    ) -> list[Claim]:
        if predicate is None:
            return self._retrieve("object_entity = $o", {"o": object_entity}, now)
        return self._retrieve(
            "object_entity = $o AND predicate = $p", {"o": object_entity, "p": predicate}, now
        )

    def peek_claims(self, subject: str, predicate: str | None = None) -> list[Claim]:
        """Claims as they stand, without counting as a retrieval (for rules and audits)."""
        sql = f"SELECT {self.claim_select} FROM claims WHERE subject = ?"
        params: list[Any] = [subject]
        if predicate is not None:
            sql += " AND predicate = ?"
            params.append(predicate)
        rows = self._cur.execute(sql + " ORDER BY id", params).fetchall()
        return [_claim(r) for r in rows]

    def peek_claim(self, claim_id: str) -> Claim:
        claim = self._claim_by_id(self._cur, claim_id)
        if claim is None:
            raise NotFound(f"no claim {claim_id!r}")
        return claim

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

    # the epistemic operations

    def _same_statement(self, cur: duckdb.DuckDBPyConnection, claim: Claim) -> list[Claim]:
        rows = cur.execute(
            f"SELECT {self.claim_select} FROM claims WHERE subject = ? AND predicate = ? "
            "AND coalesce(object_entity, object_literal) = ? AND id <> ?",
            [claim.subject, claim.predicate, claim.object_value, claim.id],
        ).fetchall()
        return [_claim(r) for r in rows]

    def _write_confidence(self, cur: duckdb.DuckDBPyConnection, claim: Claim) -> None:
        cur.execute(
            "UPDATE claims SET confidence = ?, rung = ? WHERE id = ?",
            [claim.confidence, _rung(claim.level), claim.id],
        )

    def _must_claim(self, cur: duckdb.DuckDBPyConnection, claim_id: str) -> Claim:
        claim = self._claim_by_id(cur, claim_id)
        if claim is None:
            raise NotFound(f"no claim {claim_id!r}")
        return claim

    def _evidence_sources(
        self, cur: duckdb.DuckDBPyConnection, claims: Sequence[Claim]
    ) -> dict[str, list[str]]:
        """The sources of these claims' evidence rows, by claim id (what the rules count)."""
        out: dict[str, list[str]] = {}
        for c in claims:
            out[c.id] = [
                r[0]
                for r in cur.execute(
                    "SELECT source FROM claim_evidence WHERE claim_id = ? ORDER BY source", [c.id]
                ).fetchall()
            ]
        return out

    def promote_to_fact(self, claim_id: str, now: datetime) -> Claim:
        """Raise a claim to FACT; PromotionRefused unless >1 independent grounded source."""
        with self._tx() as cur:
            claim = self._must_claim(cur, claim_id)
            same = self._same_statement(cur, claim)
            promoted = epistemic.promote_to_fact(
                claim, same, self.settings.epistemic, self._evidence_sources(cur, [claim, *same])
            )
            if promoted != claim:
                self._write_confidence(cur, promoted)
        return promoted

    def promote_earned(self, now: datetime, sample: int = 20) -> PromotionReport:
        """Every claim whose statement has more than one independent grounded source, through
        promote_to_fact, in one transaction.

        Set-based SQL finds the statements (sql_rules.witness_ctes over the origins
        independence gives each distinct provenance and source, the same text dbt's FACT law
        runs); each claim of them is
        then judged by epistemic.promote_to_fact itself, and the promoted ones are written with
        one UPDATE. A second run finds nothing new to promote.
        """
        started = time.perf_counter()
        rules = self.settings.epistemic
        need = rules.min_independent_sources
        with self._tx() as cur:
            provs = [r[0] for r in cur.execute("SELECT DISTINCT provenance FROM claims").fetchall()]
            srcs = [
                r[0] for r in cur.execute("SELECT DISTINCT source FROM claim_evidence").fetchall()
            ]
            tables = sql_rules.origin_tables(provs, srcs)
            for name, table in tables.items():
                cur.register(name, table)
            try:
                rows = cur.execute(
                    f"WITH {sql_rules.witness_ctes()}, "
                    "earned AS (SELECT g.subject, g.predicate, g.obj FROM g "
                    "JOIN witness w USING (id) GROUP BY ALL "
                    "HAVING count(DISTINCT w.origin) >= $need), "
                    # A statement with a side in a conflict is the exploration loop's to settle,
                    # gap by gap and conflict-aware; the sweep leaves it alone.
                    "contested AS (SELECT c.subject, c.predicate, "
                    "coalesce(c.object_entity, c.object_literal) AS obj FROM claims c "
                    "SEMI JOIN conflicts x ON c.id = x.claim_a OR c.id = x.claim_b), "
                    "members AS (SELECT g.id FROM g SEMI JOIN earned "
                    "USING (subject, predicate, obj) ANTI JOIN contested "
                    "USING (subject, predicate, obj)) "
                    f"SELECT {self.claim_select}, coalesce(("
                    "SELECT list(e.source ORDER BY e.source) FROM claim_evidence e "
                    "WHERE e.claim_id = claims.id), []) AS sources "
                    "FROM claims SEMI JOIN members USING (id)",
                    {"need": need},
                ).fetchall()
            finally:
                _unregister(cur, *tables)
            groups: dict[tuple[str, str, str], list[Claim]] = {}
            evidence: dict[str, list[str]] = {}
            for row in rows:
                claim = _claim(row)
                evidence[claim.id] = list(row[-1])  # `sources`, after the claim's columns
                groups.setdefault((claim.subject, claim.predicate, claim.object_value), []).append(
                    claim
                )
            promoted: list[Promotion] = []
            new_confidence: dict[str, float] = {}
            reasons: dict[str, int] = {}
            refused = already = 0
            for key in sorted(groups):
                members = groups[key]
                for claim in members:
                    if claim.level is Level.FACT:
                        already += 1
                        continue
                    others = [c for c in members if c.id != claim.id]
                    try:
                        fact = epistemic.promote_to_fact(claim, others, rules, evidence)
                    except PromotionRefused:
                        refused += 1
                        continue
                    behind = sorted(epistemic.independent_sources([claim, *others], evidence))
                    reason = independence.why(behind)
                    reasons[reason] = reasons.get(reason, 0) + 1
                    new_confidence[fact.id] = fact.confidence
                    promoted.append(
                        Promotion(claim_id=fact.id, statement=" ".join(key), origins=tuple(behind))
                    )
            if new_confidence:
                cur.register(
                    "promoted_claims",
                    pa.table(
                        {"id": list(new_confidence), "confidence": list(new_confidence.values())}
                    ),
                )
                try:
                    cur.execute(
                        "UPDATE claims SET confidence = p.confidence, rung = 'fact' "
                        "FROM promoted_claims p WHERE claims.id = p.id AND claims.rung IS NULL"
                    )
                finally:
                    _unregister(cur, "promoted_claims")
        return PromotionReport(
            now=now,
            candidates=len(rows),
            promoted=len(promoted),
            refused=refused,
            already_fact=already,
            reasons=dict(sorted(reasons.items(), key=lambda kv: -kv[1])),
            sample=tuple(promoted[:sample]),
            seconds=time.perf_counter() - started,
        )

    def ladder(self) -> Ladder:
        """Claims per rung and provenance class, and the confidence histogram."""
        cur = self._cur
        provs = [r[0] for r in cur.execute("SELECT DISTINCT provenance FROM claims").fetchall()]
        cur.register("prov_class", sql_rules.provenance_table(provs))
        try:
            rows = cur.execute(
                f"SELECT {_level_sql(self.settings)} AS level, p.provenance_class, count(*) "
                "FROM claims JOIN prov_class p USING (provenance) GROUP BY ALL"
            ).fetchall()
        finally:
            _unregister(cur, "prov_class")
        rungs: dict[str, dict[str, int]] = {level.value: {} for level in Level}
        for level, klass, n in sorted(rows):
            rungs[level][klass] = n
        return Ladder(rungs=rungs, histogram=self.confidence_histogram())

    def record_conflict(
        self, claim_a: str, claim_b: str, now: datetime, reason: str = "contradiction"
    ) -> Conflict:
        with self._tx() as cur:
            conflict = epistemic.record_conflict(
                self._must_claim(cur, claim_a), self._must_claim(cur, claim_b), now, reason
            )
            existing = self._conflict_by_id(cur, conflict.id)
            if existing is not None:
                return existing
            self._insert_conflict(cur, conflict)
        return conflict

    def resolve_conflict(
        self, conflict_id: str, winner_id: str, now: datetime
    ) -> tuple[Conflict, Claim]:
        """Settle a conflict with the graph's grounded evidence for the winner; the loser keeps
        its row and loses half its confidence. Refused (nothing written) without evidence."""
        with self._tx() as cur:
            conflict = self._conflict_by_id(cur, conflict_id)
            if conflict is None:
                raise NotFound(f"no conflict {conflict_id!r}")
            loser_id = conflict.claim_b if winner_id == conflict.claim_a else conflict.claim_a
            winner = self._must_claim(cur, winner_id)
            loser = self._must_claim(cur, loser_id)
            support = self._same_statement(cur, winner)
            settled, lost = epistemic.resolve_conflict(
                conflict,
                winner,
                loser,
                support,
                now,
                self.settings.epistemic,
                self._evidence_sources(cur, [winner, *support]),
            )
            self._write_confidence(cur, lost)
            cur.execute(
                "UPDATE conflicts SET status = ?, winner = ?, resolved_at = ? WHERE id = ?",
                [settled.status.value, settled.winner, _db_ts(now), settled.id],
            )
            # The replay buffer keeps the winner: surprise is how unsure MAX was of it.
            self._buffer_in(
                cur, [experience_of(winner, "conflict_resolved", 1.0 - winner.confidence, now)], now
            )
        return settled, lost

    def record_correction(
        self,
        correction: NewClaim,
        old_claim_id: str | None,
        now: datetime,
        session_id: str | None = None,
        correlation_id: str | None = None,
    ) -> epistemic.CorrectionWrites:
        """Three writes in one transaction: a top-priority curiosity gap, a user_correction
        HYPOTHESIS and a conflict row with the old claim. Never a fact."""
        self._check_literal(correction.object_literal)
        with self._tx() as cur:
            ids = [correction.subject]
            if correction.object_entity:
                ids.append(correction.object_entity)
            self._require_entities(cur, ids)
            old = None if old_claim_id is None else self._must_claim(cur, old_claim_id)
            writes = epistemic.record_correction(
                old,
                correction,
                now,
                self.settings.epistemic,
                self.settings.curiosity,
                session_id,
                correlation_id,
            )
            hypothesis = self._claim_by_id(cur, writes.hypothesis.id)
            if hypothesis is None:
                cur.execute(
                    f"INSERT INTO claims ({CLAIM_COLUMNS}) VALUES ({_qs(CLAIM_WIDTH)})",
                    _claim_params(writes.hypothesis),
                )
            conflict = writes.conflict
            if conflict is not None and self._conflict_by_id(cur, conflict.id) is None:
                self._insert_conflict(cur, conflict)
            self._insert_gap(cur, writes.gap)
            # The corrected belief enters the replay buffer, surprising as it was confident.
            if old is not None:
                self._buffer_in(cur, [experience_of(old, "corrected", old.confidence, now)], now)
        return writes

    def conflicts_for(self, claim_id: str) -> list[Conflict]:
        rows = self._cur.execute(
            f"SELECT {CONFLICT_COLUMNS} FROM conflicts WHERE claim_a = $c OR claim_b = $c "
            "ORDER BY created_at, id",
            {"c": claim_id},
        ).fetchall()
        return [_conflict(r) for r in rows]

    def open_conflicts(self, limit: int = 100) -> list[Conflict]:
        rows = self._cur.execute(
            f"SELECT {CONFLICT_COLUMNS} FROM conflicts WHERE status = 'open' "
            "ORDER BY created_at, id LIMIT ?",
            [limit],
        ).fetchall()
        return [_conflict(r) for r in rows]

    def _conflict_by_id(self, cur: duckdb.DuckDBPyConnection, conflict_id: str) -> Conflict | None:
        row = _one(
            cur.execute(f"SELECT {CONFLICT_COLUMNS} FROM conflicts WHERE id = ?", [conflict_id])
        )
        return None if row is None else _conflict(row)

    def _insert_conflict(self, cur: duckdb.DuckDBPyConnection, c: Conflict) -> None:
        cur.execute(
            f"INSERT INTO conflicts ({CONFLICT_COLUMNS}) VALUES ({_qs(10)})",
            [
                c.id,
                c.claim_a,
                c.claim_b,
                c.subject,
                c.predicate,
                c.status.value,
                c.winner,
                c.reason,
                _db_ts(c.created_at),
                None if c.resolved_at is None else _db_ts(c.resolved_at),
            ],
        )

    # curiosity gaps

    def file_gap(
        self,
        subject: str,
        predicate: str,
        question: str,
        now: datetime,
        priority: int | None = None,
        claim_id: str | None = None,
    ) -> CuriosityGap:
        gap = epistemic.new_gap(
            subject,
            predicate,
            question,
            self.settings.curiosity.default_priority if priority is None else priority,
            claim_id,
            now,
        )
        with self._tx() as cur:
            self._insert_gap(cur, gap)
        return gap

    def due_gaps(self, now: datetime, limit: int = 100) -> list[CuriosityGap]:
        """Open gaps whose backoff has passed, highest priority first."""
        rows = self._cur.execute(
            f"SELECT {GAP_COLUMNS} FROM curiosity_gaps WHERE status = 'open' "
            "AND next_attempt_at <= ? ORDER BY priority DESC, created_at, id LIMIT ?",
            [_db_ts(now), limit],
        ).fetchall()
        return [_gap(r) for r in rows]

    def open_gaps(self, limit: int = 100, min_attempts: int = 0) -> list[CuriosityGap]:
        """Open gaps tried at least `min_attempts` times, due or not, highest priority first:
        what the model council's rule chooses from."""
        rows = self._cur.execute(
            f"SELECT {GAP_COLUMNS} FROM curiosity_gaps WHERE status = 'open' AND attempts >= ? "
            "ORDER BY priority DESC, attempts DESC, created_at, id LIMIT ?",
            [min_attempts, limit],
        ).fetchall()
        return [_gap(r) for r in rows]

    def get_gap(self, gap_id: str) -> CuriosityGap:
        row = _one(
            self._cur.execute(f"SELECT {GAP_COLUMNS} FROM curiosity_gaps WHERE id = ?", [gap_id])
        )
        if row is None:
            raise NotFound(f"no curiosity gap {gap_id!r}")
        return _gap(row)

    def attempt_gap(self, gap_id: str, resolved: bool, note: str, now: datetime) -> CuriosityGap:
        gap = epistemic.gap_attempted(
            self.get_gap(gap_id), now, self.settings.curiosity, resolved, note
        )
        with self._tx() as cur:
            cur.execute(
                "UPDATE curiosity_gaps SET attempts = ?, status = ?, next_attempt_at = ?, "
                "updated_at = ?, note = ? WHERE id = ?",
                [
                    gap.attempts,
                    gap.status.value,
                    _db_ts(gap.next_attempt_at),
                    _db_ts(now),
                    note,
                    gap.id,
                ],
            )
            if resolved:
                claim = None if gap.claim_id is None else self._claim_by_id(cur, gap.claim_id)
                self._buffer_in(cur, [gap_closed_experience(gap, claim, now)], now)
        return gap

    def _insert_gap(self, cur: duckdb.DuckDBPyConnection, g: CuriosityGap) -> None:
        cur.execute(
            f"INSERT INTO curiosity_gaps ({GAP_COLUMNS}) VALUES ({_qs(12)}) "
            "ON CONFLICT (id) DO NOTHING",
            [
                g.id,
                g.subject,
                g.predicate,
                g.question,
                g.priority,
                g.attempts,
                g.status.value,
                g.claim_id,
                _db_ts(g.next_attempt_at),
                _db_ts(g.created_at),
                _db_ts(g.updated_at),
                g.note,
            ],
        )

    # hygiene

    def counts(self) -> dict[str, int]:
        tables = (
            "entities",
            "claims",
            "claim_evidence",
            "conflicts",
            "curiosity_gaps",
            "recommendations",
        )
        return {t: _count(self._cur.execute(f"SELECT count(*) FROM {t}")) for t in tables}

    def checksum(self) -> str:
        """A content checksum of entities, claims and evidence: equal after an idempotent
        re-ingest. Timestamps of reads are left out; what was said, by whom and how strongly
        is in."""
        parts = []
        for sql in (
            "SELECT count(*), bit_xor(hash(id, kind, label, aliases)) FROM entities",
            "SELECT count(*), bit_xor(hash(id, subject, predicate, object_entity, "
            "object_literal, confidence, rung, provenance)) FROM claims",
            "SELECT count(*), bit_xor(hash(claim_id, source, locator)) FROM claim_evidence",
        ):
            parts.append(repr(_one(self._cur.execute(sql))))
        return hashlib.sha256("|".join(parts).encode()).hexdigest()

    def confidence_histogram(self, bins: int = sql_rules.HISTOGRAM_BINS) -> list[int]:
        rows = self._cur.execute(
            f"SELECT least(floor(confidence * {bins})::INTEGER, {bins - 1}) AS b, count(*) "
            "FROM claims GROUP BY b"
        ).fetchall()
        hist = [0] * bins
        for b, n in rows:
            hist[b] = n
        return hist

    def schema_version(self) -> int:
        version = _schema_version(self._cur)
        return -1 if version is None else version

    # the daemon's needs: health, snapshots, bulk reads

    def heartbeat(
        self, process: str, session_id: str | None, now: datetime
    ) -> tuple[int, datetime]:
        """Write this process's heartbeat row and read it back: (beats so far, beat_at).

        A real write and a real read of the graph file, for /healthz; claims are not touched.
        """
        with self._tx() as cur:
            cur.execute(
                "INSERT INTO heartbeat VALUES (?, ?, 1, ?) ON CONFLICT (process) DO UPDATE "
                "SET session_id = excluded.session_id, beats = heartbeat.beats + 1, "
                "beat_at = excluded.beat_at",
                [process, session_id, _db_ts(now)],
            )
        row = _one(
            self._cur.execute("SELECT beats, beat_at FROM heartbeat WHERE process = ?", [process])
        )
        if row is None:
            raise NotFound(f"heartbeat of {process!r} not found right after writing it")
        return int(row[0]), row[1].replace(tzinfo=UTC)

    def read_each_table(self) -> int:
        """Read the catalog and one row of every table (for /healthz: a damaged block shows
        here, where the heartbeat write alone would stay green). Returns the tables read."""
        from resident.memory.integrity import read_each_table

        cur = self._con.cursor()
        try:
            read_each_table(cur, sample_percent=0.1)  # a vector or so: ~40 ms at 1M claims
            row = cur.execute("SELECT count(*) FROM duckdb_tables() WHERE NOT internal").fetchone()
            return int(row[0]) if row else 0
        finally:
            cur.close()

    def snapshot(self, dest: Path) -> Path:
        """Publish a consistent copy of the graph at `dest` for readers such as dbt.

        One transaction copies every table (ATTACH + COPY FROM DATABASE) into a temporary file
        beside `dest`, which is then renamed over it: a reader sees the old copy or the new one,
        never half of one. Writers carry on meanwhile (MVCC).
        """
        dest = Path(dest).resolve()
        # A folder it makes is 0700 and the copy 0600; a folder someone chose is left as it is.
        _private_umask()
        dest.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        tmp = dest.with_name(f".{dest.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
        alias = f"snapshot_{secrets.token_hex(6)}"
        quoted = str(tmp).replace("'", "''")
        cur = self._con.cursor()
        try:
            row = _one(cur.execute("SELECT current_database()"))
            source = str(row[0]) if row else "graph"
            cur.execute(f"ATTACH '{quoted}' AS {alias}")
            try:
                cur.execute("BEGIN TRANSACTION")
                try:
                    cur.execute(f'COPY FROM DATABASE "{source}" TO {alias}')
                except BaseException:
                    cur.execute("ROLLBACK")
                    raise
                cur.execute("COMMIT")
            finally:
                cur.execute(f"DETACH {alias}")
            with open(tmp, "rb") as fh:
                os.fsync(fh.fileno())
            os.chmod(tmp, 0o600)
            os.replace(tmp, dest)
            dir_fd = os.open(dest.parent, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
        finally:
            cur.close()
            tmp.unlink(missing_ok=True)
            Path(f"{tmp}.wal").unlink(missing_ok=True)
        return dest

    def set_checkpoint_threshold(self, megabytes: int) -> None:
        """WAL size at which DuckDB checkpoints on its own. A checkpoint holds up every other
        commit while it runs, so the daemon raises this and checkpoints when MAX is idle."""
        self._cur.execute(f"SET checkpoint_threshold = '{int(megabytes)}MB'")

    def wal_bytes(self) -> int:
        """Size of the write-ahead log not yet checkpointed into the graph file."""
        try:
            return Path(f"{self.path}.wal").stat().st_size
        except FileNotFoundError:
            return 0

    def claims_for_subjects(self, subjects: Sequence[str]) -> pa.Table:
        """Every claim about any of `subjects`, as they stand (not counted as retrievals),
        as one Arrow table ordered by subject and id: the bulk read of the graph API."""
        cur = self._cur
        cur.complete()  # register refuses while an earlier result on this cursor is unread
        cur.register(
            "wanted_subjects", pa.table({"subject": pa.array(list(subjects), pa.string())})
        )
        try:
            rel = cur.sql(
                f"SELECT {self.claim_select} FROM claims WHERE subject IN "
                "(SELECT subject FROM wanted_subjects) ORDER BY subject, id"
            )
            assert rel is not None
            return rel.to_arrow_table()
        finally:
            _unregister(cur, "wanted_subjects")

    def export_table(self, table: str, batch_rows: int = 65536) -> pa.RecordBatchReader:
        """A whole table as a stream of Arrow record batches, read in one transaction on a
        cursor of its own that closes when the stream is exhausted."""
        if table not in EXPORTABLE_TABLES:
            raise InvalidInput(f"cannot export {table!r}; one of {', '.join(EXPORTABLE_TABLES)}")
        cur = self._con.cursor()
        # Claims go out as the store reads them, with the level rather than the stored rung.
        columns = self.claim_select if table == "claims" else "*"
        rel = cur.sql(f"SELECT {columns} FROM {table}")
        assert rel is not None
        reader = rel.to_arrow_reader(batch_rows)

        def batches() -> Iterator[pa.RecordBatch]:
            try:
                yield from reader
            finally:
                cur.close()

        return pa.RecordBatchReader.from_batches(reader.schema, batches())


# -- helpers -----------------------------------------------------------------------------------


def _unregister(cur: duckdb.DuckDBPyConnection, *names: str) -> None:
    """Drop registered Arrow views without hiding the error that may be on its way out.

    DuckDB refuses unregister while a result is unread (a check that raised after fetchone)
    and inside a failed transaction, whose rollback drops the views anyway.
    """
    cur.complete()
    with suppress(duckdb.TransactionException):
        for name in names:
            cur.unregister(name)


def _qs(n: int) -> str:
    return ", ".join("?" * n)


def _one(result: duckdb.DuckDBPyConnection) -> Any:
    """The first row of a statement's result, or None, with the result exhausted: fetchone
    leaves it open, and an open result holds its transaction (see _schema_version)."""
    rows = result.fetchall()
    return rows[0] if rows else None


def _count(cur: duckdb.DuckDBPyConnection) -> int:
    rows = cur.fetchall()  # exhausted, so the statement's transaction ends (see _schema_version)
    return int(rows[0][0]) if rows else 0
