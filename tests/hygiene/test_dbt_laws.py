"""`dbt build` on snapshots: the fixture graph from real ingested data keeps every law, and a
snapshot that breaks laws fails exactly those laws (what makes CI fail on a broken graph)."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest

from resident.cognition import epistemic
from resident.config import Settings
from resident.hygiene.dbt_run import DbtReport, dbt_build
from resident.memory.duck_store import DuckStore
from resident.memory.rows import _claim
from resident.records import ENTITY_ID_RE, PREDICATE_RE, Claim, Level

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


@pytest.fixture(scope="module")
def real_build(
    real_snapshot: Path, real_settings: Settings, tmp_path_factory: pytest.TempPathFactory
) -> tuple[DbtReport, Path]:
    """One dbt build of the real fixture graph: its report and dbt's warehouse."""
    work = tmp_path_factory.mktemp("real-dbt")
    return dbt_build(real_snapshot, real_settings, work), work / "warehouse.duckdb"


def test_the_real_fixture_graph_keeps_every_law(real_build: tuple[DbtReport, Path]) -> None:
    report, warehouse = real_build
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
    with duckdb.connect(str(warehouse), read_only=True) as con:
        levels = dict(
            con.execute(
                "SELECT provenance_class, sum(claims) FROM main.ladder_claims_by_level GROUP BY 1"
            ).fetchall()
        )
        claims = con.execute("SELECT claims FROM main.hygiene_summary").fetchall()[0][0]
    assert levels["grounded"] > 100_000 and levels["interaction"] >= 3
    assert sum(levels.values()) == claims


def test_on_the_real_ingest_dbt_and_the_store_agree(
    real_build: tuple[DbtReport, Path], real_settings: Settings
) -> None:
    """The README's ingest (hp.obo, phenotype.hpoa, GeoNames, a conversation): the FACTs the
    sweep earned are the FACTs dbt's law judges, each with the origins promote_to_fact counts;
    dbt's ladder is the store's ladder; every id and predicate the database took, the Python
    checks take too."""
    report, warehouse = real_build
    assert report.ok, [(r.name, r.status, r.failures, r.message) for r in report.broken]
    with duckdb.connect(str(warehouse), read_only=True) as con:
        support = dict(con.execute("SELECT claim_id, origins FROM fact_support").fetchall())
        ladder = {
            (level, klass): n
            for level, klass, n in con.execute(
                "SELECT level, provenance_class, claims FROM ladder_claims_by_level"
            ).fetchall()
        }
    with DuckStore.open(real_settings) as graph:
        store_ladder = graph.ladder()
        facts = store_ladder.rungs["fact"].get("grounded", 0)
        cur = graph._cur
        rows = cur.execute(
            f"SELECT {graph.claim_select}, coalesce((SELECT list(e.source) FROM claim_evidence e "
            "WHERE e.claim_id = c.id), []) FROM claims c SEMI JOIN (SELECT subject, predicate, "
            "coalesce(object_entity, object_literal) AS obj FROM claims WHERE rung = 'fact') f "
            "ON f.subject = c.subject AND f.predicate = c.predicate "
            "AND f.obj = coalesce(c.object_entity, c.object_literal)"
        ).fetchall()
        ids = [r[0] for r in cur.execute("SELECT id FROM entities").fetchall()]
        predicates = [r[0] for r in cur.execute("SELECT DISTINCT predicate FROM claims").fetchall()]
    assert facts > 7_000 and len(support) == facts
    statements: dict[tuple[str, str, str], list[Claim]] = {}
    evidence: dict[str, list[str]] = {}
    for row in rows:
        claim = _claim(row)
        evidence[claim.id] = list(row[-1])
        statements.setdefault((claim.subject, claim.predicate, claim.object_value), []).append(
            claim
        )
    for members in statements.values():
        n = len(epistemic.independent_sources(members, evidence))
        for c in members:
            if c.level is Level.FACT:
                assert support[c.id] == n >= real_settings.epistemic.min_independent_sources
    assert ladder == {
        (level, klass): n for level, by in store_ladder.rungs.items() for klass, n in by.items()
    }
    assert all(ENTITY_ID_RE.match(i) for i in ids)
    assert all(PREDICATE_RE.match(p) for p in predicates)


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
