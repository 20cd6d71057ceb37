"""CI gates for schema changes: DDL lives only in numbered migrations; every migration carries
a graph of the version before it, data and all, to the current schema; and the migrated graph
still keeps every law (dbt build) and the distributions (Great Expectations). A migration that
breaks hygiene fails here."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import pytest

from resident.config import Settings
from resident.hygiene.dbt_run import dbt_build
from resident.hygiene.run import run_expectations, self_evaluation
from resident.memory.duck_store import DuckStore
from resident.memory.schema import SCHEMA_VERSION, known_migrations, migrate

REPO = Path(__file__).resolve().parents[2]
RESIDENT = Path(sys.executable).parent / "resident"
#: Where code (not tests, which build old and broken graphs on purpose) lives.
CODE = ("resident", "flows", "benchmarks")
MIGRATIONS = REPO / "resident" / "memory" / "migrations"
_DDL = re.compile(
    r"\b(CREATE|ALTER|DROP)\s+(OR\s+REPLACE\s+)?(?P<temp>TEMP(ORARY)?\s+)?(UNIQUE\s+)?"
    r"(TABLE|INDEX|VIEW|SCHEMA|SEQUENCE|MACRO|TYPE|FUNCTION)\s+(IF\s+(NOT\s+)?EXISTS\s+)?"
    r"(?P<name>[\w.\"]+)",
    re.IGNORECASE,
)
#: The migration runner's own bookkeeping table: created before any migration can run.
RUNNER = ("resident/memory/schema.py", "schema_migrations")


def _strings(source: str) -> list[str]:
    """Every string literal of a module, f-strings' literal parts included."""
    return [
        node.value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def schema_ddl(path: Path, rel: str) -> list[str]:
    """DDL on persistent objects in `path`'s string literals. Temporary objects are session
    scratch, not schema: CREATE TEMP ..., and DROP of a name this file creates as TEMP."""
    statements = [m for s in _strings(path.read_text("utf-8")) for m in _DDL.finditer(s)]
    temp = {m.group("name").lower() for m in statements if m.group("temp")}
    found = []
    for m in statements:
        name = m.group("name").lower()
        if (
            m.group("temp")
            or name.startswith("temp.")
            or (m.group(1).upper() == "DROP" and name in temp)
        ):
            continue
        if (rel, name) == RUNNER:
            continue
        found.append(m.group(0))
    return found


def test_the_ddl_detector_sees_what_it_must(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        'A = "ALTER TABLE claims ADD COLUMN x INT"\n'
        'B = f"create index i on {t} (c)"\n'
        'C = "CREATE TEMP TABLE scratch AS SELECT 1"\n'
        'D = "DROP TABLE scratch"\n'
        'E = "DROP TABLE IF EXISTS temp.other"\n'
    )
    assert schema_ddl(sample, "sample.py") == ["ALTER TABLE claims", "create index i"]


def test_no_ddl_outside_migrations() -> None:
    offenders = {}
    for top in CODE:
        for path in sorted((REPO / top).rglob("*.py")):
            rel = path.relative_to(REPO).as_posix()
            if rel.startswith("benchmarks/work/"):
                continue
            found = schema_ddl(path, rel)
            if found:
                offenders[rel] = found
    assert offenders == {}, (
        "schema changes go in resident/memory/migrations/NNN_*.sql, "
        f"never a live ALTER: {offenders}"
    )
    assert all(m.sql.strip() for m in known_migrations())


# -- every migration carries the version before it, data and all -------------------------------

T = datetime(2026, 1, 1)
#: Rows for the tables a version has; each table is filled only once it exists.
SEEDS = {
    "entities": [
        "INSERT INTO entities SELECT 'concept:n' || i, 'concept', 'node ' || i, "
        "['alias ' || i], $t, $t FROM range(60) r(i)",
        "INSERT INTO entities VALUES ('person:ana', 'person', 'Ana', [], $t, $t)",
    ],
    "claims": [
        "INSERT INTO claims (id, subject, predicate, object_entity, object_literal, confidence, "
        "rung, provenance, created_at, retrieved_at) SELECT 'c' || i, 'concept:n' || i, "
        "'related_to', 'concept:n' || ((i + 1) % 60), NULL, 0.5 + (i % 30) / 100, NULL, "
        "'ingest:seed@1', $t, $t FROM range(60) r(i)",
        "INSERT INTO claims (id, subject, predicate, object_entity, object_literal, confidence, "
        "rung, provenance, created_at, retrieved_at) VALUES "
        "('f1', 'concept:n1', 'is_a', 'concept:n2', NULL, 0.9, 'fact', 'ingest:a@1', $t, $t), "
        "('f2', 'concept:n1', 'is_a', 'concept:n2', NULL, 0.7, NULL, 'literature:doc1', $t, $t), "
        "('h1', 'person:ana', 'likes', NULL, 'tea', 0.3, NULL, 'interaction:person:ana', $t, $t),"
        "('h2', 'person:ana', 'likes', NULL, 'coffee', 0.2, NULL, 'interaction:person:ana', "
        "$t, $t)",
    ],
    "claim_evidence": [
        "INSERT INTO claim_evidence SELECT id, provenance, 'seed:' || id, $t FROM claims",
    ],
    "conflicts": [
        "INSERT INTO conflicts VALUES ('k1', 'h1', 'h2', 'person:ana', 'likes', 'open', NULL, "
        "'contradiction', $t, NULL)",
    ],
    "curiosity_gaps": [
        "INSERT INTO curiosity_gaps VALUES ('g1', 'concept:n3', 'is_a', 'what is n3?', 1, 0, "
        "'open', NULL, $t, $t, $t, NULL)",
    ],
    "recommendations": [
        "INSERT INTO recommendations (id, kind, target, detail, status, created_at) VALUES "
        "('rec:old', 'orphan_entity', 'concept:x', 'filed before 005', 'accepted', $t)",
    ],
    "heartbeat": ["INSERT INTO heartbeat VALUES ('daemon', 's1', 3, $t)"],
    "entity_names": [
        "INSERT INTO entity_names SELECT lower(label), id FROM entities "
        "WHERE id NOT IN (SELECT entity_id FROM entity_names)",
    ],
    "replay_buffer": [
        "INSERT INTO replay_buffer VALUES ('x1', 'learned', 'c1', 'concept:n1', 'related_to', "
        "'concept:n2', 0.51, 0.2, $t)",
    ],
    "duplicate_candidates": [
        "INSERT INTO duplicate_candidates VALUES ('concept:n1', 'concept:n2', 0.4, 'ff@1', $t)",
    ],
}


def _tables(con: duckdb.DuckDBPyConnection) -> set[str]:
    return {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}


def _counts(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    return {
        t: con.execute(f'SELECT count(*) FROM "{t}"').fetchall()[0][0]
        for t in sorted(_tables(con))
        if t != "schema_migrations"
    }


def graph_at(path: Path, version: int) -> dict[str, int]:
    """A graph at schema `version` (0: none yet) with rows in every table that version has."""
    if version == 0:
        return {}
    migrate(path, upto=version)
    with duckdb.connect(str(path)) as con:
        assert con.execute("SELECT max(version) FROM schema_migrations").fetchall()[0][0] == version
        present = _tables(con)
        for table, statements in SEEDS.items():
            if table in present:
                for sql in statements:
                    con.execute(sql, {"t": T} if "$t" in sql else None)
        return _counts(con)


def _label(version: int) -> str:
    if version == 0:
        return "fresh"
    mig = known_migrations()[version - 1]
    return f"from-{mig.version:03d}_{mig.name}"


@pytest.mark.slow
@pytest.mark.parametrize("start", range(SCHEMA_VERSION), ids=_label)
def test_migrations_carry_the_graph_and_keep_hygiene(
    start: int, settings: Settings, tmp_path: Path
) -> None:
    before = graph_at(settings.graph_path, start)
    applied = migrate(settings.graph_path, datetime.now(UTC))
    assert applied == list(range(start + 1, SCHEMA_VERSION + 1))
    if not before:  # a fresh graph: give the laws something to judge
        with duckdb.connect(str(settings.graph_path)) as con:
            for statements in SEEDS.values():
                for sql in statements:
                    con.execute(sql, {"t": T} if "$t" in sql else None)
    with DuckStore.open(settings) as graph:
        assert graph.schema_version() == SCHEMA_VERSION
        after = _counts(graph._cur)
        for table, rows in before.items():
            assert after[table] == rows, f"{table}: {rows} rows before, {after[table]} after"
        if "recommendations" in before:
            [old] = graph.recommendations(limit=10)
            assert old.status == "accepted" and old.last_seen_at == old.created_at
        snapshot = graph.snapshot(tmp_path / "snap.duckdb")
    dbt = dbt_build(snapshot, settings, tmp_path / "dbt")
    assert dbt.ok, [(r.name, r.status, r.failures, r.message) for r in dbt.broken]
    gx = run_expectations(snapshot, self_evaluation(snapshot, settings), settings)
    assert gx.success, [c for c in gx.checks if not c.success]


def test_every_migration_has_a_gate() -> None:
    assert [_label(v) for v in range(SCHEMA_VERSION)] == ["fresh"] + [
        f"from-{m.version:03d}_{m.name}" for m in known_migrations()[:-1]
    ]


def test_migrate_dry_run_prints_the_plan_and_applies_nothing(
    settings: Settings, tmp_path: Path
) -> None:
    graph_at(settings.graph_path, 1)
    before = settings.graph_path.read_bytes()
    out = subprocess.run(
        [str(RESIDENT), "--data-dir", str(settings.data_dir), "migrate", "--dry-run"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert f"at version 1; code knows {SCHEMA_VERSION}" in out.stdout
    for mig in known_migrations()[1:]:
        assert f"would apply {mig.version:03d}_{mig.name}.sql" in out.stdout
        assert mig.sql.strip().splitlines()[-1] in out.stdout
    assert settings.graph_path.read_bytes() == before
    fresh = subprocess.run(
        [str(RESIDENT), "--data-dir", str(tmp_path / "none"), "migrate", "--dry-run"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert fresh.returncode == 0 and "at version 0" in fresh.stdout
    assert not (tmp_path / "none" / "graph.duckdb").exists()
    shutil.rmtree(tmp_path / "none", ignore_errors=True)
