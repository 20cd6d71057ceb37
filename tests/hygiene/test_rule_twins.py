"""The rules dbt states and the rules MAX runs are one: dbt's FACT law counts a statement's
independent origins with the promotion sweep's own SQL (resident.memory.sql_rules) over the
origins resident.cognition.independence gives, and classifies provenances with
epistemic.parse_provenance (stg_provenances). Held equal here on a generated graph (every kind
of source, rung and provenance, facts with and without support) against the pure rules
themselves, and on the real ingest (here and in test_dbt_laws.py)."""

from __future__ import annotations

import random
import shutil
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import pytest

from resident.cognition import epistemic
from resident.config import Settings, load_settings
from resident.errors import PromotionRefused, UnknownProvenance
from resident.hygiene.dbt_run import dbt_build
from resident.memory.duck_store import DuckStore
from resident.memory.rows import CLAIM_COLUMNS, CLAIM_WIDTH, _claim, _claim_params
from resident.records import Claim, Level

pytestmark = pytest.mark.slow

T0 = datetime(2026, 1, 1, tzinfo=UTC)
#: Every kind of evidence source independence.source_origin distinguishes, and some that are
#: not evidence at all.
SOURCES = (
    "PMID:1",
    "PMID:2",
    "PMID:3",
    "ISBN-13:978-0199-1",
    "ISBN:97801991",
    "https://www.omim.org/entry/1",
    "http://www.omim.org/entry/1/",
    "literature:PMID:1",
    "OMIM:1",
    "OMIM:2",
    "ORPHA:558",
    "DECIPHER:16",
    "ingest:hpo-annotations@2024",
    "ingest:hpo-annotations@2025",
    "ingest:hp@1",
    "literature:doc1",
    "observation:cam",
    "peer:gpt",
    "interaction:person:anna",
    "user_correction",
    "no colon here",
)
GROUNDED = (
    "ingest:hpo-annotations@2025",
    "ingest:hpo-annotations@2026",
    "ingest:hp@1",
    "literature:doc1",
    "literature:PMID:2",
    "observation:cam",
)
HINTS = ("peer:gpt", "interaction:person:anna", "inference:learner", "user_correction")
#: Strings parse_provenance refuses; the store never writes them, a buggy writer might.
INVALID = ("gossip:someone", "ingest:no-version", "literature:", "peer:two words")


def _generated(n_statements: int, seed: int) -> tuple[list[Claim], dict[str, list[str]]]:
    rng = random.Random(seed)
    claims: list[Claim] = []
    evidence: dict[str, list[str]] = {}
    for s in range(n_statements):
        obj = f"hp:{s % 7}"
        for i in range(rng.randint(1, 4)):
            prov = rng.choice(GROUNDED + HINTS)
            grounded = prov in GROUNDED
            level = rng.choice(
                [Level.BELIEF, Level.HYPOTHESIS, Level.OPINION]
                + ([Level.FACT, Level.FACT] if grounded else [])
            )
            confidence = {
                Level.FACT: 0.9,
                Level.OPINION: 0.5 if grounded else 0.3,
                Level.BELIEF: 0.7 if grounded else 0.3,
                Level.HYPOTHESIS: 0.2,
            }[level]
            claim = Claim(
                id=f"c{s}-{i}",
                subject=f"omim:{s}",
                predicate="has_phenotype",
                object_entity=obj,
                object_literal=None,
                confidence=confidence,
                level=level,
                provenance=prov,
                created_at=T0,
                retrieved_at=T0,
            )
            claims.append(claim)
            evidence[claim.id] = sorted(set(rng.sample(SOURCES, rng.randint(0, 4))))
    return claims, evidence


def _write(path: Path, settings: Settings, claims: list[Claim], ev: dict[str, list[str]]) -> None:
    with DuckStore.open(settings, create=True):
        pass
    shutil.copy(settings.graph_path, path)
    with duckdb.connect(str(path)) as con:
        ids = sorted({c.subject for c in claims} | {c.object_entity or "" for c in claims})
        con.executemany(
            "INSERT INTO entities VALUES (?, 'thing', ?, [], now()::TIMESTAMP, now()::TIMESTAMP)",
            [[i, i] for i in ids],
        )
        con.executemany(
            f"INSERT INTO claims ({CLAIM_COLUMNS}) VALUES ({', '.join('?' * CLAIM_WIDTH)})",
            [_claim_params(c) for c in claims],
        )
        con.executemany(
            "INSERT INTO claim_evidence VALUES (?, ?, NULL, now()::TIMESTAMP)",
            [[cid, src] for cid, srcs in ev.items() for src in srcs],
        )
        # Written past the store, as a buggy writer would: provenances no rule accepts.
        for n, prov in enumerate(INVALID):
            con.execute(
                "INSERT INTO claims (id, subject, predicate, object_entity, object_literal, "
                "confidence, rung, provenance, created_at, retrieved_at) VALUES "
                "(?, 'omim:0', 'note', NULL, 'x', 0.2, NULL, ?, now()::TIMESTAMP, "
                "now()::TIMESTAMP)",
                [f"bad-{n}", prov],
            )


def _class(provenance: str) -> str | None:
    try:
        return epistemic.parse_provenance(provenance).klass.value
    except UnknownProvenance:
        return None


