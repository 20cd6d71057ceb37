"""The graph API against a real daemon: RemoteGraph behaves as the embedded DuckStore does."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
import pytest

from resident.config import Settings, load_settings
from resident.daemon.client import open_graph
from resident.errors import DaemonNotRunning, Forbidden, InvalidInput, NotFound, ResidentError
from resident.memory.client import GraphStore
from resident.memory.duck_store import DuckStore
from resident.memory.remote import RemoteGraph
from resident.records import Entity, NewClaim

T = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture(scope="module")
def remote(daemon: Any) -> Any:
    graph = RemoteGraph(daemon.url, daemon.service_token)
    yield graph
    graph.close()


def _claim(
    subject: str,
    predicate: str,
    obj: str,
    provenance: str,
    confidence: float = 0.7,
    *,
    literal: bool = False,
    locator: str | None = None,
) -> NewClaim:
    if literal:
        return NewClaim(
            subject=subject,
            predicate=predicate,
            object_literal=obj,
            confidence=confidence,
            provenance=provenance,
            locator=locator,
        )
    return NewClaim(
        subject=subject,
        predicate=predicate,
        object_entity=obj,
        confidence=confidence,
        provenance=provenance,
        locator=locator,
    )


def scenario(g: GraphStore, ns: str) -> list[tuple[str, Any]]:
    """Every GraphStore method once, results dumped; errors recorded by their type."""
    out: list[tuple[str, Any]] = []

    def record(label: str, fn: Any) -> Any:
        try:
            value = fn()
        except ResidentError as exc:
            out.append((label, f"raised {type(exc).__name__}"))
            return None
        out.append((label, _dump(value)))
        return value

    asp, head, para = f"concept:{ns}-aspirin", f"concept:{ns}-headache", f"concept:{ns}-para"
    ents = [
        Entity(id=asp, kind="drug", label=f"Aspirin {ns}", aliases=(f"ASA {ns}",)),
        Entity(id=head, kind="phenotype", label=f"Headache {ns}"),
        Entity(id=para, kind="drug", label=f"Paracetamol {ns}"),
    ]
    record("upsert_entities", lambda: g.upsert_entities(ents, T))
    record("upsert_entities again", lambda: g.upsert_entities(ents, T))
    record("get_entity", lambda: g.get_entity(asp))
    record("get_entity missing", lambda: g.get_entity(f"concept:{ns}-nothing"))
    record("find_entities", lambda: g.find_entities(f"asa {ns}"))
    c1 = record(
        "add_claim",
        lambda: g.add_claim(
            _claim(asp, "treats", head, "ingest:drugbank@5.1", locator="row 1"),
            T,
            session_id="S1",
            correlation_id="C1",
        ),
    )
    record(
        "add_claim second source",
        lambda: g.add_claim(_claim(asp, "treats", head, "literature:doc-1"), T),
    )
    record(
        "add_claim unknown entity",
        lambda: g.add_claim(_claim(f"concept:{ns}-ghost", "treats", head, "literature:doc-1"), T),
    )
    record("promote_to_fact", lambda: g.promote_to_fact(c1.id, T))
    weak = record(
        "add_claim hint",
        lambda: g.add_claim(_claim(para, "treats", head, "interaction:person:ana", 0.9), T),
    )
    record("promote refused", lambda: g.promote_to_fact(weak.id, T))
    record(
        "upsert_claims list",
        lambda: g.upsert_claims(
            [
                _claim(para, "dose", "500 mg", "ingest:label@1", 0.6, literal=True),
                _claim(para, "dose", "1 g", "ingest:other@1", 0.6, literal=True),
            ],
            T,
        ),
    )
    table = pa.table(
        {
            "subject": [asp, asp],
            "predicate": ["dose", "dose"],
            "object_entity": pa.nulls(2, pa.string()),
            "object_literal": ["300 mg", "75 mg"],
            "confidence": [0.55, 0.2],
            "provenance": ["ingest:label@1", "peer:model-x"],
        }
    )
    record("upsert_claims table", lambda: g.upsert_claims(table, T))
    record(
        "upsert_bulk",
        lambda: g.upsert_bulk(
            [Entity(id=f"concept:{ns}-ibu", kind="drug", label=f"Ibuprofen {ns}")],
            [_claim(f"concept:{ns}-ibu", "treats", head, "ingest:drugbank@5.1")],
            T,
        ),
    )
    record("get_claim", lambda: g.get_claim(c1.id, T + timedelta(days=1)))
    record("get_claim missing", lambda: g.get_claim("c_missing", T))
    record("claims_by_subject", lambda: g.claims_by_subject(para, T, "dose"))
    record("claims_by_object", lambda: g.claims_by_object(head, T))
    record("peek_claims", lambda: g.peek_claims(asp))
    record("peek_claim", lambda: g.peek_claim(c1.id))
    record("evidence_for", lambda: g.evidence_for(c1.id))
    doses = g.peek_claims(para, "dose")
    conflict = record("record_conflict", lambda: g.record_conflict(doses[0].id, doses[1].id, T))
    record("conflicts_for", lambda: g.conflicts_for(doses[0].id))
    record(
        "open_conflicts",
        lambda: [c for c in g.open_conflicts(1000) if c.subject.startswith(f"concept:{ns}")],
    )
    record("resolve_conflict", lambda: g.resolve_conflict(conflict.id, doses[0].id, T))
    record(
        "record_correction",
        lambda: g.record_correction(
            _claim(para, "dose", "650 mg", "user_correction", 0.4, literal=True),
            doses[1].id,
            T,
            session_id="S1",
            correlation_id="C2",
        ),
    )
    gap = record("file_gap", lambda: g.file_gap(asp, "dose", f"What is the dose? {ns}", T))
    record("get_gap", lambda: g.get_gap(gap.id))
    record(
        "due_gaps",
        lambda: [
            x
            for x in g.due_gaps(T + timedelta(days=1), 1000)
            if x.subject.startswith(f"concept:{ns}")
        ],
    )
    record("attempt_gap", lambda: g.attempt_gap(gap.id, False, "nothing found", T))
    record("confidence_histogram type", lambda: len(g.confidence_histogram(5)))
    record("counts keys", lambda: sorted(g.counts()))
    record("checksum type", lambda: len(g.checksum()))
    record("decay type", lambda: type(g.decay_stale_facts(T + timedelta(days=400))).__name__)
    record("peek after decay", lambda: g.peek_claims(para))
    return out


def _dump(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if isinstance(value, tuple | list):
        return [_dump(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return {k: _dump(getattr(value, k)) for k in value.__dataclass_fields__}
    return value


def test_remote_graph_matches_embedded_store(remote: RemoteGraph, settings: Settings) -> None:
    assert isinstance(remote, GraphStore)
    embedded = DuckStore.open(settings, create=True)
    try:
        want = scenario(embedded, "wire")
    finally:
        embedded.close()
    got = scenario(remote, "wire")
    assert [label for label, _ in got] == [label for label, _ in want]
    for (label, have), (_, expected) in zip(got, want, strict=True):
        assert have == expected, label
    # The scenario did go through the refusals it meant to.
    outcomes = dict(want)
    assert outcomes["get_claim missing"] == "raised NotFound"
    assert outcomes["promote refused"] == "raised PromotionRefused"
    assert outcomes["add_claim unknown entity"] == "raised InvalidInput"
    assert outcomes["promote_to_fact"]["level"] == "fact"


def test_typed_errors_and_naive_times_are_refused(remote: RemoteGraph) -> None:
    with pytest.raises(NotFound):
        remote.peek_claim("c_nothing_here")
    with pytest.raises(InvalidInput, match="timezone"):
        remote.decay_stale_facts(datetime(2026, 1, 1))


def test_arrow_bulk_upsert_is_idempotent(remote: RemoteGraph) -> None:
    n = 20_000
    ents = pa.table(
        {
            "id": [f"concept:bulk-{i}" for i in range(n)],
            "kind": ["thing"] * n,
            "label": [f"Bulk {i}" for i in range(n)],
        }
    )
    claims = pa.table(
        {
            "subject": [f"concept:bulk-{i}" for i in range(n)],
            "predicate": ["part_of"] * n,
            "object_entity": [f"concept:bulk-{(i + 1) % n}" for i in range(n)],
            "object_literal": pa.nulls(n, pa.string()),
            "confidence": [0.7] * n,
            "provenance": ["ingest:bulk@1"] * n,
        }
    )
    first = remote.upsert_bulk(ents, claims, T)
    assert (first[0].inserted, first[1].inserted) == (n, n)
    again = remote.upsert_bulk(ents, claims, T)
    assert (again[0].unchanged, again[1].unchanged) == (n, n)
    got = remote.claims_for_subjects([f"concept:bulk-{i}" for i in range(0, n, 2)])
    assert got.num_rows == n // 2
    assert set(got.column("provenance").to_pylist()) == {"ingest:bulk@1"}


def test_bad_arrow_batch_writes_nothing(remote: RemoteGraph) -> None:
    before = remote.counts()["claims"]
    bad = pa.table(
        {
            "subject": ["concept:bulk-1", "not an id"],
            "predicate": ["x", "x"],
            "object_entity": pa.nulls(2, pa.string()),
            "object_literal": ["a", "b"],
            "confidence": [0.5, 0.5],
            "provenance": ["ingest:bad@1"] * 2,
        }
    )
    with pytest.raises(InvalidInput, match="stable id"):
        remote.upsert_claims(bad, T)
    assert remote.counts()["claims"] == before


def test_export_streams_a_whole_table(remote: RemoteGraph) -> None:
    total = remote.counts()["claims"]
    reader = remote.export_table("claims")
    rows = sum(batch.num_rows for batch in reader)
    assert rows == total > 0
    with pytest.raises(InvalidInput):
        remote.export_table("schema_migrations")


def test_snapshot_is_a_consistent_copy_in_place(remote: RemoteGraph, daemon: Any) -> None:
    dest = daemon.data_dir / "snapshots" / "graph.duckdb"
    path = remote.snapshot(dest)
    assert path == dest.resolve()
    con = duckdb.connect(str(path), read_only=True)
    try:
        copied = {
            t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]  # type: ignore[index]
            for t in ("entities", "claims", "conflicts")
        }
    finally:
        con.close()
    live = remote.counts()
    assert copied == {t: live[t] for t in copied}
    assert [p.name for p in dest.parent.iterdir()] == ["graph.duckdb"], "no temp file left"
    with pytest.raises(InvalidInput, match="under"):
        remote.snapshot(daemon.data_dir / "graph-copy.duckdb")


def test_person_tokens_may_not_use_the_graph_api(daemon: Any) -> None:
    answer = daemon.say("I'm Graphless")
    token = answer["person_token"]["token"]
    with pytest.raises(Forbidden):
        RemoteGraph(daemon.url, token).counts()


def test_open_graph_picks_remote_while_the_daemon_lives(daemon: Any, tmp_path: Path) -> None:
    settings = load_settings(data_dir=daemon.data_dir, env={})
    graph = open_graph(settings)
    try:
        assert isinstance(graph, RemoteGraph)
        assert graph.counts()["claims"] > 0
    finally:
        graph.close()
    alone = load_settings(data_dir=tmp_path / "alone", env={})
    embedded = open_graph(alone, create=True)
    try:
        assert isinstance(embedded, DuckStore)
    finally:
        embedded.close()


def test_a_gone_daemon_is_reported_as_such() -> None:
    with pytest.raises(DaemonNotRunning):
        RemoteGraph("http://127.0.0.1:9", "rsd_x", timeout=2).counts()
