"""The self-evaluation over a real snapshot of a hand-made graph: each rule finds its rot, a
second run finds the same recommendations again (no duplicates, the owner's status kept), and
nothing in the graph changes but the recommendations table."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from resident.config import Settings
from resident.errors import InvalidInput, NotFound
from resident.hygiene.evaluate import evaluate_snapshot
from resident.hygiene.recommendations import filed
from resident.memory.duck_store import DuckStore
from resident.records import DuplicateCandidate, Entity, NewClaim

NOW = datetime(2026, 3, 1, tzinfo=UTC)
TALK = "interaction:person:ana"


def _graph(store: DuckStore) -> None:
    ents = [Entity(id=f"concept:c{i}", kind="concept", label=f"thing {i}") for i in range(12)]
    ents += [
        Entity(id="hp:1", kind="phenotype", label="Fever", aliases=("Pyrexia",)),
        Entity(id="hp:2", kind="phenotype", label="fever!"),
        Entity(id="hp:3", kind="phenotype", label="Cough"),
        Entity(id="omim:100", kind="disease", label="Alpha disease"),
        Entity(id="orpha:7", kind="disease", label="Alpha-like disease", aliases=("OMIM:100",)),
        Entity(id="person:ana", kind="person", label="Ana"),
        Entity(id="concept:lonely", kind="concept", label="lonely"),
    ]
    store.upsert_entities(ents, NOW)
    claims = []
    for i in range(6):  # `like` and `likes` say the same thing six times
        for p in ("like", "likes"):
            claims.append(
                NewClaim(
                    subject=f"concept:c{i}",
                    predicate=p,
                    object_entity=f"concept:c{i + 6}",
                    confidence=0.3,
                    provenance=TALK,
                )
            )
    for i in range(4):  # parent_of four times, child_of mirrors only two of them
        claims.append(
            NewClaim(
                subject=f"concept:c{i}",
                predicate="parent_of",
                object_entity=f"concept:c{i + 1}",
                confidence=0.7,
                provenance="ingest:family@1",
            )
        )
    for i in range(2):
        claims.append(
            NewClaim(
                subject=f"concept:c{i + 1}",
                predicate="child_of",
                object_entity=f"concept:c{i}",
                confidence=0.7,
                provenance="ingest:family@1",
            )
        )
    claims += [
        NewClaim(
            subject="omim:100",
            predicate="has_phenotype",
            object_entity="hp:1",
            confidence=0.7,
            provenance="ingest:hpoa@1",
        ),
        NewClaim(
            subject="orpha:7",
            predicate="has_phenotype",
            object_entity="hp:2",
            confidence=0.7,
            provenance="ingest:hpoa@1",
        ),
        NewClaim(
            subject="hp:3",
            predicate="is_a",
            object_entity="hp:1",
            confidence=0.7,
            provenance="ingest:hpo@1",
        ),
    ]
    for c in claims:
        store.add_claim(c, NOW)
    store.record_duplicate_candidates(
        [DuplicateCandidate(entity_a="hp:1", entity_b="hp:3", similarity=0.995, model="ff@1")], NOW
    )


@pytest.fixture
def snapshot(store: DuckStore, tmp_path: Path) -> Path:
    _graph(store)
    return store.snapshot(tmp_path / "snap.duckdb")


def test_each_rule_finds_its_rot(snapshot: Path, settings: Settings) -> None:
    ev = evaluate_snapshot(snapshot, settings.hygiene)
    by = {k: [f.target for f in v] for k, v in ev.findings.items()}
    assert by["redundant_predicate"] == ["like~likes"]
    # parent_of/child_of is a declared pair: judged as a missing inverse, not as redundancy.
    assert by["missing_inverse"] == ["parent_of->child_of"]
    [gap] = ev.findings["missing_inverse"]
    assert (gap.evidence["total"], gap.evidence["missing"]) == (4, 2)
    # Ana (a person) has no claims either, and is not an orphan.
    assert by["orphan_entity"] == ["concept:lonely"]
    assert by["duplicate_entity"] == ["hp:1=hp:2", "hp:1=hp:3", "omim:100=orpha:7"]
    dups = {f.target: f.evidence for f in ev.findings["duplicate_entity"]}
    assert dups["hp:1=hp:2"]["shared_names"] == ["fever"]
    assert dups["hp:1=hp:3"]["learner"]["model"] == "ff@1"
    assert dups["omim:100=orpha:7"]["cross_references"] == ["omim:100"]
    assert ev.graph["entities"] == 19


def test_found_again_not_duplicated_and_the_verdict_is_kept(
    store: DuckStore, snapshot: Path, settings: Settings
) -> None:
    before = store.checksum()
    ev = evaluate_snapshot(snapshot, settings.hygiene)
    items = [filed(f) for f in ev.filed(100)]
    first = store.file_recommendations(items, NOW)
    assert (first.new, first.seen_again) == (len(items), 0)
    orphan = next(r for r in store.recommendations() if r.kind == "orphan_entity")
    store.set_recommendation_status(orphan.id, "rejected", NOW + timedelta(hours=1))

    later = NOW + timedelta(days=7)
    again = store.file_recommendations(
        [filed(f) for f in evaluate_snapshot(snapshot, settings.hygiene).filed(100)],
        later,
    )
    assert (again.new, again.seen_again) == (0, len(items))
    rows = store.recommendations(limit=1000)
    assert len(rows) == len(items)
    kept = next(r for r in rows if r.id == orphan.id)
    assert kept.status == "rejected" and kept.seen_count == 2 and kept.last_seen_at == later
    assert {r.id for r in store.recommendations(status="open")} == {r.id for r in rows} - {
        orphan.id
    }
    assert store.checksum() == before  # nothing was applied


def test_status_changes_are_checked(store: DuckStore) -> None:
    with pytest.raises(NotFound):
        store.set_recommendation_status("rec:nope", "accepted", NOW)
    with pytest.raises(InvalidInput):
        store.set_recommendation_status("rec:nope", "applied", NOW)
    with pytest.raises(InvalidInput):
        store.recommendations(status="done")


def test_the_snapshot_is_only_read(snapshot: Path, settings: Settings) -> None:
    before = snapshot.read_bytes()
    evaluate_snapshot(snapshot, settings.hygiene)
    assert snapshot.read_bytes() == before
