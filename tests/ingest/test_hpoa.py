"""HPO annotation tables: the shipped phenotype.hpoa whole, broken rows refused at their line."""

from __future__ import annotations

from pathlib import Path

import pytest

from resident.errors import MalformedSource
from resident.ingest.hpoa import COLUMNS, parse_hpoa, predicate_for
from resident.ingest.obo import parse_obo
from resident.ingest.sources import hpo_data

OBO = """format-version: 1.2
data-version: hp/releases/2025-01-16
ontology: hp.obo

[Term]
id: HP:0000001
name: All

[Term]
id: HP:0001250
name: Seizure
is_a: HP:0000001

[Term]
id: HP:0000006
name: Autosomal dominant inheritance
is_a: HP:0000001
"""
HEAD = "#description: tiny\n#version: 2025-01-16\n" + "\t".join(COLUMNS) + "\n"


def row(
    db: str = "OMIM:100100",
    name: str = "Some disease",
    qualifier: str = "",
    hpo: str = "HP:0001250",
    aspect: str = "P",
    reference: str = "PMID:1",
) -> str:
    return (
        "\t".join(
            [
                db,
                name,
                qualifier,
                hpo,
                reference,
                "PCS",
                "",
                "1/2",
                "",
                "",
                aspect,
                "HPO:x[2021-01-01]",
            ]
        )
        + "\n"
    )


@pytest.fixture
def ontology(tmp_path: Path):
    path = tmp_path / "hp.obo"
    path.write_text(OBO, encoding="utf-8")
    return parse_obo(path, 0.7)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tiny.hpoa"
    path.write_text(text, encoding="utf-8")
    return path


def test_shipped_phenotype_hpoa_parses_whole() -> None:
    ontology = parse_obo(hpo_data() / "hp.obo", 0.7)
    parsed = parse_hpoa(hpo_data() / "phenotype.hpoa", ontology, 0.7)
    assert parsed.dataset == "hpo-annotations"
    assert parsed.provenances == ("ingest:hp@2025-01-16", "ingest:hpo-annotations@2025-01-16")
    assert parsed.records > 270_000
    # DECIPHER has no stable id prefix in MAX: its rows are counted, not guessed at.
    assert sum(parsed.skipped.values()) == 296
    ids = set(parsed.entities.column("id").to_pylist())
    assert {i.partition(":")[0] for i in ids} == {"hp", "omim", "orpha"}
    annotations = [
        c
        for c in parsed.claims.to_pylist()
        if c["provenance"] == "ingest:hpo-annotations@2025-01-16"
    ]
    assert len(annotations) > 250_000
    assert {c["predicate"] for c in annotations} >= {
        "has_phenotype",
        "lacks_phenotype",
        "has_inheritance",
    }
    assert all(c["object_entity"] in ids and c["subject"] in ids for c in annotations)
    # One row per (statement, reference): no row twice, every row cites its reference.
    keys = [
        (c["subject"], c["predicate"], c["object_entity"], c["evidence_source"])
        for c in annotations
    ]
    assert len(keys) == len(set(keys))
    assert all(c["evidence_source"] for c in annotations)
    statements = {k[:3] for k in keys}
    assert len(statements) < len(keys)


def test_rows_become_diseases_and_claims(tmp_path: Path, ontology) -> None:
    text = (
        HEAD
        + row()
        + row(reference="PMID:2")  # the same statement twice: one claim
        + row(name="Other name", hpo="HP:0000006", aspect="I")
        + row(db="ORPHA:558", name="Marfan", qualifier="NOT")
        + row(db="DECIPHER:1", name="Skipped")
    )
    parsed = parse_hpoa(write(tmp_path, text), ontology, 0.7)
    diseases = {e["id"]: e for e in parsed.entities.to_pylist() if e["kind"] == "disease"}
    assert diseases["omim:100100"]["label"] == "Some disease"
    assert diseases["omim:100100"]["aliases"] == ["Other name"]
    assert "orpha:558" in diseases
    claims = [
        c
        for c in parsed.claims.to_pylist()
        if c["provenance"].startswith("ingest:hpo-annotations@")
    ]
    # The repeated statement is one claim with two evidence rows, each reference at the line
    # that first cites it.
    assert [
        (c["subject"], c["predicate"], c["object_entity"], c["evidence_source"], c["locator"])
        for c in claims
    ] == [
        ("omim:100100", "has_phenotype", "hp:0001250", "PMID:1", "tiny.hpoa:4"),
        ("omim:100100", "has_phenotype", "hp:0001250", "PMID:2", "tiny.hpoa:5"),
        ("omim:100100", "has_inheritance", "hp:0000006", "PMID:1", "tiny.hpoa:6"),
        ("orpha:558", "lacks_phenotype", "hp:0001250", "PMID:1", "tiny.hpoa:7"),
    ]
    assert parsed.skipped == {"DECIPHER rows (no stable id prefix for DECIPHER)": 1}
    assert predicate_for("C", False) == "has_clinical_course"


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        (HEAD + row() + "OMIM:1\tonly three\tfields\n", 5, "expected 12 tab-separated fields"),
        (HEAD + row(db="MONDO:1"), 4, "is not OMIM:, ORPHA: or DECIPHER:"),
        (HEAD + row(hpo="HP:12"), 4, "is not HP:nnnnnnn"),
        (HEAD + row() + row(hpo="HP:9999999"), 5, "is not a term of hp.obo"),
        (HEAD + row(qualifier="MAYBE"), 4, "qualifier"),
        (HEAD + row(aspect="Z"), 4, "aspect 'Z'"),
        (HEAD + row(name=" "), 4, "empty name"),
        ("#version: 1\ndatabase_id\tdisease_name\n" + row(), 2, "expected the column header"),
        ("#description: x\n" + "\t".join(COLUMNS) + "\n" + row(), 2, "no '#version:' line"),
    ],
)
def test_malformed_hpoa_refused_at_its_line(
    tmp_path: Path, ontology, text: str, line: int, problem: str
) -> None:
    with pytest.raises(MalformedSource) as err:
        parse_hpoa(write(tmp_path, text), ontology, 0.7)
    assert err.value.line == line
    assert problem in str(err.value)


def test_table_without_header_refused(tmp_path: Path, ontology) -> None:
    with pytest.raises(MalformedSource, match="no column header line"):
        parse_hpoa(write(tmp_path, "#version: 1\n"), ontology, 0.7)
