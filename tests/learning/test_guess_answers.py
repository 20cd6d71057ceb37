"""The answers people give to MAX's guesses, read back into the learner's ledger (pure rules,
issue 23): yes confirms, no refutes, anything else leaves the guess open; only guesses kept as
questions are closed this way, and a closed one is not reopened by a later answer."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from resident.language.guesses import guess_text, next_guess
from resident.language.questions import AnswerKind, read_yes_no
from resident.learning.answers import answers_of, heard
from resident.learning.proposals import Ledger, Proposal

T0 = datetime(2026, 2, 1, tzinfo=UTC)


def _p(h: str, t: str, score: float, question: bool = True) -> Proposal:
    return Proposal(
        subject=h,
        predicate="is_a",
        object_entity=t,
        score=score,
        precision=0.2,
        gap_id=f"gap-{h}",
        question=question,
    )


def test_heard_closes_only_open_guesses_with_yes_or_no() -> None:
    ledger = Ledger(
        proposals=[
            _p("a", "b", 0.9),
            _p("c", "d", 0.8),
            _p("e", "f", 0.7),
            _p("g", "h", 0.6, False),
        ]
    )
    said = [
        ("gap-a", "person:ana", "no", T0),
        ("gap-a", "person:ben", "yes", T0 + timedelta(hours=1)),  # already closed: stays refuted
        ("gap-c", "person:ana", "yes", T0),
        ("gap-e", "person:ana", "unsure", T0),
        ("gap-g", "person:ana", "yes", T0),  # a written proposal: not a question, untouched
    ]
    out = {p.subject: p for p in heard(ledger, said).proposals}
    assert out["a"].status == "refuted" and "person:ana answered no" in out["a"].trail[-1]
    assert out["c"].status == "confirmed"
    assert out["e"].status == "open" and out["g"].status == "open"
    got = answers_of(heard(ledger, said), "is_a")
    assert (got.answered, got.confirmed, got.waiting) == (2, 1, 2)


def test_the_best_guess_not_asked_of_this_person_comes_first() -> None:
    ledger = Ledger(proposals=[_p("a", "b", 0.7), _p("c", "d", 0.9), _p("e", "f", 0.95, False)])
    first = next_guess(ledger, set())
    assert first is not None and first.subject == "c"
    second = next_guess(ledger, {"gap-c"})
    assert second is not None and second.subject == "a"
    assert next_guess(ledger, {"gap-a", "gap-c"}) is None


def test_guesses_are_asked_as_a_person_would_and_answers_read() -> None:
    assert guess_text("Tremor", "is_a", "Abnormal movement") == (
        "Is Tremor a kind of Abnormal movement?"
    )
    assert guess_text("Wheel", "part_of", "Car") == "Is Wheel part of Car?"
    # A relation with no phrasing of its own is asked as its sentence.
    other = guess_text("Ana", "lives_in", "Porto")
    assert other.startswith("Is it so that") and "Porto" in other and other.endswith("?")
    assert read_yes_no(["yes", ",", "it", "is", "."]) is AnswerKind.YES
    assert read_yes_no(["no", ",", "it", "is", "n't", "."]) is AnswerKind.NO
    assert read_yes_no(["i", "'m", "not", "sure", "."]) is AnswerKind.UNSURE
    assert read_yes_no(["i", "do", "n't", "know"]) is AnswerKind.UNSURE
    assert read_yes_no(["what", "is", "ataxia", "?"]) is None
