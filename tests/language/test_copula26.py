"""What a thing or person is, is called, or looks like, said with "be" or with no verb
(issue 21, wave 26, copular.py), through real turns on a real DuckDB graph. The sentences are
written for these tests, in other words than the dev talk's."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_a_colour_after_the_copula_is_the_things_colour(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("The tractor is green.", ines)
    assert ("tractor", "colour", "green") in _stored(max_, turn.claims)
    assert "green" in _answer(max_.say("What colour is the tractor?", oli))


def test_it_after_a_thing_just_said_takes_a_colour_and_the_denied_one(max_: Max) -> None:
    ines = _person(max_, "Ines")
    turn = max_.say("I knitted a scarf for Dad. It's navy, not black.", ines)
    stored = _stored(max_, turn.claims)
    assert ("scarf", "colour", "navy") in stored
    negated = [c for c in turn.claims if c.get("negated") or "not_" in c["predicate"]]
    assert any("black" in str(c) for c in negated)
    assert ("scarf", "colour", "black") not in stored


def test_it_with_no_thing_in_its_turn_takes_no_colour(max_: Max) -> None:
    ines = _person(max_, "Ines")
    max_.say("The kettle is broken.", ines)
    turn = max_.say("We got a new sofa from a shop in Leeds. It's brown.", ines)
    assert not any(p == "colour" and s == "kettle" for s, p, _ in _stored(max_, turn.claims))


def test_a_state_of_a_person_and_its_denial(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("My uncle Rafa is diabetic.", ines)
    assert ("Rafa", "is", "diabetic") in _stored(max_, turn.claims)
    assert _answer(max_.say("Is Rafa diabetic?", oli)).lower().startswith(("yes", "possibly"))
    turn = max_.say("Oli isn't deaf.", ines)
    assert all(c["predicate"] != "is" or c.get("negated") for c in turn.claims)


def test_judgements_and_feelings_are_no_state(max_: Max) -> None:
    ines = _person(max_, "Ines")
    for said in ("It's fine.", "That was brilliant.", "I'm sure.", "I'm so tired."):
        stored = _stored(max_, max_.say(said, ines).claims)
        assert not any(p in ("is", "colour") for _, p, _ in stored), said


def test_a_noun_named_by_calling_is_what_the_name_is(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("The physio is called Marguerite.", ines)
    assert ("Marguerite", "is_a", "physio") in _stored(max_, turn.claims)
    assert "marguerite" in _answer(max_.say("What is the physio called?", oli))


def test_a_plain_person_noun_gives_way_to_the_copulas_subject(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("The caretaker is a bloke called Mr Pryce who never fixes anything.", ines)
    stored = _stored(max_, turn.claims)
    assert ("Mr Pryce", "is_a", "caretaker") in stored
    assert not any(o == "bloke" for _, _, o in stored)
    assert "mr pryce" in _answer(max_.say("Who is the caretaker?", oli))


def test_a_verbless_named_kind(max_: Max) -> None:
    ines = _person(max_, "Ines")
    turn = max_.say("A retired welder called Huw.", ines)
    assert ("Huw", "is_a", "retired welder") in _stored(max_, turn.claims)
    turn = max_.say("A Siamese cat called Tofu.", ines)
    assert any(s == "Tofu" and p == "is_a" for s, p, _ in _stored(max_, turn.claims))


def test_it_with_only_a_time_is_the_event_just_named(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("We've booked a cookery workshop. It's on the 9th of October.", ines)
    stored = _stored(max_, turn.claims)
    assert any(s == "cookery workshop" and p == "happens" for s, p, _ in stored)
    assert "9 october" in _answer(max_.say("When is the cookery workshop?", oli))
    # A made thing is no event: "it was on Monday" says nothing of the kettle.
    turn = max_.say("I bought a kettle. It was on Monday.", ines)
    assert not any(p == "happens" for _, p, _ in _stored(max_, turn.claims))


def test_whether_a_thing_is_a_colour(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.say("I painted a chair for the garden. It's yellow, not black.", ines)
    assert _answer(max_.say("Is the chair black?", oli)).startswith("no")
    assert _answer(max_.say("Is the chair yellow?", oli)).startswith(("yes", "possibly"))
    max_.say("The old boat is blue.", ines)
    assert _answer(max_.say("Is the boat blue?", oli)).startswith(("yes", "possibly"))


def test_no_state_where_the_copula_says_something_else(max_: Max) -> None:
    ines = _person(max_, "Ines")
    for said in (
        "My nephew was very quiet at the wedding.",  # how he was then
        "Her boss reckons I've been lazy since March.",  # someone else's word for it
        "We're new in Cardiff.",  # said of the place
        "My sister is more relaxed these days.",  # a comparison
    ):
        stored = _stored(max_, max_.say(said, ines).claims)
        assert not any(p == "is" for _, p, _ in stored), said
