"""The graph's schema: the numbered migrations shipped in resident/memory/migrations, the runner
that applies them (`resident migrate`, with nothing else running), and the private file modes
of a graph file."""

from __future__ import annotations

import hashlib
import os
import re
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path

import duckdb

from resident.errors import (
    GraphBusy,
    SchemaUnknown,
)
from resident.memory.rows import (
    _db_ts,
)

_MIGRATION_RE = re.compile(r"^(\d{3})_([a-z0-9_]+)\.sql$")


# -- migrations ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.sql.encode("utf-8")).hexdigest()


def known_migrations() -> list[Migration]:
    """The numbered SQL files shipped in resident/memory/migrations, in order."""
    found = []
    for entry in resources.files("resident.memory.migrations").iterdir():
        m = _MIGRATION_RE.match(entry.name)
        if m:
            found.append(Migration(int(m.group(1)), m.group(2), entry.read_text("utf-8")))
    found.sort(key=lambda mig: mig.version)
    if [mig.version for mig in found] != list(range(1, len(found) + 1)):
        raise RuntimeError("migrations must be numbered 001, 002, ... without gaps")
    return found


SCHEMA_VERSION = len(known_migrations())


def _schema_version(con: duckdb.DuckDBPyConnection) -> int | None:
    """The highest applied migration, 0 for an empty file, None for tables without a record."""
    tables = {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
    if "schema_migrations" not in tables:
        return 0 if not tables else None
    # fetchall, not fetchone: a result left unexhausted keeps its transaction open, and while
    # one is open DuckDB keeps every later update's old versions: retrievals slow down and
    # memory grows with each one, and CHECKPOINT is refused (benchmarks/RESULTS.md).
    rows = con.execute("SELECT max(version) FROM schema_migrations").fetchall()
    return int(rows[0][0]) if rows and rows[0][0] is not None else 0


def _private_umask() -> None:
    old = os.umask(0o077)
    os.umask(old | 0o077)


def private_files(path: Path) -> None:
    """Files this process creates from now on are its user's only (umask 077): the graph, its
    WAL and snapshots come out 0600 in 0700 folders whatever umask MAX was started with (Rule 8:
    the graph holds what people told MAX). The graph file, its WAL and its folder, if they
    exist already, are tightened too."""
    _private_umask()
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(path.parent, 0o700)
    for existing in (path, Path(f"{path}.wal")):
        with suppress(FileNotFoundError):
            os.chmod(existing, 0o600)


def _connect(path: Path, read_only: bool = False) -> duckdb.DuckDBPyConnection:
    if not read_only:
        private_files(path)
    try:
        return duckdb.connect(str(path), read_only=read_only)
    except duckdb.IOException as exc:
        if "lock" in str(exc).lower():
            raise GraphBusy(
                f"the graph {path} is held by another process (is `resident up` running?): {exc}"
            ) from exc
        raise


def migration_plan(path: Path) -> tuple[int, list[Migration]]:
    """The graph's schema version and the migrations `migrate` would apply, in order, without
    applying any (`resident migrate --dry-run`). Opens the file read-only, if it exists."""
    if not path.exists():
        return 0, known_migrations()
    con = _connect(path, read_only=True)
    try:
        have = _schema_version(con)
    finally:
        con.close()
    if have is None or have > SCHEMA_VERSION:
        raise SchemaUnknown(have, SCHEMA_VERSION)
    return have, [m for m in known_migrations() if m.version > have]


def migrate(path: Path, now: datetime | None = None, upto: int | None = None) -> list[int]:
    """Apply the pending migrations to the graph file; returns the versions applied.

    Run with nothing else holding the graph (`resident migrate`). `upto` stops at that
    version: the CI gates build graphs of every earlier version with it.
    """
    now = now or datetime.now(UTC)
    path.parent.mkdir(parents=True, exist_ok=True)
    con = _connect(path)
    try:
        have = _schema_version(con)
        if have is None:
            raise SchemaUnknown(None, SCHEMA_VERSION)
        if have > SCHEMA_VERSION:
            raise SchemaUnknown(have, SCHEMA_VERSION)
        con.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
            "name VARCHAR NOT NULL, checksum VARCHAR NOT NULL, applied_at TIMESTAMP NOT NULL)"
        )
        applied = []
        for mig in known_migrations():
            if mig.version <= have or (upto is not None and mig.version > upto):
                continue
            con.execute("BEGIN TRANSACTION")
            try:
                con.execute(mig.sql)
                con.execute(
                    "INSERT INTO schema_migrations VALUES (?, ?, ?, ?)",
                    [mig.version, mig.name, mig.checksum, _db_ts(now)],
                )
                con.execute("COMMIT")
            except Exception:
                con.execute("ROLLBACK")
                raise
            applied.append(mig.version)
        con.execute("CHECKPOINT")
        return applied
    finally:
        con.close()
