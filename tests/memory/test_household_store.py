"""The household store methods (migration 010) on a real graph file: a claim's valid time ends
without losing its row, questions are filed once and move on, and the exploration loop's batch
read and write agree with the one-gap methods."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from resident.config import Settings
from resident.errors import InvalidInput, NotFound
from resident.memory.duck_store import DuckStore
from resident.records import Entity, GapAttempt, HouseQuestion, NewClaim

T0 = datetime(2026, 3, 1, tzinfo=UTC)


@pytest.fixture
def graph(settings: Settings) -> Iterator[DuckStore]:
    g = DuckStore.open(settings, create=True)
    g.upsert_entities(
        [
            Entity(id="person:ana", kind="person", label="Ana"),
            Entity(id="concept:bookshop", kind="concept", label="bookshop"),
            Entity(id="concept:bakery", kind="concept", label="bakery"),
        ],
        T0,
    )
    yield g
    g.close()


def _works(g: DuckStore, place: str) -> str:
    return g.add_claim(
        NewClaim(
            subject="person:ana",
            predicate="works_at",
            object_entity=place,
            confidence=0.3,
            provenance="interaction:person:ana",
        ),
        T0,
    ).id


def test_a_claim_s_validity_ends_and_can_hold_again(graph: DuckStore) -> None:
    cid = _works(graph, "concept:bookshop")
    ended = graph.end_validity(cid, T0 + timedelta(days=1), T0 + timedelta(days=2))
    held = graph.peek_claim(cid)
    assert held.valid_to == T0 + timedelta(days=1) == ended.valid_to
    assert held.confidence == pytest.approx(0.3)  # the ladder does not move
    assert not held.valid_at(T0 + timedelta(days=1)) and held.valid_at(T0)
    with pytest.raises(InvalidInput):
        graph.end_validity(cid, T0 + timedelta(days=9), T0 + timedelta(days=2))
    with pytest.raises(NotFound):
        graph.end_validity("c_nothing", T0, T0)
    graph.end_validity(cid, None, T0 + timedelta(days=3))
    assert graph.peek_claim(cid).valid_to is None


def test_questions_are_filed_once_and_move_on(graph: DuckStore) -> None:
    q = HouseQuestion(
        id="q_1",
        gap_id="g_1",
        person_id="person:ana",
        subject="person:ana",
        predicate="works_at",
        claim_ids=["c_1"],
        first_hand=True,
        text="Is that right?",
        created_at=T0,
    )
    assert graph.add_questions([q, q], T0) == 1
    assert graph.add_questions([q], T0) == 0
    asked = graph.set_question_status("q_1", "asked", T0 + timedelta(hours=1))
    assert asked.asked_at == T0 + timedelta(hours=1)
    done = graph.set_question_status("q_1", "answered", T0 + timedelta(hours=2), "bakery")
    assert (done.status, done.answer) == ("answered", "bakery")
    assert [x.id for x in graph.questions(person_id="person:ana", status="answered")] == ["q_1"]
    assert graph.questions(person_id="person:ben") == []
    with pytest.raises(ValueError):
        graph.set_question_status("q_1", "forgotten", T0)
    with pytest.raises(NotFound):
        graph.set_question_status("q_2", "asked", T0)


def test_the_batch_read_and_write_agree_with_the_one_gap_methods(graph: DuckStore) -> None:
    a = _works(graph, "concept:bookshop")
    b = _works(graph, "concept:bakery")
    conflict = graph.record_conflict(a, b, T0)
    gap = graph.file_gap("person:ana", "works_at", "Where does Ana work?", T0, claim_id=a)
    other = graph.file_gap("concept:bakery", "is_a", "What is it?", T0)
    [ctx, empty] = graph.gap_context([gap, other])
    assert {c.id for c in ctx.claims} == {c.id for c in graph.peek_claims("person:ana")}
    assert [x.id for x in ctx.conflicts] == [conflict.id]
    assert ctx.evidence == {c.id: [] for c in ctx.claims}
    assert empty.claims == [] and empty.conflicts == []
    now = T0 + timedelta(minutes=5)
    updated = graph.attempt_gaps(
        [
            GapAttempt(gap_id=gap.id, resolved=False, note="open"),
            GapAttempt(gap_id=other.id, resolved=True, note="done"),
        ],
        now,
    )
    assert [g.attempts for g in updated] == [1, 1]
    assert graph.get_gap(gap.id).next_attempt_at > now and graph.get_gap(gap.id).note == "open"
    assert graph.get_gap(other.id).status == "resolved"
    with pytest.raises(NotFound):
        graph.attempt_gaps([GapAttempt(gap_id="g_none", resolved=True, note="")], now)
