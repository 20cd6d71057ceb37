"""DuckStore on a real graph file: idempotent persisters, retrieval, evidence, corrections, gaps."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import duckdb
import pyarrow as pa
import pytest

from resident.cognition import epistemic
from resident.config import Settings
from resident.errors import InvalidInput, NotFound
from resident.memory.duck_store import DuckStore
from resident.records import CuriosityGap, Entity, GapStatus, Level, NewClaim

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def entities(n: int) -> list[Entity]:
    return [
        Entity(
            id=f"hp:{i:07d}",
            kind="phenotype",
            label=f"Phenotype {i}",
            aliases=(f"Alias {i}", f"alt {i}") if i % 2 else (),
        )
        for i in range(n)
    ]


def claims(n: int, version: str = "2024", locator: bool = True) -> list[NewClaim]:
    out = []
    for i in range(1, n):
        out.append(
            NewClaim(
                subject=f"hp:{i:07d}",
                predicate="is_a",
                object_entity="hp:0000000",
                confidence=0.7,
                provenance=f"ingest:hpo@{version}",
                locator=f"line {i}" if locator else None,
            )
        )
        out.append(
            NewClaim(
                subject=f"hp:{i:07d}",
                predicate="has_definition",
                object_literal=f"definition {i} — ünïcode ☃",
                confidence=0.6,
                provenance=f"ingest:hpo@{version}",
            )
        )
    return out


def arrow_entities(items: list[Entity]) -> pa.Table:
    return pa.table(
        {
            "id": [e.id for e in items],
            "kind": [e.kind for e in items],
            "label": [e.label for e in items],
            "aliases": [list(e.aliases) for e in items],
        }
    )


def arrow_claims(items: list[NewClaim]) -> pa.Table:
    return pa.Table.from_pylist([c.model_dump(exclude={"opinion"}) for c in items])


def state(store: DuckStore) -> tuple[dict[str, int], str]:
    return store.counts(), store.checksum()


# -- idempotent persisters -------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["list", "arrow"])
def test_entity_reingest_changes_nothing(store: DuckStore, path: str) -> None:
    items = entities(500)
    payload = items if path == "list" else arrow_entities(items)
    first = store.upsert_entities(payload, T0)
    assert (first.inserted, first.updated, first.unchanged) == (500, 0, 0)
    before = state(store)
    again = store.upsert_entities(payload, T0 + timedelta(days=1))
    assert (again.inserted, again.updated, again.unchanged) == (0, 0, 500)
    assert state(store) == before
    other = store.upsert_entities(arrow_entities(items) if path == "list" else items, T0)
    assert other.unchanged == 500 and state(store) == before
    assert store.get_entity("hp:0000001").aliases == ("Alias 1", "alt 1")


def test_entity_upsert_updates_in_place(store: DuckStore) -> None:
    store.upsert_entities(entities(3), T0)
    before = state(store)
    changed = Entity(id="hp:0000001", kind="phenotype", label="Renamed", aliases=("x",))
    counts = store.upsert_entities([changed], T0)
    assert (counts.inserted, counts.updated) == (0, 1)
    assert store.counts() == before[0] and store.checksum() != before[1]
    assert store.get_entity("hp:0000001") == changed


@pytest.mark.parametrize("path", ["list", "arrow"])
def test_claim_reingest_changes_nothing(store: DuckStore, path: str) -> None:
    store.upsert_entities(entities(200), T0)
    items = claims(200)
    payload = items if path == "list" else arrow_claims(items)
    first = store.upsert_claims(payload, T0)
    assert (first.inserted, first.updated, first.unchanged) == (398, 0, 0)
    before = state(store)
    assert before[0]["claim_evidence"] == 199
    again = store.upsert_claims(payload, T0 + timedelta(days=3))
    assert (again.inserted, again.updated, again.unchanged) == (0, 0, 398)
    assert state(store) == before
    # The other path, and one claim at a time, land on the same rows.
    store.upsert_claims(arrow_claims(items) if path == "list" else items, T0)
    for c in items[:10]:
        store.add_claim(c, T0)
    assert state(store) == before


def test_list_and_arrow_paths_write_the_same_graph(settings: Settings) -> None:
    graphs = []
    for name, to_arrow in (("a", False), ("b", True)):
        s = settings.model_copy(update={"data_dir": settings.data_dir / name})
        with DuckStore.open(s, create=True) as g:
            ents, cls = entities(50), claims(50)
            g.upsert_entities(arrow_entities(ents) if to_arrow else ents, T0)
            g.upsert_claims(arrow_claims(cls) if to_arrow else cls, T0)
            graphs.append(state(g))
    assert graphs[0] == graphs[1]


def test_bulk_and_single_claims_share_ids(store: DuckStore) -> None:
    store.upsert_entities(entities(3), T0)
    c = claims(3)[1]
    store.upsert_claims([c], T0)
    single = store.add_claim(c, T0)
    assert single.id == epistemic.admit(c, T0, store.settings.epistemic).id
    assert store.counts()["claims"] == 1


def test_a_newer_dataset_version_updates_provenance_in_place(store: DuckStore) -> None:
    store.upsert_entities(entities(20), T0)
    store.upsert_claims(claims(20, "2024"), T0)
    one = store.peek_claims("hp:0000001", "is_a")[0]
    store.add_claim(
        NewClaim(
            subject=one.subject,
            predicate="is_a",
            object_entity="hp:0000000",
            confidence=0.5,
            provenance="literature:doc1",
        ),
        T0,
    )
    assert store.promote_to_fact(one.id, T0).level is Level.FACT
    before = store.counts()

    newer = claims(20, "2025")
    newer[0] = newer[0].model_copy(update={"locator": "line 9001", "confidence": 0.1})
    counts = store.upsert_claims(arrow_claims(newer), T0 + timedelta(days=30))
    assert (counts.inserted, counts.updated, counts.unchanged) == (0, 38, 0)
    assert store.counts() == before, "a new release grew the graph"
    after = store.peek_claim(one.id)
    assert after.provenance == "ingest:hpo@2025"
    # A re-ingest refreshes where the claim came from, never how strongly it is held.
    assert (after.level, after.confidence) == (Level.FACT, 0.9)
    evidence = store.evidence_for(one.id)
    assert [(e.source, e.locator) for e in evidence] == [("ingest:hpo", "line 9001")]
    other = store.peek_claims("hp:0000002", "has_definition")[0]
    assert (other.provenance, other.confidence) == ("ingest:hpo@2025", 0.6)


def test_upsert_bulk_lands_whole_or_not_at_all(store: DuckStore) -> None:
    before = state(store)
    bad = claims(5)
    bad[3] = bad[3].model_copy(update={"provenance": "gossip:neighbour"})
    with pytest.raises(InvalidInput):
        store.upsert_bulk(entities(5), bad, T0)
    assert state(store) == before
    ent, cl = store.upsert_bulk(entities(5), claims(5), T0)
    assert (ent.inserted, cl.inserted) == (5, 8)


def test_the_graph_survives_reopening(settings: Settings) -> None:
    with DuckStore.open(settings, create=True) as g:
        g.upsert_entities(entities(10), T0)
        g.upsert_claims(claims(10), T0)
        before = state(g)
    with DuckStore.open(settings) as g:
        assert state(g) == before


# -- retrieval ------------------------------------------------------------------------------------


@pytest.fixture
def graph(store: DuckStore) -> DuckStore:
    store.upsert_entities(entities(5) + [Entity(id="person:anna", kind="person", label="Anna")], T0)
    return store


def _add(
    g: DuckStore,
    obj: str,
    prov: str,
    conf: float,
    predicate: str = "is_a",
    subject: str = "hp:0000001",
) -> str:
    return g.add_claim(
        NewClaim(
            subject=subject,
            predicate=predicate,
            object_entity=obj,
            confidence=conf,
            provenance=prov,
        ),
        T0,
    ).id


def test_retrieval_bumps_confidence_and_retrieved_at(graph: DuckStore) -> None:
    cid = _add(graph, "hp:0000002", "literature:doc1", 0.4)
    later = T0 + timedelta(days=5)
    got = graph.get_claim(cid, later)
    assert (got.confidence, got.retrieved_at) == (pytest.approx(0.42), later)
    assert graph.peek_claim(cid) == got, "the bump was not written"
    assert graph.peek_claim(cid) == graph.peek_claim(cid), "peek counted as a retrieval"
    with pytest.raises(NotFound):
        graph.get_claim("c_missing", later)


def test_retrieval_respects_the_caps(graph: DuckStore) -> None:
    hint = _add(graph, "hp:0000002", "peer:gpt", 0.9)
    near = _add(graph, "hp:0000003", "literature:doc1", 0.83)
    later = T0 + timedelta(days=1)
    for _ in range(5):
        got = {c.id: c for c in graph.claims_by_subject("hp:0000001", later)}
    assert got[hint].confidence == 0.3
    assert (got[near].confidence, got[near].level) == (0.84, Level.BELIEF)


def test_retrieval_by_subject_predicate_and_object(graph: DuckStore) -> None:
    a = _add(graph, "hp:0000002", "literature:doc1", 0.5)
    b = _add(graph, "hp:0000002", "literature:doc1", 0.5, predicate="part_of")
    c = _add(graph, "hp:0000003", "literature:doc1", 0.7)
    d = _add(graph, "hp:0000002", "literature:doc1", 0.5, subject="hp:0000004")
    later = T0 + timedelta(hours=1)
    assert [x.id for x in graph.claims_by_subject("hp:0000001", later)] == [c, *sorted([a, b])]
    assert [x.id for x in graph.claims_by_subject("hp:0000001", later, "part_of")] == [b]
    assert {x.id for x in graph.claims_by_object("hp:0000002", later)} == {a, b, d}
    assert [x.id for x in graph.claims_by_object("hp:0000002", later, "part_of")] == [b]
    assert graph.claims_by_subject("hp:0000000", later) == []
    # Only the claims read were bumped.
    assert graph.peek_claim(c).retrieved_at == later


def test_find_entities(graph: DuckStore) -> None:
    assert [e.id for e in graph.find_entities("phenotype 3")] == ["hp:0000003"]
    assert [e.id for e in graph.find_entities("ALIAS 1")] == ["hp:0000001"]
    assert [e.id for e in graph.find_entities("anna")] == ["person:anna"]
    assert graph.find_entities("nobody") == []
    graph.upsert_entities([Entity(id="concept:twin", kind="concept", label="Phenotype 3")], T0)
    assert [e.id for e in graph.find_entities("Phenotype 3")] == ["concept:twin", "hp:0000003"]
    assert len(graph.find_entities("Phenotype 3", limit=1)) == 1
    with pytest.raises(NotFound):
        graph.get_entity("hp:9999999")


def test_evidence(graph: DuckStore) -> None:
    new = NewClaim(
        subject="hp:0000001",
        predicate="is_a",
        object_entity="hp:0000002",
        confidence=0.6,
        provenance="literature:pmid:42",
        locator="page 3",
    )
    cid = graph.add_claim(new, T0).id
    graph.add_claim(new, T0)
    (ev,) = graph.evidence_for(cid)
    assert (ev.claim_id, ev.source, ev.locator, ev.recorded_at) == (
        cid,
        "literature:pmid:42",
        "page 3",
        T0,
    )
    graph.add_claim(new.model_copy(update={"locator": "page 4"}), T0)
    assert [e.locator for e in graph.evidence_for(cid)] == ["page 4"]
    assert graph.evidence_for("c_missing") == []


# -- record_correction -----------------------------------------------------------------------------


def _correction(obj: str = "hp:0000003") -> NewClaim:
    return NewClaim(
        subject="hp:0000001",
        predicate="is_a",
        object_entity=obj,
        confidence=0.9,
        provenance="user_correction",
    )


def test_record_correction_writes_exactly_three_rows(graph: DuckStore) -> None:
    old = _add(graph, "hp:0000002", "ingest:hpo@1", 0.7)
    before = graph.counts()
    writes = graph.record_correction(_correction(), old, T0, "session-1", "corr-1")
    after = graph.counts()
    assert {k: after[k] - before[k] for k in after} == {
        "entities": 0,
        "claims": 1,
        "claim_evidence": 0,
        "conflicts": 1,
        "curiosity_gaps": 1,
        "recommendations": 0,
    }
    h = graph.peek_claim(writes.hypothesis.id)
    assert (h.level, h.confidence, h.provenance, h.session_id, h.correlation_id) == (
        Level.HYPOTHESIS,
        0.4,
        "user_correction",
        "session-1",
        "corr-1",
    )
    (conflict,) = graph.conflicts_for(old)
    assert {conflict.claim_a, conflict.claim_b} == {old, h.id}
    assert graph.open_conflicts() == [conflict]
    gap = graph.get_gap(writes.gap.id)
    assert (gap.priority, gap.claim_id) == (graph.settings.curiosity.correction_priority, h.id)
    assert graph.peek_claim(old).confidence == 0.7, "a correction changed the old claim"


class FailingGapStore(DuckStore):
    """The third write of a correction fails after the first two were made."""

    def _insert_gap(self, cur: duckdb.DuckDBPyConnection, g: CuriosityGap) -> None:
        super()._insert_gap(cur, g)
        raise RuntimeError("disk full while filing the gap")


def test_record_correction_is_one_transaction(graph: DuckStore) -> None:
    old = _add(graph, "hp:0000002", "ingest:hpo@1", 0.7)
    before = state(graph)
    failing = FailingGapStore(graph.settings, graph._con, graph.path)
    with pytest.raises(RuntimeError, match="disk full"):
        failing.record_correction(_correction(), old, T0)
    assert state(graph) == before
    assert graph.conflicts_for(old) == [] and graph.due_gaps(T0) == []
    # The store is usable afterwards and the same correction then lands whole.
    graph.record_correction(_correction(), old, T0)
    assert graph.counts()["curiosity_gaps"] == 1


def test_record_correction_without_an_old_claim(graph: DuckStore) -> None:
    before = graph.counts()
    writes = graph.record_correction(_correction(), None, T0)
    assert writes.conflict is None
    after = graph.counts()
    assert (after["claims"], after["conflicts"], after["curiosity_gaps"]) == (
        before["claims"] + 1,
        before["conflicts"],
        before["curiosity_gaps"] + 1,
    )
    with pytest.raises(NotFound):
        graph.record_correction(_correction(), "c_missing", T0)


# -- curiosity gaps --------------------------------------------------------------------------------


def test_gap_queue_orders_by_priority_then_age(graph: DuckStore) -> None:
    low = graph.file_gap("hp:0000001", "is_a", "low?", T0, priority=10)
    mid = graph.file_gap("hp:0000002", "is_a", "default?", T0 + timedelta(minutes=1))
    mid2 = graph.file_gap("hp:0000003", "is_a", "default later?", T0 + timedelta(minutes=2))
    old = _add(graph, "hp:0000002", "ingest:hpo@1", 0.7)
    top = graph.record_correction(_correction(), old, T0 + timedelta(minutes=3)).gap
    assert mid.priority == graph.settings.curiosity.default_priority
    now = T0 + timedelta(minutes=5)
    assert [g.id for g in graph.due_gaps(now)] == [top.id, mid.id, mid2.id, low.id]
    assert [g.id for g in graph.due_gaps(now, limit=2)] == [top.id, mid.id]
    assert graph.due_gaps(T0 - timedelta(seconds=1)) == []


def test_gap_backoff_and_resolution(graph: DuckStore) -> None:
    gap = graph.file_gap("hp:0000001", "is_a", "is it?", T0)
    t1 = T0 + timedelta(minutes=1)
    tried = graph.attempt_gap(gap.id, resolved=False, note="no source yet", now=t1)
    wait = epistemic.gap_backoff(0, graph.settings.curiosity)
    assert tried == graph.get_gap(gap.id)
    assert (tried.attempts, tried.next_attempt_at, tried.note) == (1, t1 + wait, "no source yet")
    assert graph.due_gaps(t1 + wait - timedelta(seconds=1)) == []
    assert [g.id for g in graph.due_gaps(t1 + wait)] == [gap.id]
    t2 = t1 + wait
    again = graph.attempt_gap(gap.id, resolved=False, note="still nothing", now=t2)
    assert again.next_attempt_at - t2 == 2 * wait
    done = graph.attempt_gap(gap.id, resolved=True, note="found it", now=t2 + 3 * wait)
    assert (done.status, done.attempts) == (GapStatus.RESOLVED, 3)
    assert graph.due_gaps(t2 + timedelta(days=365)) == []
    with pytest.raises(NotFound):
        graph.attempt_gap("g_missing", resolved=True, note="", now=t2)
