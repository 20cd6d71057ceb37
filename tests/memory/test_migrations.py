"""`resident migrate` and the schema guard: a process refuses a graph it does not know."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import duckdb
import pytest

from resident.config import Settings
from resident.errors import GraphBusy, SchemaTooOld, SchemaUnknown
from resident.memory import duck_store
from resident.memory.duck_store import DuckStore
from resident.memory.schema import SCHEMA_VERSION, known_migrations

REPO = Path(__file__).resolve().parents[2]
RESIDENT = Path(sys.executable).parent / "resident"
#: The tables of the knowledge graph proper; later migrations add more beside them.
TABLES = {
    "entities",
    "claims",
    "claim_evidence",
    "conflicts",
    "curiosity_gaps",
    "recommendations",
    "schema_migrations",
}


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("RESIDENT_")}


def resident(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(RESIDENT), *args], capture_output=True, text=True, env=_env(), cwd=REPO, timeout=120
    )


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def _tables(path: Path) -> set[str]:
    with duckdb.connect(str(path), read_only=True) as con:
        return {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}


def _migrations(path: Path) -> list[tuple[int, str, str]]:
    with duckdb.connect(str(path), read_only=True) as con:
        return [
            tuple(r)
            for r in con.execute(
                "SELECT version, name, checksum FROM schema_migrations ORDER BY version"
            ).fetchall()
        ]


def test_migrate_creates_the_schema_and_records_it(settings: Settings) -> None:
    first = resident("--data-dir", str(settings.data_dir), "migrate")
    assert first.returncode == 0, first.stderr
    versions = list(range(1, SCHEMA_VERSION + 1))
    assert f"applied migrations {versions}" in first.stdout
    assert f"graph schema at version {SCHEMA_VERSION}" in first.stdout
    assert _tables(settings.graph_path) >= TABLES
    recorded = _migrations(settings.graph_path)
    assert recorded == [(m.version, m.name, m.checksum) for m in known_migrations()]

    second = resident("--data-dir", str(settings.data_dir), "migrate")
    assert second.returncode == 0, second.stderr
    assert "applied" not in second.stdout
    assert f"graph schema at version {SCHEMA_VERSION}" in second.stdout
    assert _migrations(settings.graph_path) == recorded

    with DuckStore.open(settings) as graph:
        assert graph.schema_version() == SCHEMA_VERSION


def test_migrate_takes_the_data_dir_from_the_environment(tmp_path: Path) -> None:
    env = {**_env(), "RESIDENT_DATA_DIR": str(tmp_path / "elsewhere")}
    result = subprocess.run(
        [str(RESIDENT), "migrate"], capture_output=True, text=True, env=env, cwd=REPO, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "elsewhere" / "graph.duckdb").exists()


def test_a_missing_graph_is_too_old(settings: Settings) -> None:
    with pytest.raises(SchemaTooOld, match="resident migrate") as info:
        DuckStore.open(settings)
    assert (info.value.have, info.value.want) == (0, SCHEMA_VERSION)
    assert not settings.graph_path.exists(), "opening a missing graph created it"


def test_a_graph_behind_is_too_old(settings: Settings) -> None:
    duckdb.connect(str(settings.graph_path)).close()
    with pytest.raises(SchemaTooOld, match="resident migrate"):
        DuckStore.open(settings)
    with duckdb.connect(str(settings.graph_path)) as con:
        con.execute(
            "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, "
            "name VARCHAR NOT NULL, checksum VARCHAR NOT NULL, "
            "applied_at TIMESTAMP NOT NULL)"
        )
    with pytest.raises(SchemaTooOld, match="resident migrate"):
        DuckStore.open(settings)
    # ... and `resident migrate` brings it up to date.
    assert resident("--data-dir", str(settings.data_dir), "migrate").returncode == 0
    DuckStore.open(settings).close()


def test_a_newer_graph_is_unknown(settings: Settings) -> None:
    DuckStore.open(settings, create=True).close()
    with duckdb.connect(str(settings.graph_path)) as con:
        con.execute(
            "INSERT INTO schema_migrations VALUES (?, 'from_the_future', 'x', now())",
            [SCHEMA_VERSION + 1],
        )
    with pytest.raises(SchemaUnknown, match="resident migrate") as info:
        DuckStore.open(settings)
    assert (info.value.have, info.value.known) == (SCHEMA_VERSION + 1, SCHEMA_VERSION)
    with pytest.raises(SchemaUnknown):
        DuckStore.open(settings, create=True)
    line = one_line_error(resident("--data-dir", str(settings.data_dir), "migrate"))
    assert f"version {SCHEMA_VERSION + 1}" in line
    assert len(_migrations(settings.graph_path)) == SCHEMA_VERSION + 1


def test_tables_without_schema_migrations_are_unknown(settings: Settings) -> None:
    with duckdb.connect(str(settings.graph_path)) as con:
        con.execute("CREATE TABLE claims (id VARCHAR)")
        con.execute("INSERT INTO claims VALUES ('somebody else''s data')")
    with pytest.raises(SchemaUnknown, match="no schema_migrations") as info:
        DuckStore.open(settings)
    assert info.value.have is None
    line = one_line_error(resident("--data-dir", str(settings.data_dir), "migrate"))
    assert "schema_migrations" in line
    assert _tables(settings.graph_path) == {"claims"}, "migrate touched a graph it did not know"


@pytest.fixture
def held_graph(settings: Settings) -> Iterator[subprocess.Popen[str]]:
    """Another process that owns the graph read-write until it is stopped."""
    DuckStore.open(settings, create=True).close()
    code = (
        "import sys, time\n"
        "from resident.config import load_settings\n"
        "from resident.memory.duck_store import DuckStore\n"
        f"g = DuckStore.open(load_settings(data_dir={str(settings.data_dir)!r}, env={{}}))\n"
        "print('holding', flush=True)\n"
        "sys.stdin.read()\n"
        "g.close()\n"
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", code],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
        env=_env(),
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        yield holder
    finally:
        if holder.poll() is None:
            holder.kill()
        holder.wait(timeout=30)


def test_a_held_graph_is_busy(settings: Settings, held_graph: subprocess.Popen[str]) -> None:
    with pytest.raises(GraphBusy, match="held by another process"):
        DuckStore.open(settings)
    with pytest.raises(GraphBusy):
        DuckStore.open(settings, create=True)
    line = one_line_error(resident("--data-dir", str(settings.data_dir), "migrate"))
    assert "held by another process" in line
    # Once the owner lets go, the graph opens.
    assert held_graph.stdin is not None
    held_graph.stdin.close()
    assert held_graph.wait(timeout=60) == 0
    DuckStore.open(settings).close()


def test_claims_store_only_the_fact_and_opinion_rungs(settings: Settings) -> None:
    """Hypothesis and belief are read off the confidence; only fact and opinion are stored, and
    the schema refuses any other rung."""
    path = settings.graph_path
    duck_store.migrate(path)
    with duckdb.connect(str(path)) as con:
        con.execute("INSERT INTO entities VALUES ('hp:1', 'hp', 'one', [], now(), now())")
        con.execute(
            "INSERT INTO claims SELECT 'c_' || level, 'hp:1', 'has_note', NULL, level, conf, "
            "CASE WHEN level IN ('fact', 'opinion') THEN level END, 'ingest:hpo@1', "
            "TIMESTAMP '2026-01-01', TIMESTAMP '2026-01-02', NULL, NULL, NULL, NULL "
            "FROM (VALUES ('hypothesis', 0.3), ('belief', 0.7), ('fact', 0.9), "
            "('opinion', 0.6)) v(level, conf)"
        )
        with pytest.raises(duckdb.ConstraintException):
            con.execute(
                "INSERT INTO claims (id, subject, predicate, object_literal, "
                "confidence, rung, provenance, created_at, retrieved_at) VALUES "
                "('c_x', 'hp:1', 'has_note', 'x', 0.7, 'belief', 'ingest:hpo@1', "
                "now(), now())"
            )
        indexes = {
            r[0]
            for r in con.execute(
                "SELECT index_name FROM duckdb_indexes() WHERE table_name = 'claims'"
            ).fetchall()
        }
    with DuckStore.open(settings) as graph:
        got = {c.id: (c.level.value, c.confidence) for c in graph.peek_claims("hp:1")}
    assert got == {
        "c_hypothesis": ("hypothesis", 0.3),
        "c_belief": ("belief", 0.7),
        "c_fact": ("fact", 0.9),
        "c_opinion": ("opinion", 0.6),
    }
    assert indexes >= {"claims_subject_idx", "claims_object_idx"}


def test_011_keeps_the_last_decay_run_once_and_drops_decayed_at(settings: Settings) -> None:
    """Migration 011: the latest decayed_at a 010 graph holds becomes the store's last decay
    run, claims keep every other column, row for row and in rowid order, and decayed_at goes."""
    path = settings.graph_path
    duck_store.migrate(path, upto=10)
    with duckdb.connect(str(path)) as con:
        con.execute("INSERT INTO entities VALUES ('hp:1', 'hp', 'one', [], now(), now())")
        con.execute(
            "INSERT INTO claims (id, subject, predicate, object_literal, confidence, provenance, "
            "created_at, retrieved_at, decayed_at, session_id, occurred_at, valid_to) "
            "SELECT 'c' || i, 'hp:1', 'has_note', 'v' || i, 0.1 + i / 100, 'ingest:hpo@1', "
            "TIMESTAMP '2025-01-01', TIMESTAMP '2025-02-01', "
            "CASE WHEN i % 3 = 0 THEN TIMESTAMP '2025-05-01' + to_days(i::INTEGER) END, "
            "'s' || i, TIMESTAMP '2024-12-01', NULL FROM range(40) r(i)"
        )
        before = con.execute("SELECT * EXCLUDE (decayed_at) FROM claims ORDER BY rowid").fetchall()
    assert duck_store.migrate(path) == list(range(11, SCHEMA_VERSION + 1))
    with duckdb.connect(str(path)) as con:
        after = con.execute("SELECT * FROM claims ORDER BY rowid").fetchall()
        columns = {r[0] for r in con.execute("DESCRIBE claims").fetchall()}
        indexes = {
            r[0]
            for r in con.execute(
                "SELECT index_name FROM duckdb_indexes() WHERE table_name = 'claims'"
            ).fetchall()
        }
    assert after == before
    assert "decayed_at" not in columns
    assert indexes >= {"claims_subject_idx", "claims_object_idx"}
    with DuckStore.open(settings) as graph:
        runs = graph.decay_runs()
    assert runs.last_run == datetime(2025, 5, 1, tzinfo=UTC) + timedelta(days=39)
    assert (runs.sweep_at, runs.swept_to) == (None, None)
