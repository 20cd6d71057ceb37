"""The morning quiz guards a night: the night runs on a snapshot, MAX is asked the same questions
through the conversation layer before and after, and its writes reach the live graph only when
no answer changed; a night that changes an answer without evidence is rolled back."""

from __future__ import annotations

from datetime import timedelta

import pytest

from flows.consolidation import quiz_markdown
from resident.config import Settings
from resident.daemon.morning_quiz import take_quiz
from resident.learning.checkpoint import checkpoint_path
from resident.learning.consolidation import consolidate
from resident.learning.quiz import guarded_night, quiz_items
from resident.memory.duck_store import DuckStore
from resident.records import NewClaim
from tests.learning.test_consolidation import NOW, _fill, _small_settings

pytest.importorskip("torch")


def _count(store: DuckStore) -> int:
    row = store._cur.execute("SELECT count(*) FROM claims").fetchone()
    assert row is not None
    return int(row[0])


def test_a_quizzed_night_is_stable_and_applied(store: DuckStore, settings: Settings) -> None:
    s = _small_settings(settings)
    _fill(store)
    items = quiz_items(store, s)
    assert len(items) == 36  # every subject of a held claim, up to quiz_size (50)
    assert items[0].question.startswith("What is ")
    before = _count(store)
    g = guarded_night(store, s, NOW, consolidate, take_quiz)
    assert g.quiz.stable and g.quiz.asked == 36, g.quiz.changed
    # The answers rest on held claims: the quiz asked something MAX could answer.
    assert sum(1 for a in g.quiz.before.values() if a.held) >= 30
    assert g.applied > 0 and _count(store) == before + len(g.report.proposals) > before
    for p in g.report.proposals:
        assert store.peek_claim(p.claim_id).provenance == f"inference:ff@{g.report.version}"
    assert checkpoint_path(s.data_dir).exists()
    assert "stable" in quiz_markdown(g)
    assert not list(s.data_dir.glob("night-*")), "the scratch copy is gone"


def test_a_night_that_changes_an_answer_is_rolled_back(
    store: DuckStore, settings: Settings
) -> None:
    s = _small_settings(settings)
    _fill(store)
    asked = quiz_items(store, s)[0].subject

    def careless_night(graph: DuckStore, ns: Settings, now) -> object:  # type: ignore[no-untyped-def]
        report = consolidate(graph, ns, now)
        # A grounded-looking statement of what a quizzed subject is, written without evidence.
        graph.add_claim(
            NewClaim(
                subject=asked,
                predicate="is_a",
                object_entity="concept:c5m4",
                confidence=0.9,
                provenance="ingest:nowhere@1",
            ),
            now,
        )
        return report

    before = _count(store)
    g = guarded_night(store, s, NOW + timedelta(days=1), careless_night, take_quiz)
    assert not g.quiz.stable and g.quiz.changed
    assert g.applied == 0 and _count(store) == before
    assert not checkpoint_path(s.data_dir).exists(), "the learner's files were not kept"
    assert "FAILED" in quiz_markdown(g) and "color:red" in quiz_markdown(g)
