"""A retrieval commits nothing of its own (issue 21, one durable write per turn): the claims it
read come back bumped at once, every read of the store sees the bump, and the graph's next
write transaction writes it first (memory/retrievals.py), except a turn's statements, which no
bump depends on; close() writes what is still pending."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from resident.config import Settings, load_settings
from resident.errors import InvalidInput
from resident.memory.duck_store import DuckStore
from resident.records import Entity, NewClaim, StatementWrite
from tests.memory.test_duck_store import T0


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    s = load_settings(data_dir=tmp_path / "data", env={})
    s.data_dir.mkdir(parents=True)
    return s


@pytest.fixture
def store(settings: Settings) -> Iterator[DuckStore]:
    s = DuckStore.open(settings, create=True)
    s.upsert_entities([Entity(id="person:tom", kind="person", label="Tom")], T0)
    yield s
    s.close()


def _claim(store: DuckStore, obj: str, confidence: float = 0.2) -> str:
    new = NewClaim(
        subject="person:tom",
        predicate="plays",
        object_literal=obj,
        confidence=confidence,
        provenance="literature:doc1",
    )
    return store.add_claim(new, T0).id


def _on_disk(store: DuckStore, claim_id: str) -> tuple[float, datetime]:
    """The row as committed, past the store's own reads."""
    conf, at = (
        store._con.cursor()
        .execute("SELECT confidence, retrieved_at FROM claims WHERE id = ?", [claim_id])
        .fetchone()
    )
    return conf, at


def test_a_retrieval_is_seen_at_once_and_written_with_the_next_write(store: DuckStore) -> None:
    violin = _claim(store, "violin")
    bump = store.settings.epistemic.retrieval_bump
    day = T0 + timedelta(days=1)
    got = store.get_claim(violin, day)
    assert (got.confidence, got.retrieved_at) == (pytest.approx(0.2 + bump), day)
    # Not committed yet, but every read of the store sees it.
    assert _on_disk(store, violin)[0] == pytest.approx(0.2)
    assert store.peek_claim(violin) == got
    assert store.peek_claims("person:tom", "plays") == [got]
    # Read again a minute on: no second raise, the later time kept.
    again = store.claims_by_subject("person:tom", day + timedelta(minutes=1), "plays")
    assert [(c.confidence, c.retrieved_at) for c in again] == [
        (pytest.approx(0.2 + bump), day + timedelta(minutes=1))
    ]
    # A turn's statements leave it pending: they only add.
    piano = NewClaim(
        subject="person:tom",
        predicate="plays",
        object_literal="piano",
        confidence=0.2,
        provenance="literature:doc1",
    )
    store.write_statements([], [StatementWrite(claim=piano)], day)
    assert _on_disk(store, violin)[0] == pytest.approx(0.2)
    # Any other write transaction writes it first.
    _claim(store, "drums")
    conf, at = _on_disk(store, violin)
    assert conf == pytest.approx(0.2 + bump)
    assert at.replace(tzinfo=day.tzinfo) == day + timedelta(minutes=1)
    assert store.peek_claim(violin) == again[0], "written once, not bumped twice"


def test_a_failed_write_keeps_the_retrievals_pending(store: DuckStore) -> None:
    violin = _claim(store, "violin")
    day = T0 + timedelta(days=1)
    store.get_claim(violin, day)
    with pytest.raises(InvalidInput):
        store.add_claim(
            NewClaim(
                subject="person:nobody",
                predicate="plays",
                object_literal="drums",
                confidence=0.2,
                provenance="literature:doc1",
            ),
            day,
        )
    assert _on_disk(store, violin)[0] == pytest.approx(0.2), "rolled back with the write"
    assert store.flush_retrievals() == 1
    assert _on_disk(store, violin)[0] == pytest.approx(
        0.2 + store.settings.epistemic.retrieval_bump
    )
    assert store.flush_retrievals() == 0


def test_a_day_between_two_reads_raises_confidence_twice(store: DuckStore) -> None:
    """Two raises a period apart are not folded into one: the first is written before the
    second is noted, exactly as two committed retrievals would."""
    violin = _claim(store, "violin")
    bump = store.settings.epistemic.retrieval_bump
    store.get_claim(violin, T0 + timedelta(days=1))
    got = store.get_claim(violin, T0 + timedelta(days=2))
    assert got.confidence == pytest.approx(0.2 + 2 * bump)
    store.flush_retrievals()
    assert _on_disk(store, violin)[0] == pytest.approx(0.2 + 2 * bump)


def test_close_writes_what_is_pending(settings: Settings) -> None:
    store = DuckStore.open(settings, create=True)
    store.upsert_entities([Entity(id="person:tom", kind="person", label="Tom")], T0)
    violin = _claim(store, "violin")
    day = T0 + timedelta(days=3)
    store.get_claim(violin, day)
    store.close()
    again = DuckStore.open(settings)
    try:
        held = again.peek_claim(violin)
        assert held.retrieved_at == day
        assert held.confidence == pytest.approx(0.2 + settings.epistemic.retrieval_bump)
    finally:
        again.close()


def test_a_day_between_two_reads_inside_a_turn_raises_twice_and_commits_with_it(
    store: DuckStore,
) -> None:
    """A claim read yesterday and again in a statement turn today: its first bump is written
    into the turn's transaction before the second is noted (the turn's one commit carries it),
    not deferred forever (that read recursed until Python gave up)."""
    violin = _claim(store, "violin")
    bump = store.settings.epistemic.retrieval_bump
    store.get_claim(violin, T0 + timedelta(days=1))
    with store.turn() as turn:
        got = store.get_claim(violin, T0 + timedelta(days=2))
        assert got.confidence == pytest.approx(0.2 + 2 * bump)
        turn.commit([], {})
    assert _on_disk(store, violin)[0] == pytest.approx(0.2 + bump)
    store.flush_retrievals()
    assert _on_disk(store, violin)[0] == pytest.approx(0.2 + 2 * bump)
