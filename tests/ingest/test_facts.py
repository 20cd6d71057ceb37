"""FACTs that are earned: an hpoa source records one evidence row per reference, and after the
ingest exactly the statements with more than one independent reference are promoted, through
promote_to_fact; a re-ingest changes nothing, and a peer's word never makes a FACT."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from resident.cognition.independence import Witness, witness_origins
from resident.config import Settings, load_settings
from resident.errors import PromotionRefused
from resident.exploration import explore, render_markdown
from resident.ingest import ingest
from resident.ingest.hpoa import COLUMNS
from resident.memory.duck_store import DuckStore
from resident.records import Claim, Level, NewClaim

NOW = datetime(2026, 1, 1, tzinfo=UTC)
OBO = """format-version: 1.2
data-version: hp/releases/2025-01-16
ontology: hp.obo

[Term]
id: HP:0000001
name: All
""" + "".join(
    f"""
[Term]
id: HP:000000{i}
name: Term {i}
is_a: HP:0000001
"""
    for i in range(2, 8)
)


def row(db: str, hpo: str, reference: str, aspect: str = "P", qualifier: str = "") -> str:
    return (
        "\t".join(
            [
                db,
                f"Disease {db}",
                qualifier,
                hpo,
                reference,
                "PCS",
                "",
                "",
                "",
                "",
                aspect,
                "HPO:x[2021-01-01]",
            ]
        )
        + "\n"
    )


ROWS = [
    row("OMIM:100100", "HP:0000002", "OMIM:100100;PMID:1"),  # database + publication: FACT
    row("OMIM:100100", "HP:0000003", "OMIM:100100;OMIM:100200"),  # one database twice: no
    row("OMIM:100100", "HP:0000004", "PMID:5"),  # one publication ...
    row("OMIM:100100", "HP:0000004", "PMID:6"),  # ... and another on a later line: FACT
    row("OMIM:100100", "HP:0000005", "PMID:7;PMID:7"),  # one publication cited twice: no
    row("ORPHA:558", "HP:0000006", "ORPHA:558"),  # one source: no
    row("ORPHA:558", "HP:0000007", "ISBN-13:978-0-19;http://example.org/a", qualifier="NOT"),
]


def write_source(folder: Path, rows: list[str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "hp.obo").write_text(OBO, encoding="utf-8")
    path = folder / "tiny.hpoa"
    path.write_text(
        "#version: 2025-01-16\n" + "\t".join(COLUMNS) + "\n" + "".join(rows), encoding="utf-8"
    )
    return path


def statement(store: DuckStore, subject: str, obj: str) -> Claim:
    """The ingested claim of one statement."""
    [claim] = [
        c
        for c in store.peek_claims(subject)
        if c.object_entity == obj and c.provenance.startswith("ingest:hpo-annotations")
    ]
    return claim


def test_evidence_per_reference_and_earned_facts(
    store: DuckStore, settings: Settings, tmp_path: Path
) -> None:
    path = write_source(tmp_path / "src", ROWS)
    report = ingest(store, str(path), NOW, settings)
    seizure = statement(store, "omim:100100", "hp:0000002")
    assert [(e.source, e.locator) for e in store.evidence_for(seizure.id)] == [
        ("OMIM:100100", "tiny.hpoa:3"),
        ("PMID:1", "tiny.hpoa:3"),
    ]
    # A statement said on two lines keeps the line of each reference.
    later = statement(store, "omim:100100", "hp:0000004")
    assert [(e.source, e.locator) for e in store.evidence_for(later.id)] == [
        ("PMID:5", "tiny.hpoa:5"),
        ("PMID:6", "tiny.hpoa:6"),
    ]
    facts = {
        c.object_entity
        for s in ("omim:100100", "orpha:558")
        for c in store.peek_claims(s)
        if c.level is Level.FACT
    }
    assert facts == {"hp:0000002", "hp:0000004", "hp:0000007"}
    p = report.promotion
    assert p is not None and (p.promoted, p.refused, p.already_fact) == (3, 0, 0)
    assert p.reasons == {
        "database:omim + publication": 1,
        "publication x2": 1,
        "publication + web": 1,
    }
    assert all(
        c.confidence >= settings.epistemic.fact_at
        for s in ("omim:100100",)
        for c in store.peek_claims(s)
        if c.level is Level.FACT
    )
    # Every FACT stands on more than one independent origin of its own evidence rows.
    for subject in ("omim:100100", "orpha:558"):
        for c in store.peek_claims(subject):
            origins = witness_origins(
                Witness(c.provenance, tuple(e.source for e in store.evidence_for(c.id)))
            )
            assert (c.level is Level.FACT) == (len(origins) > 1)
    ladder = store.ladder()
    assert ladder.rungs["fact"] == {"grounded": 3}
    assert ladder.histogram[-1] == 3


def test_reingest_is_idempotent_with_facts(
    store: DuckStore, settings: Settings, tmp_path: Path
) -> None:
    path = write_source(tmp_path / "src", ROWS)
    ingest(store, str(path), NOW, settings)
    before = (store.counts(), store.checksum())
    again = ingest(store, str(path), NOW + timedelta(days=1), settings)
    assert again.changed == 0
    assert again.promotion is not None and again.promotion.promoted == 0
    assert again.promotion.already_fact == 3
    assert (store.counts(), store.checksum()) == before


def test_a_graph_ingested_before_references_is_converted(
    store: DuckStore, settings: Settings, tmp_path: Path
) -> None:
    """A claim first evidenced by its dataset (a line citing nothing, or an older persister)
    has that row replaced by the references once a line cites them: the dataset carries its
    references, it is not counted beside them."""
    ingest(
        store,
        str(write_source(tmp_path / "v1", [row("OMIM:100100", "HP:0000002", "")])),
        NOW,
        settings,
    )
    claim = statement(store, "omim:100100", "hp:0000002")
    assert [e.source for e in store.evidence_for(claim.id)] == ["ingest:hpo-annotations"]
    ingest(
        store,
        str(write_source(tmp_path / "v2", [row("OMIM:100100", "HP:0000002", "OMIM:100100")])),
        NOW,
        settings,
    )
    assert [e.source for e in store.evidence_for(claim.id)] == ["OMIM:100100"]
    assert statement(store, "omim:100100", "hp:0000002").level is Level.BELIEF


def test_corroboration_across_provenance_classes(
    store: DuckStore, settings: Settings, tmp_path: Path
) -> None:
    path = write_source(tmp_path / "src", ROWS)
    ingest(store, str(path), NOW, settings)
    lone = statement(store, "orpha:558", "hp:0000006")
    assert lone.level is Level.BELIEF
    base = NewClaim(
        subject="orpha:558",
        predicate="has_phenotype",
        object_entity="hp:0000006",
        confidence=0.9,
        provenance="peer:gpt",
        locator="PMID:99",
    )
    # Peers and people, however many and whatever they cite, are never evidence.
    for prov in ("peer:gpt", "peer:claude", "interaction:person:anna", "inference:ff"):
        store.add_claim(base.model_copy(update={"provenance": prov}), NOW)
    assert store.promote_earned(NOW).promoted == 0
    # A document naming the same database is the same source ...
    store.add_claim(base.model_copy(update={"provenance": "literature:ORPHA:558"}), NOW)
    assert store.promote_earned(NOW).promoted == 0
    # ... an observation is another: both grounded claims of the statement become FACTs.
    store.add_claim(
        base.model_copy(update={"provenance": "observation:clinic-notes", "locator": "visit 3"}),
        NOW,
    )
    p = store.promote_earned(NOW)
    assert p.promoted == 3 and p.reasons == {"database:orpha + observation": 3}
    assert store.peek_claim(lone.id).level is Level.FACT
    peers = [
        c
        for c in store.peek_claims("orpha:558")
        if not c.provenance.startswith(("ingest:", "literature:", "observation:"))
    ]
    assert peers and all(c.level is not Level.FACT and c.confidence <= 0.3 for c in peers)


def test_a_contested_statement_is_left_to_the_exploration_loop(
    store: DuckStore, settings: Settings, tmp_path: Path
) -> None:
    path = write_source(
        tmp_path / "src",
        [row("OMIM:100100", "HP:0000002", "PMID:1"), row("OMIM:100100", "HP:0000003", "PMID:2")],
    )
    ingest(store, str(path), NOW, settings)
    a = statement(store, "omim:100100", "hp:0000002")
    b = statement(store, "omim:100100", "hp:0000003")
    store.record_conflict(a.id, b.id, NOW)
    store.add_claim(
        NewClaim(
            subject="omim:100100",
            predicate="has_phenotype",
            object_entity="hp:0000002",
            confidence=0.7,
            provenance="literature:PMID:3",
            locator="p. 2",
        ),
        NOW,
    )
    assert store.promote_earned(NOW).promoted == 0
    gap = store.file_gap("omim:100100", "has_phenotype", "which?", NOW)
    report = explore(store, NOW, settings)
    # The gap's plan settles it: two publications against one.
    assert report.resolved == 1 and report.promoted == 2
    assert store.get_gap(gap.id).status.value == "resolved"
    assert "FACTs earned by evidence" in render_markdown(report)


def test_sweep_matches_the_rule_claim_by_claim(
    store: DuckStore, settings: Settings, tmp_path: Path
) -> None:
    """The set-based sweep promotes exactly the claims promote_to_fact accepts one by one."""
    import random

    rng = random.Random(7)
    refs = ["PMID:1", "PMID:2", "OMIM:1", "OMIM:2", "ORPHA:9", "http://x.org/a"]
    rows = [
        row(
            rng.choice(["OMIM:100100", "ORPHA:558", "OMIM:100300"]),
            f"HP:000000{rng.randint(2, 7)}",
            ";".join(rng.sample(refs, rng.randint(1, 2))),
        )
        for _ in range(60)
    ]
    path = write_source(tmp_path / "src", rows)
    ingest(store, str(path), NOW, settings, promote=False)
    claims = [c for s in ("omim:100100", "orpha:558", "omim:100300") for c in store.peek_claims(s)]
    one_by_one = set()
    for c in claims:
        try:
            store.promote_to_fact(c.id, NOW)
        except PromotionRefused:
            continue
        one_by_one.add(c.id)
    other = load_settings(data_dir=tmp_path / "other", env={})
    with DuckStore.open(other, create=True) as swept:
        ingest(swept, str(path), NOW, other, promote=False)
        report = swept.promote_earned(NOW, sample=1000)
        assert {p.claim_id for p in report.sample} == one_by_one
        assert report.promoted == len(one_by_one) > 0


@pytest.mark.parametrize("reference", ["", "PMID:1"])
def test_a_line_without_references_is_evidenced_by_its_dataset(
    store: DuckStore, settings: Settings, tmp_path: Path, reference: str
) -> None:
    path = write_source(tmp_path / "src", [row("OMIM:100100", "HP:0000002", reference)])
    ingest(store, str(path), NOW, settings)
    claim = statement(store, "omim:100100", "hp:0000002")
    sources = [e.source for e in store.evidence_for(claim.id)]
    assert sources == ([reference] if reference else ["ingest:hpo-annotations"])
    assert claim.level is Level.BELIEF


def test_cli_ladder_and_promote(settings: Settings, tmp_path: Path) -> None:
    """`resident promote` and `resident ladder` on an embedded graph (no daemon runs)."""
    import json

    from click.testing import CliRunner

    from resident.cli import main

    with DuckStore.open(settings, create=True) as store:
        ingest(store, str(write_source(tmp_path / "src", ROWS)), NOW, settings, promote=False)
    runner = CliRunner()
    data = ["--data-dir", str(settings.data_dir)]
    promoted = runner.invoke(main, [*data, "promote", "--json"])
    assert promoted.exit_code == 0, promoted.output
    assert json.loads(promoted.output)["promoted"] == 3
    again = runner.invoke(main, [*data, "promote"])
    assert "promoted through promote_to_fact **0**" in again.output
    shown = runner.invoke(main, [*data, "ladder"])
    assert shown.exit_code == 0, shown.output
    assert "The epistemic ladder: " in shown.output
    assert shown.output.splitlines()[3].split()[:2] == ["fact", "3"]
    as_json = json.loads(runner.invoke(main, [*data, "ladder", "--json"]).output)
    assert as_json["rungs"]["fact"] == {"grounded": 3}
