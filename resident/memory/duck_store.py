"""The knowledge graph in DuckDB: the store, its connection and transactions, and what the
daemon needs besides (counts, checksums, heartbeat, snapshots, bulk reads and exports). Each
capability's methods live in a mixin module of their own: entities (`entity_store`), claims
(`claim_store`), promotion, conflicts and corrections (`epistemic_store`), curiosity gaps
(`gap_store`), decay (`decay_store`), and learning, council, hygiene, household and statements.
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

import duckdb
import pyarrow as pa

from resident.cognition import epistemic, independence
from resident.config import Settings
from resident.errors import (
    InvalidInput,
    NotFound,
    PromotionRefused,
    SchemaTooOld,
    SchemaUnknown,
)
from resident.memory import sql_rules
from resident.memory.claim_store import ClaimStoreMixin
from resident.memory.council_store import CouncilStoreMixin
from resident.memory.cursors import _count, _one, _unregister
from resident.memory.cursors import _qs as _qs  # re-exported: tests build rows with it
from resident.memory.decay_store import DecayStoreMixin
from resident.memory.entity_store import EntityStoreMixin
from resident.memory.epistemic_store import EpistemicStoreMixin
from resident.memory.gap_store import GapStoreMixin
from resident.memory.household_store import HouseholdStoreMixin
from resident.memory.hygiene_store import HygieneStoreMixin
from resident.memory.learning_store import (
    LearningStoreMixin,
)
from resident.memory.retrievals import Book, PendingRetrievals
from resident.memory.rows import (
    _claim,
    _db_ts,
)
from resident.memory.schema import (
    SCHEMA_VERSION,
    _connect,
    _private_umask,
    _schema_version,
    migrate,
)
from resident.memory.sql_rules import (
    _claim_select,
    _decay_sql,
    _retrievals_sql,
)
from resident.memory.statement_store import StatementStoreMixin
from resident.memory.turn_store import TurnStoreMixin
from resident.records import Claim, Level, Promotion, PromotionReport

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


#: DuckDB's memory units as current_setting('memory_limit') writes them.
_UNITS = {"bytes": 1, "KiB": 2**10, "MiB": 2**20, "GiB": 2**30, "TiB": 2**40}


def _limit_bytes(text: str) -> int:
    """'286.1 MiB' -> bytes, rounded up to land on the same reading when set again."""
    number, _, unit = text.partition(" ")
    return int(float(number) * _UNITS.get(unit, 1) + 0.5 * _UNITS.get(unit, 1) / 10)


class DuckStore(
    EntityStoreMixin,
    ClaimStoreMixin,
    EpistemicStoreMixin,
    GapStoreMixin,
    DecayStoreMixin,
    LearningStoreMixin,
    CouncilStoreMixin,
    HygieneStoreMixin,
    HouseholdStoreMixin,
    StatementStoreMixin,
    TurnStoreMixin,
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
        self._retrievals_sql = _retrievals_sql(settings)
        #: Retrievals read and not yet written (memory/retrievals.py).
        self._retrievals = PendingRetrievals(epistemic.bump_period(settings.epistemic))
        self._decay_sql = _decay_sql(settings)
        #: What reads of claims select: CLAIM_COLUMNS with the derived level in rung's place.
        self.claim_select = _claim_select(settings)
        self._unpruned: dict[str, list[tuple[int, int, frozenset[str]]]] = {}

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
            self.flush_retrievals()
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
    def _tx(self, *, retrievals: bool = True) -> Iterator[duckdb.DuckDBPyConnection]:
        """One write transaction. It first writes the retrievals read since the last write
        (memory/retrievals.py), so that every write comes after the reads that preceded it;
        `retrievals=False` for a write no retrieval's bump depends on or changes (a turn's
        statements: new claims, entities, qualifiers), which then costs the turn nothing."""
        cur = self._cur
        if getattr(self._local, "in_tx", False):
            # Nested (upsert_bulk): the outer transaction commits or rolls back the whole group.
            yield cur
            return
        taken: Book = {}
        turn = getattr(self._local, "turn", None)
        if turn is not None:
            # A conversation turn: its writes join one transaction, committed with its log
            # records when the turn ends (memory/turn_store.py). The retrievals go in first as
            # outside a turn (a claim read twice needs its first bump written before the
            # second: ClaimStore._retrieve flushes), except for the statements' own writes.
            with turn.writing() as cur:
                self._local.in_tx = True
                try:
                    if retrievals:
                        taken = self._write_retrievals(cur)
                    yield cur
                except BaseException:
                    self._retrievals.put_back(taken)
                    raise
                finally:
                    self._local.in_tx = False
            return
        cur.execute("BEGIN TRANSACTION")
        self._local.in_tx = True
        try:
            if retrievals:
                taken = self._write_retrievals(cur)
            yield cur
        except BaseException:
            cur.execute("ROLLBACK")
            self._retrievals.put_back(taken)
            raise
        finally:
            self._local.in_tx = False
        try:
            cur.execute("COMMIT")
        except BaseException:
            self._retrievals.put_back(taken)
            raise

    def checkpoint(self) -> None:
        self.flush_retrievals()
        self._cur.execute("CHECKPOINT")

    # the promotion sweep (set-based; promote_to_fact and the rest of promotion are in
    # epistemic_store)

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
                    # (The two sides as one column: an OR join is a nested loop, claims times
                    # conflicts, 40 s at 1M claims and 3,333 conflicts.)
                    "contested AS (SELECT c.subject, c.predicate, "
                    "coalesce(c.object_entity, c.object_literal) AS obj FROM claims c "
                    "SEMI JOIN (SELECT claim_a AS id FROM conflicts UNION ALL "
                    "SELECT claim_b FROM conflicts) x USING (id)), "
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
        # Bulk reads see what the turns' reads did too (memory/retrievals.py).
        self.flush_retrievals()
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
                    # The turns' recovery rows are the live file's alone, and carry what
                    # people said (people.json: Rule 8): no reader of a copy gets them.
                    cur.execute(f"DELETE FROM {alias}.turn_events")
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

    def release_memory(self) -> None:
        """Give back what DuckDB keeps cached of blocks it read or copied (they are on disk and
        read again when wanted): the memory limit is lowered for a moment, which evicts them,
        then put back as it was. A process about to wait (a night's parent while its children
        run) holds about 20 MiB less after a snapshot (benchmarks/RESULTS-learning.md 10.4)."""
        cur = self._con.cursor()
        limit = "SELECT current_setting('memory_limit')"
        try:
            before = _one(cur.execute(limit))
            with suppress(duckdb.Error):  # pinned blocks it cannot evict: they stay
                cur.execute("SET memory_limit = '1MB'")
            # DuckDB's default back exactly; a limit someone set, in bytes (it reads rounded:
            # set back as it reads, it would shrink a little every time).
            cur.execute("RESET memory_limit")
            if before and _one(cur.execute(limit)) != before:
                cur.execute(f"SET memory_limit = '{_limit_bytes(str(before[0]))}B'")
        finally:
            cur.close()

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
        self.flush_retrievals()
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
        self.flush_retrievals()
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
