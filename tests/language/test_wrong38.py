"""An answer rests on a claim of the act asked and is of the type asked (issue 21, wrong38:
answer_sense.py, answer_check.py). Each test fails on main 8e6523c."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_what_asks_a_thing_never_someone(max_: Max) -> None:
    """ "What sold best at the market?" is not the person who did the market."""
    priya, odile = person(max_, "Priya"), person(max_, "Odile")
    max_.say("Shattered. I'm doing the market on three hours' sleep.", priya)
    assert answer_of(max_.say("What sold best at the market?", odile)) == ""
    assert "market" in answer_of(max_.say("What is Priya doing?", odile)).lower()


def test_who_is_no_pet(max_: Max) -> None:
    """A cat held by its tie to its owner (pet_of) is nobody's best man."""
    tomasz, odile = person(max_, "Tomasz"), person(max_, "Odile")
    max_.say("We've got a cat called Brunel, he's a tabby and he's twelve.", tomasz)
    assert answer_of(max_.say("Who is Tomasz's best man?", odile)) == ""
    assert "twelve" in answer_of(max_.say("How old is Brunel?", odile)).lower()
