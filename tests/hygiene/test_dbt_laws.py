"""`dbt build` on snapshots: the fixture graph from real ingested data keeps every law, and a
snapshot that breaks laws fails exactly those laws (what makes CI fail on a broken graph)."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest

from resident.config import Settings
from resident.hygiene.dbt_run import dbt_build

pytestmark = pytest.mark.slow

#: The generic tests in dbt/tests/generic, each a law of the graph.
LAWS = (
    "within_range",
    "level_consistent_with_confidence",
    "fact_has_independent_sources",
    "hint_class_capped",
    "valid_provenance_class",
    "one_object",
    "conflict_within_subject_predicate",
)


def test_the_real_fixture_graph_keeps_every_law(
    real_snapshot: Path, real_settings: Settings, tmp_path: Path
) -> None:
    report = dbt_build(real_snapshot, real_settings, tmp_path / "dbt")
    assert report.ok, [(r.name, r.status, r.failures, r.message) for r in report.broken]
    names = {r.name.split(".")[0] for r in report.laws}
    for law in LAWS:
        assert any(n.startswith(law) for n in names), law
    models = {r.name for r in report.results if r.resource == "model"}
    assert {
        "stg_claims",
        "stg_entities",
        "ladder_claims_by_level",
        "ladder_confidence_histogram",
        "hygiene_summary",
    } <= models
    # The marts are real tables in dbt's own warehouse, never in the snapshot.
    with duckdb.connect(str(tmp_path / "dbt" / "warehouse.duckdb"), read_only=True) as con:
        levels = dict(
            con.execute(
                "SELECT provenance_class, sum(claims) FROM main.ladder_claims_by_level GROUP BY 1"
            ).fetchall()
        )
        claims = con.execute("SELECT claims FROM main.hygiene_summary").fetchall()[0][0]
    assert levels["grounded"] > 100_000 and levels["interaction"] >= 3
    assert sum(levels.values()) == claims


def test_a_snapshot_that_breaks_laws_fails_them(
    real_snapshot: Path, real_settings: Settings, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.duckdb"
    shutil.copy(real_snapshot, broken)
    with duckdb.connect(str(broken)) as con:
        # Written past the store, as a buggy writer would: each row breaks one law.
        con.execute("""
            INSERT INTO claims (id, subject, predicate, object_entity, object_literal,
                                confidence, rung, provenance, created_at, retrieved_at)
            SELECT * FROM (VALUES
              ('bad-hint', 'hp:0000118', 'likes', NULL, 'x', 0.8, NULL,
               'peer:gpt', now()::TIMESTAMP, now()::TIMESTAMP),
              ('bad-fact', 'hp:0000118', 'note', NULL, 'w', 0.9, 'fact',
               'ingest:hpo@one', now()::TIMESTAMP, now()::TIMESTAMP),
              ('bad-level', 'hp:0000118', 'note', NULL, 'y', 0.95, NULL,
               'ingest:hpo@one', now()::TIMESTAMP, now()::TIMESTAMP),
              ('bad-prov', 'hp:0000118', 'note', NULL, 'z', 0.2, NULL,
               'gossip:someone', now()::TIMESTAMP, now()::TIMESTAMP),
              ('bad-objects', 'hp:0000118', 'note', NULL, NULL, 0.2, NULL,
               'ingest:hpo@one', now()::TIMESTAMP, now()::TIMESTAMP))""")
        con.execute("""
            INSERT INTO conflicts VALUES ('k-bad', 'bad-fact', 'bad-hint', 'hp:0000118',
              'is_a', 'open', NULL, 'contradiction', now()::TIMESTAMP, NULL)""")
    report = dbt_build(broken, real_settings, tmp_path / "dbt")
    assert not report.ok and report.returncode != 0
    failed = {r.name.split(".")[0] for r in report.broken}
    expected = {
        "level_consistent_with_confidence",
        "fact_has_independent_sources",
        "hint_class_capped",
        "valid_provenance_class",
        "one_object",
        "conflict_within_subject_predicate",
    }
    for law in expected:
        assert any(n.startswith(law) for n in failed), (law, failed)
    assert all(r.failures for r in report.broken if r.resource == "test")