def test_dbt_counts_and_classifies_as_the_rules_do(tmp_path: Path) -> None:
    settings = load_settings(data_dir=tmp_path / "data", env={})
    rules = settings.epistemic
    claims, evidence = _generated(400, seed=25)
    snapshot = tmp_path / "generated.duckdb"
    _write(snapshot, settings, claims, evidence)

    report = dbt_build(snapshot, settings, tmp_path / "dbt")
    with duckdb.connect(str(tmp_path / "dbt" / "warehouse.duckdb"), read_only=True) as con:
        support = dict(con.execute("SELECT claim_id, origins FROM fact_support").fetchall())
        classes = {
            p: (k, g, h)
            for p, k, g, h in con.execute(
                "SELECT provenance, provenance_class, grounded, hint FROM stg_provenances"
            ).fetchall()
        }
    # The FACT law's count is promote_to_fact's: every FACT, origin for origin.
    by_statement: dict[tuple[str, str, str], list[Claim]] = {}
    for c in claims:
        by_statement.setdefault((c.subject, c.predicate, c.object_value), []).append(c)
    facts = [c for c in claims if c.level is Level.FACT]
    want = {
        c.id: len(
            epistemic.independent_sources(
                by_statement[(c.subject, c.predicate, c.object_value)], evidence
            )
        )
        for c in facts
    }
    assert support == want
    assert Counter(n >= rules.min_independent_sources for n in want.values()).keys() == {
        True,
        False,
    }, "the generated graph has facts on both sides of the law"
    unsupported = sum(n < rules.min_independent_sources for n in want.values())
    law = next(r for r in report.laws if r.name.startswith("fact_has_independent_sources"))
    assert law.failures == unsupported

    # The provenance classes, hint caps and grounding are parse_provenance's.
    provenances = {c.provenance for c in claims} | set(INVALID)
    assert set(classes) == provenances
    for p, (klass, grounded, hint) in classes.items():
        assert klass == _class(p), p
        assert grounded == (klass == "grounded"), p
        assert hint == (klass in {c.value for c in epistemic.HINT_CLASSES}), p
    valid = next(r for r in report.laws if r.name.startswith("valid_provenance_class"))
    assert valid.failures == len(INVALID)


def test_the_sweep_promotes_exactly_what_the_law_then_accepts(tmp_path: Path) -> None:
    """promote_earned over the generated graph (its facts taken back to beliefs) promotes
    the claims promote_to_fact accepts, and dbt's law then holds for every one of them."""
    settings = load_settings(data_dir=tmp_path / "data", env={})
    claims, evidence = _generated(300, seed=7)
    claims = [
        c.model_copy(update={"level": Level.BELIEF, "confidence": 0.7})
        if c.level is Level.FACT
        else c
        for c in claims
    ]
    snapshot = tmp_path / "generated.duckdb"
    _write(snapshot, settings, claims, evidence)
    with duckdb.connect(str(snapshot)) as con:
        con.execute("DELETE FROM claims WHERE id LIKE 'bad-%'")
    shutil.copy(snapshot, settings.graph_path)
    with DuckStore.open(settings) as graph:
        report = graph.promote_earned(T0)
        graph.snapshot(tmp_path / "promoted.duckdb")
    by_statement: dict[tuple[str, str, str], list[Claim]] = {}
    for c in claims:
        by_statement.setdefault((c.subject, c.predicate, c.object_value), []).append(c)
    accepted = set()
    for c in claims:
        try:
            epistemic.promote_to_fact(
                c,
                by_statement[(c.subject, c.predicate, c.object_value)],
                settings.epistemic,
                evidence,
            )
        except PromotionRefused:
            continue
        accepted.add(c.id)
    assert {p.claim_id for p in report.sample} <= accepted
    assert report.promoted == len(accepted) > 0
    laws = dbt_build(tmp_path / "promoted.duckdb", settings, tmp_path / "dbt")
    assert laws.ok, [(r.name, r.status, r.failures) for r in laws.broken]
    with duckdb.connect(str(tmp_path / "dbt" / "warehouse.duckdb"), read_only=True) as con:
        ladder = {
            (lv, k): n
            for lv, k, n in con.execute(
                "SELECT level, provenance_class, claims FROM ladder_claims_by_level"
            ).fetchall()
        }
    # The ladder mart reads levels as the store does (the rung, else level_for(confidence)).
    expected = Counter(
        (
            "fact"
            if c.id in accepted
            else c.level.value
            if c.level is Level.OPINION
            else epistemic.level_for(c.confidence, settings.epistemic).value,
            _class(c.provenance),
        )
        for c in claims
    )
    assert ladder == dict(expected)


def _all_claims(graph: DuckStore) -> dict[str, Claim]:
    rows = graph._cur.execute(f"SELECT {graph.claim_select} FROM claims").fetchall()
    return {c.id: c for c in map(_claim, rows)}


def test_on_the_real_ingest_levels_and_decay_are_the_rules(real_copy: Settings) -> None:
    """The README's ingest (hp.obo, phenotype.hpoa, GeoNames, a conversation): every claim's
    level as the store reads it in SQL is the pure rule's, and decay_stale_facts in SQL, run
    half a year on, does to every claim exactly what epistemic.decay_step does."""
    later = datetime(2026, 7, 1, tzinfo=UTC)  # the fixture's T0 plus half a year
    with DuckStore.open(real_copy) as graph:
        before = _all_claims(graph)
        ladder = graph.ladder()
        last_run = graph.decay_runs().last_run
        counts = graph.decay_stale_facts(later)
        after = _all_claims(graph)
    assert len(before) > 300_000
    rules = real_copy.epistemic
    recount = Counter(
        (
            c.level.value
            if c.level in (Level.FACT, Level.OPINION)
            else epistemic.level_for(c.confidence, rules).value,
            _class(c.provenance),
        )
        for c in before.values()
    )
    assert recount == Counter(
        {(level, klass): n for level, by in ladder.rungs.items() for klass, n in by.items()}
    )
    want = {
        i: epistemic.decay_step(c, later, real_copy.decay, rules, last_run)
        for i, c in before.items()
    }
    assert after == want
    assert counts.decayed == sum(want[i] != before[i] for i in before) > 0
