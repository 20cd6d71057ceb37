"""Mends of the wave-21 merge (issue 21), found when main and the merge were measured on the
unseen batch g26: an answer that says only the kind the question named, a state answering
what someone does, and a particle read into a question that then missed its event. Sentences
written for these tests, not taken from the corpus; real turns on a real DuckDB graph."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person


def test_a_kind_asked_is_not_answered_by_the_kind_named(max_: Max) -> None:
    ines = _person(max_, "Ines")
    max_.say("Our dog is called Rolo. He's a spaniel.", ines)
    answer = _answer(max_.say("What kind of dog is Rolo?", ines))
    assert "spaniel" in answer
    # "Rolo is a dog" says what the question already does.
    assert "dog" not in answer


def test_what_someone_does_is_not_what_they_are_like(max_: Max) -> None:
    ines = _person(max_, "Ines")
    max_.say("My sister Carla is a dentist.", ines)
    max_.say("Carla is very brave.", ines)
    answer = _answer(max_.say("What does Carla do?", ines))
    assert "dentist" in answer
    assert "brave" not in answer
    # What she is like is still held and asked as such.
    assert _answer(max_.say("Is Carla brave?", ines)).startswith(("yes", "possibly"))


def test_when_did_they_go_out_asked_by_the_other_one(max_: Max) -> None:
    omar, lena = _person(max_, "Omar"), _person(max_, "Lena")
    max_.say("Lena's my wife.", omar)
    max_.say("We went out for a curry on Tuesday to celebrate.", omar)
    assert _answer(max_.say("When did they go out to celebrate?", lena)) != ""
