"""A short reply to the other speaker's question is a statement (issue 21, reply21): "we did"
answers a "you" asked of the replier and company, a time said with the reply ("Yes, on
Sunday.", "We did, last night.") is the statement's time, and "What do you do?" answered by
a kind of person is the replier's work. Real turns on a real DuckDB graph, in words of their
own, each with a trap."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_we_did_answers_a_question_put_to_you(max_: Max) -> None:
    nell, raf = _person(max_, "Nell"), _person(max_, "Raf")
    max_.say("Did you get to the lantern parade?", nell)
    stored = _stored(max_, max_.say("We did.", raf).claims)
    assert any(s == "Raf" and "parade" in o for s, _, o in stored)
    # Trap: a reply that is itself a question states nothing.
    max_.say("Did you get to the book fair?", nell)
    assert not max_.say("Did you?", raf).claims


def test_a_time_said_with_yes_is_the_statements_time(max_: Max) -> None:
    nell, raf = _person(max_, "Nell"), _person(max_, "Raf")
    max_.say("Did you paint the shed?", raf)
    turn = max_.say("Yes, last weekend.", nell)
    assert any(s == "Nell" and "shed" in o for s, _, o in _stored(max_, turn.claims))
    assert turn.claims and all(c.get("occurred_at") for c in turn.claims)
    # Trap: "No idea." answers nothing.
    max_.say("Did you fix the gate?", raf)
    assert not max_.say("No idea.", nell).claims


def test_we_did_with_a_time(max_: Max) -> None:
    nell, raf = _person(max_, "Nell"), _person(max_, "Raf")
    max_.say("Did you visit the castle?", nell)
    stored = _stored(max_, max_.say("We did, on Sunday.", raf).claims)
    assert any(s == "Raf" and "castle" in o for s, _, o in stored)
    # Trap: a question never answered stores nothing, and the next turn answers no one.
    max_.say("Did you see the eclipse?", nell)
    max_.say("The kettle has boiled.", nell)
    assert not any("eclipse" in o for _, _, o in _stored(max_, max_.say("Yes.", raf).claims))


def test_what_do_you_do_answered_by_a_kind_of_person(max_: Max) -> None:
    nell, raf, ola = _person(max_, "Nell"), _person(max_, "Raf"), _person(max_, "Ola")
    max_.say("What do you do these days?", nell)
    stored = _stored(max_, max_.say("Night porter at the Infirmary.", raf).claims)
    assert ("Raf", "works_as", "night porter") in stored
    # Trap: what someone does on a day is no work ("Swimming, mostly." is no trade).
    max_.say("What do you do on Saturdays?", nell)
    assert not any(p == "works_as" for _, p, _ in _stored(max_, max_.say("Swimming.", raf).claims))
    # Trap: a question put to someone else by name is not answered by another.
    max_.say("Raf, what do you do?", nell)
    assert not max_.say("A dentist.", ola).claims


def test_a_time_fills_no_where(max_: Max) -> None:
    nell, raf = _person(max_, "Nell"), _person(max_, "Raf")
    max_.say("Where did you learn to sail?", nell)
    assert not max_.say("Last summer.", raf).claims


def test_a_counted_time_after_yes_is_no_when(max_: Max) -> None:
    nell, raf = _person(max_, "Nell"), _person(max_, "Raf")
    max_.say("Did you teach at the village school?", nell)
    turn = max_.say("Yes, eleven years.", raf)
    assert not any(c.get("occurred_at") for c in turn.claims)
