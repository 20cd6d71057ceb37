"""A fragment or an "it" that finishes the claim said before it (issue 21, wave 17, frag19): a
verbless fragment after a statement in the same turn adds its time, place, company and the
object's adjectives; "it" as an object names the thing said as the object of a deed before it,
in the same turn or the same speaker's next one. Real turns on a real DuckDB graph, in words of
their own, each with a trap."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_a_place_and_time_fragment_finishes_the_deed_before_it(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.say("We went swimming. On Friday, in Harrogate.", ines)
    assert "harrogate" in _answer(max_.say("Where did Ines go swimming?", oli))
    # Trap: a reaction after a deed says no place of it ("Congrats on ... in Leeds").
    max_.say("I moved house. Congrats on the new flat in Leeds, by the way.", oli)
    assert "leeds" not in _answer(max_.say("Where did Oli move house?", ines))


def test_a_with_fragment_says_the_company(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.say("Yesterday I had dinner. With Priya, at the noodle bar.", oli)
    assert "priya" in _answer(max_.say("Who did Oli have dinner with?", ines))
    # Trap: an exclamation between people is no company of anything.
    max_.say("I played tennis. What a match!", ines)
    assert _answer(max_.say("Who did Ines play tennis with?", oli)) in ("", "i don't know.")


def test_a_one_fragment_gives_the_object_its_adjective(max_: Max) -> None:
    ines = _person(max_, "Ines")
    stored = _stored(max_, max_.say("I bought a scarf on Monday. A yellow one.", ines).claims)
    assert ("Ines", "buys", "yellow scarf") in stored
    # Trap: a fragment of another noun finishes no scarf, nor the lamp.
    stored = _stored(max_, max_.say("I bought a lamp. A red sofa too.", ines).claims)
    assert ("Ines", "buys", "lamp") in stored
    assert not any("red" in o for _, _, o in stored)


def test_it_as_an_object_names_the_thing_made_before_it(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    stored = _stored(
        max_, max_.say("I baked a cake on Sunday. I brought it to the office.", ines).claims
    )
    assert ("Ines", "brings", "cake") in stored
    # Trap: another speaker's "it" is not the cake said by Ines.
    stored = _stored(max_, max_.say("I dropped it on the floor.", oli).claims)
    assert not any(o == "cake" for _, _, o in stored)


def test_it_in_the_same_speakers_next_turn_and_made_it_for(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.say("Last week I knitted a scarf.", ines)
    max_.say("A scarf! Fancy.", oli)
    stored = _stored(max_, max_.say("Yes, I made it for my sister.", ines).claims)
    assert ("Ines", "makes", "scarf") in stored
    # Trap: "made it to the station" is getting there, not making a thing.
    stored = _stored(max_, max_.say("I bought a bike. We made it to the station.", oli).claims)
    assert not any(p == "makes" for _, p, _ in stored)
