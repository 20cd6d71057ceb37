"""Things as subjects (issue 21, things18): what happened to the objects of a household is
stored of the thing and answered, through real turns on a real DuckDB graph. Each test has an
"I don't know" trap: another day, another thing, or something never said."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored

_UNKNOWN = "i don't know"


def _reply(max_: Max, said: tuple[str, str]) -> str:
    """MAX's reply to a question, in lower case."""
    return max_.say(*said).reply.lower()


def test_a_thing_that_broke_and_who_repaired_it(max_: Max) -> None:
    mira, tom = _person(max_, "Mira"), _person(max_, "Tom")
    turn = max_.say("Our gutter overflowed on Saturday, so Priya came over and cleared it.", mira)
    stored = _stored(max_, turn.claims)
    assert ("gutter", "does", "overflowing") in stored
    assert ("Priya", "clears", "gutter") in stored
    overflowed = next(c for c in turn.claims if c["predicate"] == "does")
    assert overflowed["occurred_at"] is not None
    assert "gutter" in _reply(max_, ("What overflowed on Saturday?", tom))
    assert "priya" in _reply(max_, ("Who cleared the gutter?", tom))
    # Another day, another thing, a deed never said.
    assert _reply(max_, ("What overflowed on Thursday?", tom)).startswith(_UNKNOWN)
    assert _reply(max_, ("Who cleared the drain?", tom)).startswith(_UNKNOWN)


def test_when_a_thing_of_the_speakers_happened(max_: Max) -> None:
    mira, tom = _person(max_, "Mira"), _person(max_, "Tom")
    turn = max_.say("My kettle exploded yesterday.", mira)
    assert ("kettle", "does", "exploding") in _stored(max_, turn.claims)
    when = _reply(max_, ("When did the kettle explode?", tom))
    assert "2025" in when
    assert _reply(max_, ("When did the toaster explode?", tom)).startswith(_UNKNOWN)


def test_a_passive_said_of_a_thing(max_: Max) -> None:
    mira, tom = _person(max_, "Mira"), _person(max_, "Tom")
    turn = max_.say("The sofa got delivered on Wednesday.", mira)
    assert ("sofa", "gets", "delivered") in _stored(max_, turn.claims)
    assert _reply(max_, ("Is the sofa delivered?", tom)).startswith(("yes", "possibly"))
    assert "2026" in _reply(max_, ("When was the sofa delivered?", tom))
    assert _reply(max_, ("Was the wardrobe delivered?", tom)).startswith(_UNKNOWN)
    turn = max_.say("The shed door was painted by Karl.", mira)
    assert ("Karl", "paints", "shed door") in _stored(max_, turn.claims)
    assert "karl" in _reply(max_, ("Who painted the shed door?", tom))
    assert _reply(max_, ("Who painted the fence?", tom)).startswith(_UNKNOWN)


def test_a_thing_going_on_now(max_: Max) -> None:
    mira, tom = _person(max_, "Mira"), _person(max_, "Tom")
    turn = max_.say("The kitchen ceiling is dripping again.", mira)
    assert ("kitchen ceiling", "does", "dripping") in _stored(max_, turn.claims)
    assert _reply(max_, ("Is the kitchen ceiling dripping?", tom)).startswith(("yes", "possibly"))
    assert _reply(max_, ("Is the hall ceiling dripping?", tom)).startswith(_UNKNOWN)


def test_there_is_a_thing_somewhere(max_: Max) -> None:
    mira, tom = _person(max_, "Mira"), _person(max_, "Tom")
    turn = max_.say("There's a wasp nest in the loft.", mira)
    assert ("wasp nest", "located_in", "loft") in _stored(max_, turn.claims)
    assert "loft" in _reply(max_, ("Where is the wasp nest?", tom))
    assert "wasp nest" in _reply(max_, ("What is in the loft?", tom))
    assert _reply(max_, ("What is in the cellar?", tom)).startswith(_UNKNOWN)
    # Nothing there, or there only if: nothing stored.
    assert max_.say("There's no bread in the cupboard.", mira).claims == []


def test_abstract_and_weather_subjects_store_nothing(max_: Max) -> None:
    mira = _person(max_, "Mira")
    for said in (
        "It was pouring all afternoon.",
        "Things have been hectic.",
        "Work is mad at the moment.",
        "Life is good.",
        "The dinner was lovely.",
        "A pipe burst somewhere.",
    ):
        assert max_.say(said, mira).claims == [], said


def test_it_names_the_thing_only_for_a_deed(max_: Max) -> None:
    mira, tom = _person(max_, "Mira"), _person(max_, "Tom")
    turn = max_.say("The freezer leaked again. It was so annoying and we hated it.", mira)
    stored = _stored(max_, turn.claims)
    assert ("freezer", "does", "leaking") in stored
    assert all(o != "freezer" for _, _, o in stored)  # no feeling about the freezer
    # "it" a turn later is what was said since, not the freezer.
    turn = max_.say("Sam fixed it in the end.", tom)
    assert all(o != "freezer" for _, _, o in _stored(max_, turn.claims))
    assert _reply(max_, ("Who fixed the freezer?", tom)).startswith(_UNKNOWN)
