"""OBO parsing: the shipped hp.obo whole, and small broken files refused at their line."""

from __future__ import annotations

from pathlib import Path

import pytest

from resident.errors import MalformedSource
from resident.ingest.obo import parse_obo
from resident.ingest.sources import hpo_data

HEADER = "format-version: 1.2\ndata-version: hp/releases/2025-01-16\nontology: hp.obo\n\n"
TERMS = """[Term]
id: HP:0000001
name: All

[Term]
id: HP:0000118
name: Phenotypic abnormality
def: "A \\"phenotypic\\" abnormality." [HPO:probinson]
synonym: "Phenotypic abnormality" EXACT []
synonym: "Organ abnormality" EXACT layperson []
synonym: "Organ abnormality" RELATED []
is_a: HP:0000001 ! All
is_a: HP:0000001 ! All

[Typedef]
id: part_of
name: part of
"""


def write(tmp_path: Path, text: str, name: str = "tiny.obo") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_shipped_hp_obo_parses_whole() -> None:
    parsed = parse_obo(hpo_data() / "hp.obo", 0.7)
    assert parsed.dataset == "hp"
    assert parsed.version == "2025-01-16"
    assert parsed.provenance == "ingest:hp@2025-01-16"
    ids = parsed.entities.column("id").to_pylist()
    assert len(ids) == len(set(ids)) == parsed.records > 19_000
    assert "hp:0000118" in ids
    claims = parsed.claims.to_pylist()
    is_a = [c for c in claims if c["predicate"] == "is_a"]
    # hp.obo holds about 23k is_a lines; every edge lands between known terms.
    assert len(is_a) > 22_000
    assert {c["object_entity"] for c in is_a} <= set(ids)
    assert all(c["locator"].startswith("hp.obo:") for c in claims)
    assert all(c["confidence"] == 0.7 for c in claims)
    row = ids.index("hp:0000002")
    assert parsed.entities.column("label")[row].as_py() == "Abnormality of body height"


def test_small_file_terms_synonyms_edges(tmp_path: Path) -> None:
    parsed = parse_obo(write(tmp_path, HEADER + TERMS), 0.7)
    entities = {e["id"]: e for e in parsed.entities.to_pylist()}
    assert set(entities) == {"hp:0000001", "hp:0000118"}  # the Typedef is not a term
    # The label is not repeated as an alias and a synonym said twice is one alias.
    assert entities["hp:0000118"]["aliases"] == ["Organ abnormality"]
    assert entities["hp:0000118"]["kind"] == "phenotype"
    claims = parsed.claims.to_pylist()
    assert [(c["predicate"], c["object_entity"], c["object_literal"]) for c in claims] == [
        ("is_a", "hp:0000001", None),  # the repeated is_a line is one claim, at its first line
        ("definition", None, 'A "phenotypic" abnormality.'),
    ]
    assert claims[0]["locator"] == "tiny.obo:16"


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        (HEADER + "[Term]\nid: HP:0000001\nthis line has no tag\n", 7, "expected 'tag: value'"),
        (HEADER + "[Term\nid: HP:0000001\n", 5, "bad stanza header"),
        (
            HEADER + '[Term]\nid: HP:0000001\nname: All\nsynonym: "open ended EXACT []\n',
            8,
            "unterminated quoted string",
        ),
        (
            HEADER + "[Term]\nid: HP:0000001\n\n[Term]\nid: HP:0000002\nname: x\n",
            5,
            "has no name line",
        ),
        (HEADER + "[Term]\nname: nameless\n", 5, "without an id line"),
        (HEADER + "[Term]\nid: HP:1\nname: a\n\n[Term]\nid: HP:1\nname: b\n", 9, "defined twice"),
        (
            HEADER + "[Term]\nid: HP:1\nname: a\nis_a: HP:404 ! nowhere\n",
            8,
            "which this file does not define",
        ),
        (
            HEADER + "[Term]\nid: GO:0008150\nname: biological_process\n",
            6,
            "prefix MAX keeps no stable ids for",
        ),
        (HEADER + "[Term]\nid: HP:1\nid: HP:2\nname: a\n", 7, "two id lines"),
        (HEADER + "[Term]\nid: HP:1\nname: \n", 7, "empty name"),
    ],
)
def test_malformed_obo_refused_at_its_line(
    tmp_path: Path, text: str, line: int, problem: str
) -> None:
    with pytest.raises(MalformedSource) as err:
        parse_obo(write(tmp_path, text), 0.7)
    assert err.value.line == line
    assert problem in str(err.value)
    assert f"line {line}" in str(err.value)


def test_missing_headers_refused(tmp_path: Path) -> None:
    with pytest.raises(MalformedSource, match="no 'data-version:' header"):
        parse_obo(write(tmp_path, "ontology: hp\n\n" + TERMS), 0.7)
    with pytest.raises(MalformedSource, match="no 'ontology:' header"):
        parse_obo(write(tmp_path, "data-version: 1\n\n" + TERMS), 0.7)


def test_not_utf8_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.obo"
    path.write_bytes(HEADER.encode() + b"[Term]\nid: HP:1\nname: \xff\xfe\n")
    with pytest.raises(MalformedSource, match="not UTF-8"):
        parse_obo(path, 0.7)


def test_progress_is_reported(tmp_path: Path) -> None:
    seen: list[tuple[str, int, int | None]] = []
    parse_obo(write(tmp_path, HEADER + TERMS), 0.7, lambda *a: seen.append(a), every=5)
    total = len((HEADER + TERMS).splitlines())
    assert seen[0] == ("parse", 5, total)
    assert seen[-1] == ("parse", total, total)
