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
from resident.errors import GraphBusy, InvalidInput, NotFound
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
    bump = settings.epistemic.retrieval_bump
    # A day on, so that the retrieval may raise confidence again (once per period). A read
    # commits nothing (memory/retrievals.py): it answers at once, beside the open writer.
    read = graph.get_claim(claim.id, NOW + timedelta(days=1))
    assert read.confidence == pytest.approx(0.2 + bump)
    # Writing the retrieval conflicts with the other writer: without the guard it is refused
    # outright, and stays pending.
    with pytest.raises(duckdb.TransactionException, match="(?i)conflict"):
        store.flush_retrievals()

    def commit_later() -> None:
        time.sleep(0.15)
        other.execute("COMMIT")

    committer = threading.Thread(target=commit_later)
    committer.start()
    assert graph.flush_retrievals() == 1
    committer.join()
    # Both writes landed: the other writer's 0.25, then the retrieval bump on top of it.
    got = graph.peek_claim(claim.id)
    assert got.confidence == pytest.approx(0.25 + bump)
    assert got.retrieved_at == NOW + timedelta(days=1)
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


def _decay_graphs(tmp_path: Any) -> tuple[DuckStore, DuckStore, Settings]:
    """Two equal graphs of 1,000 claims at every confidence: one for the single statement,
    one for the sliced sweep."""
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
    (single, _), (sliced, s) = graphs
    return single, sliced, s


def test_sliced_decay_equals_the_single_statement(tmp_path: Any) -> None:
    single, sliced_store, s = _decay_graphs(tmp_path)
    later = NOW + timedelta(days=200)
    want = single.decay_stale_facts(later)
    guarded = GuardedGraph(sliced_store, s.daemon.model_copy(update={"decay_batch_rows": 64}))
    got = guarded.decay_stale_facts(later)
    assert got == want and want.decayed > 0
    assert guarded.checksum() == single.checksum()
    assert guarded.decay_stale_facts(later).decayed == 0, "at most once per stale span"
    assert sliced_store.decay_runs() == single.decay_runs()
    assert sliced_store.decay_runs().last_run == later
    single.close()
    guarded.close()


@pytest.mark.parametrize("resumer", ["guard", "store"])
def test_a_sweep_cut_short_is_finished_before_the_next(tmp_path: Any, resumer: str) -> None:
    """The daemon stopped after three of 16 slices of a sweep: the next decay, sliced or in one
    statement, finishes that sweep with its own time and halves nothing twice in a span; the
    graph ends as if both runs had gone through whole."""
    single, sliced_store, s = _decay_graphs(tmp_path)
    first, second = NOW + timedelta(days=95), NOW + timedelta(days=100)
    for lo in (0, 64, 128):
        sliced_store.decay_slice(first, lo, lo + 64)
    assert sliced_store.decay_pending() == (first, 192)
    with pytest.raises(InvalidInput, match="unfinished"):
        sliced_store.decay_slice(second, 0, 64)
    want = single.decay_stale_facts(first).decayed + single.decay_stale_facts(second).decayed
    settings = s.daemon.model_copy(update={"decay_batch_rows": 64})
    graph = GuardedGraph(sliced_store, settings) if resumer == "guard" else sliced_store
    resumed = graph.decay_stale_facts(second)
    assert sliced_store.checksum() == single.checksum()
    assert sliced_store.decay_pending() is None
    assert sliced_store.decay_runs().last_run == second
    assert resumed.decayed > 0 and want > 0
    single.close()
    sliced_store.close()
