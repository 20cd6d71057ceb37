"""Write-write conflicts inside the daemon are retried, then reported as GraphBusy."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import duckdb
import pytest

from resident.config import DaemonSettings, Settings
from resident.daemon.guard import GuardedGraph, is_write_conflict, retry_conflicts
from resident.errors import GraphBusy, NotFound
from resident.memory.client import GraphStore
from resident.memory.duck_store import DuckStore
from resident.memory.wire import protocol_methods
from resident.records import Entity, NewClaim

NOW = datetime(2026, 3, 1, tzinfo=UTC)


def test_guard_forwards_every_graphstore_method() -> None:
    missing = [m for m in protocol_methods() if m not in vars(GuardedGraph)]
    assert missing == []


def test_conflict_is_retried_until_the_other_writer_commits(settings: Settings) -> None:
    store = DuckStore.open(settings, create=True)
    graph = GuardedGraph(store, DaemonSettings(conflict_retries=30, conflict_backoff_ms=5))
    assert isinstance(graph, GraphStore)
    graph.upsert_entities([Entity(id="person:ana", kind="person", label="Ana")], NOW)
    claim = graph.add_claim(
        NewClaim(
            subject="person:ana",
            predicate="likes",
            object_literal="tea",
            confidence=0.2,
            provenance="interaction:person:ana",
        ),
        NOW,
    )
    other = store._con.cursor()
    other.execute("BEGIN")
    other.execute("UPDATE claims SET confidence = 0.25 WHERE id = ?", [claim.id])
    # Without the guard the read-with-bump is refused outright.
    with pytest.raises(duckdb.TransactionException, match="(?i)conflict"):
        store.get_claim(claim.id, NOW)

    def commit_later() -> None:
        time.sleep(0.15)
        other.execute("COMMIT")

    committer = threading.Thread(target=commit_later)
    committer.start()
    # A day on, so that the retrieval may raise confidence again (once per period).
    got = graph.get_claim(claim.id, NOW + timedelta(days=1))
    committer.join()
    # Both writes landed: the other writer's 0.25, then the retrieval bump on top of it.
    assert got.confidence == pytest.approx(0.25 + settings.epistemic.retrieval_bump)
    graph.close()


def test_exhausted_retries_raise_graph_busy() -> None:
    calls = []

    def always_conflicting() -> None:
        calls.append(1)
        raise duckdb.TransactionException("TransactionContext Error: Conflict on update!")

    with pytest.raises(GraphBusy, match="3 tries"):
        retry_conflicts(
            always_conflicting, DaemonSettings(conflict_retries=2), sleep=lambda s: None
        )
    assert len(calls) == 3


def test_other_errors_pass_through_at_once() -> None:
    calls = []

    def missing() -> None:
        calls.append(1)
        raise NotFound("no claim")

    with pytest.raises(NotFound):
        retry_conflicts(missing, DaemonSettings(), sleep=lambda s: None)
    assert len(calls) == 1


def test_duplicate_key_at_commit_counts_as_a_conflict(settings: Settings) -> None:
    store = DuckStore.open(settings, create=True)
    racer = store._con.cursor()
    racer.execute("BEGIN")
    racer.execute("INSERT INTO entities VALUES ('person:bob', 'person', 'Bob', [], now(), now())")
    store.upsert_entities([Entity(id="person:bob", kind="person", label="Bob")], NOW)
    with pytest.raises(duckdb.TransactionException) as caught:
        racer.execute("COMMIT")
    assert is_write_conflict(caught.value)
    assert not is_write_conflict(duckdb.ConstraintException("CHECK constraint failed"))
    store.close()


def test_sliced_decay_equals_the_single_statement(tmp_path: Any) -> None:
    from datetime import timedelta

    from resident.config import load_settings

    graphs = []
    for name in ("single", "sliced"):
        s = load_settings(data_dir=tmp_path / name, env={})
        store = DuckStore.open(s, create=True)
        ents = [Entity(id=f"concept:e{i}", kind="thing", label=f"E {i}") for i in range(50)]
        store.upsert_entities(ents, NOW)
        store.upsert_claims(
            [
                NewClaim(
                    subject=f"concept:e{i % 50}",
                    predicate="rel",
                    object_literal=f"v{i}",
                    confidence=(i % 10) / 10,
                    provenance="ingest:test@1",
                )
                for i in range(1000)
            ],
            NOW,
        )
        graphs.append((store, s))
    later = NOW + timedelta(days=200)
    (single, _), (sliced_store, s) = graphs
    want = single.decay_stale_facts(later)
    guarded = GuardedGraph(sliced_store, s.daemon.model_copy(update={"decay_batch_rows": 64}))
    got = guarded.decay_stale_facts(later)
    assert got == want and want.decayed > 0
    assert guarded.checksum() == single.checksum()
    assert guarded.decay_stale_facts(later).decayed == 0, "at most once per stale span"
    single.close()
    guarded.close()
