"""What people answered under each object (resident.learning.neighbourhood): confirmed and
refuted count, decayed and waiting do not, open claims apart from questions. learn22's "beside
the confirmed" rule that read these counts is replaced by resident.learning.frontier
(tests/learning/test_learn24.py, RESULTS-learning section 25)."""

from __future__ import annotations

from datetime import UTC, datetime

from resident.config import load_settings
from resident.learning.neighbourhood import neighbourhoods
from resident.learning.proposals import Ledger, Proposal

NOW = datetime(2026, 3, 1, 2, 45, tzinfo=UTC)


def _p(head: str, tail: str, status: str = "open", question: bool = True, rel: str = "is_a"):
    p = Proposal(subject=head, predicate=rel, object_entity=tail, score=0.5, question=question)
    return p if status == "open" else p.close(status, "test", NOW)  # type: ignore[arg-type]


def test_answers_are_counted_by_object_and_only_answers_count() -> None:
    ledger = Ledger(
        proposals=[
            _p("a", "p", "confirmed"),
            _p("b", "p", "confirmed"),
            _p("c", "q", "confirmed"),
            _p("d", "r", "confirmed"),
            _p("e", "r", "refuted"),
            _p("f", "r", "refuted"),
            _p("a", "q", "decayed"),  # says nothing
            _p("b", "q"),  # waiting: says nothing
        ]
    )
    hoods = neighbourhoods(ledger, "is_a")
    assert (hoods["p"].confirmed, hoods["p"].answered) == (2, 2)
    assert (hoods["q"].confirmed, hoods["q"].answered) == (1, 1)
    assert (hoods["r"].confirmed, hoods["r"].answered) == (1, 3)
    assert neighbourhoods(ledger, "part_of") == {}


def test_open_claims_are_counted_and_questions_are_not() -> None:
    ledger = Ledger(
        proposals=[
            _p("a", "p", "confirmed"),
            _p("d", "p", question=False),  # written, open
            _p("e", "p"),  # a question waiting: no claim
        ]
    )
    assert neighbourhoods(ledger, "is_a")["p"].open == 1


def test_the_setting_is_two_answers(tmp_path) -> None:
    settings = load_settings(data_dir=tmp_path, env={})
    assert settings.consolidation.neighbourhood_support == 2
