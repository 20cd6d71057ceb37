"""Asking MAX his own quiz through the conversation layer, as a person would: the morning quiz
of a consolidation night (flows.consolidation) and the report card's (resident.daemon.report)
ask it here, the one place that calls into the conversation layer for it (the reader is being
rewritten elsewhere: it is re-pointed here and nowhere else). It boots MAX, so it sits above
the capabilities."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from resident.cognition.epistemic import HINT_CLASSES, parse_provenance
from resident.config import Settings
from resident.language import converse
from resident.learning.quiz import QuizAnswer, QuizItem
from resident.memory.client import GraphStore


def ask(resident: Any, question: str, now: datetime) -> QuizAnswer:
    """Ask MAX one question through the conversation layer, as a person would."""
    turn = converse(resident, question, None, now, resident.session.new_correlation_id())
    held = sorted(
        f"{c['subject']} {c['predicate']} {c.get('object_entity') or c.get('object_literal')}"
        for c in turn.claims
        if parse_provenance(str(c.get("provenance", ""))).klass not in HINT_CLASSES
    )
    return QuizAnswer(answer=turn.answer, held=held)


def take_quiz(
    graph: GraphStore, s: Settings, items: list[QuizItem], now: datetime
) -> dict[str, QuizAnswer]:
    """Boot MAX on `graph` (his state files under s.data_dir, a scratch copy) and ask him
    every question of the quiz."""
    from resident.clock import ManualClock
    from resident.daemon.boot import boot

    resident = boot(s, graph, ManualClock(now), probes={})
    try:
        return {q.question: ask(resident, q.question, now) for q in items}
    finally:
        resident.shutdown(now)
