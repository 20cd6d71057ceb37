"""What a turn stores (issue 21, the storing side, wave 12, store14's misreads), through real
turns on a real DuckDB graph."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_never_on_an_auxiliary_negates_the_statement(max_: Max) -> None:
    # "never" hangs on "been", not on the verb: the statement is said in the negative.
    pia = _person(max_, "Pia")
    turn = max_.say("I've never been sailing.", pia)
    assert {p for _, p, _ in _stored(max_, turn.claims)} == {"not_does"}
    assert _answer(max_.say("Has Pia ever been sailing?", pia)).startswith("no")


def test_never_with_a_time_still_negates(max_: Max) -> None:
    pia = _person(max_, "Pia")
    turn = max_.say("I've never seen the desert.", pia)
    assert ("Pia", "not_sees", "desert") in _stored(max_, turn.claims)
    turn = max_.say("I never went back to Lyon after 2018.", pia)
    assert all(p.startswith("not_") for _, p, _ in _stored(max_, turn.claims))
    assert turn.claims


def test_not_is_read_as_before(max_: Max) -> None:
    pia = _person(max_, "Pia")
    turn = max_.say("I have been sailing.", pia)
    assert not any(p.startswith("not_") for _, p, _ in _stored(max_, turn.claims))
