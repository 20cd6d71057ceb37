"""Counting, wave 16 (issue 21, count16): "how many" over what is held, by mechanisms that hold
for words the corpus never used. Every sentence here is written for these tests, none taken
from the corpus. `data/count_probes16.json` is a probe set written before the change and
measured on main first (13 of 26 right, one wrong); each of its situations must now be answered
right or met with "I don't know", never with another number."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmarks.language_eval import judge
from resident.config import Settings
from tests.language.test_conversation import Max, answer_of, person

_PROBES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "count_probes16.json").read_text()
)
#: The probes answered right after the change (the others are still "I don't know").
_RIGHT_NOW = {
    "kids_word",
    "kids_children",
    "siblings",
    "greyhounds",
    "granddaughters_digits",
    "listed_over_turns",
    "employees",
    "hens",
    "hens_chickens",
    "marathons",
    "grandkids_names",
    "books_year",
    "two_of_three",
    "cars_trap",
    "dogs_trap",
    "pets_species",
    "daughters_sons_trap",
    "moved_times",
    "brothers_word",
}


def _said(m: Max, people: dict[str, str], line: str) -> Any:
    who, text = (part.strip() for part in line.split(":", 1))
    if who not in people:
        people[who] = person(m, who)
    return m.say(text, people[who])


@pytest.mark.parametrize("probe", _PROBES, ids=[p["id"] for p in _PROBES])
def test_held_aside_probe_is_right_or_unknown(settings: Settings, probe: dict[str, Any]) -> None:
    m = Max(settings)
    try:
        people: dict[str, str] = {}
        for line in probe["lines"]:
            _said(m, people, line)
        turn = _said(m, people, probe["ask"])
    finally:
        m.close()
    verdict = judge({"kind": "count", "answer": probe["gold"]}, turn.answer, turn.reply)
    assert verdict.outcome != "wrong", (probe["id"], turn.answer)
    if probe["id"] in _RIGHT_NOW:
        assert verdict.outcome == "correct", (probe["id"], turn.answer)


def test_every_verb_of_holding_counts_by_kind(max_: Max) -> None:
    jun = person(max_, "Jun")
    max_.say("We keep three ferrets in the spare room.", jun)
    max_.say("We've got two toddlers running around too.", jun)
    # A ferret is a ferret; toddlers are children by WordNet.
    assert answer_of(max_.say("How many ferrets do we have?", jun)) == "three"
    assert answer_of(max_.say("How many children do we have?", jun)) == "two"
    # No kind of what is held is a rabbit.
    assert answer_of(max_.say("How many rabbits do we have?", jun)) == ""


def test_a_holding_said_in_the_past_is_no_present_count(max_: Max) -> None:
    rui = person(max_, "Rui")
    max_.say("We had four goats on the old farm.", rui)
    # A state over by now (tense.ended_state), as "I lived in York" is.
    assert answer_of(max_.say("How many goats do we have?", rui)) == ""
    assert answer_of(max_.say("How many goats did we have?", rui)) == "four"
    max_.say("I own two kayaks.", rui)
    assert answer_of(max_.say("How many kayaks do I have?", rui)) == "two"
    # The present perfect of a holding is a holding now.
    max_.say("We've had three tortoises since the wedding.", rui)
    assert answer_of(max_.say("How many tortoises do we have?", rui)) == "three"


def test_a_number_fewer_than_the_names_is_no_answer(max_: Max) -> None:
    edda = person(max_, "Edda")
    max_.say("We have two daughters.", edda)
    assert answer_of(max_.say("How many daughters do we have?", edda)) == "two"
    for name in ("Sigrun", "Hulda", "Asta"):
        max_.say(f"My daughter {name} is at university.", edda)
    # Told two, three named: which is right is not MAX's to choose.
    turn = max_.say("How many daughters do we have?", edda)
    assert answer_of(turn) == "" and turn.reply.startswith("I don't know")


def test_names_listed_as_a_relative_are_counted(max_: Max) -> None:
    olu = person(max_, "Olu")
    max_.say("My nephews are Femi, Dayo and Kunle.", olu)
    assert answer_of(max_.say("How many nephews do I have?", olu)) == "3"
    max_.say("My cats are Miso and Udon.", olu)
    assert answer_of(max_.say("How many cats do I have?", olu)) == "2"
    assert answer_of(max_.say("How many nieces do I have?", olu)) == ""
    max_.say("My favourite singer is Adele.", olu)
    assert answer_of(max_.say("How many singers do I have?", olu)) == ""


def test_what_an_owned_thing_has_is_counted_through_its_owner(max_: Max) -> None:
    bo = person(max_, "Bo")
    max_.say("My boat has two cabins and a tiny galley.", bo)
    max_.say("Bo's studio has nine staff.", bo)
    assert answer_of(max_.say("How many cabins does my boat have?", bo)) == "two"
    assert answer_of(max_.say("How many staff does Bo's studio have?", bo)) == "nine"
    # Nothing was said of the boat's staff, nor of a car.
    assert answer_of(max_.say("How many staff does my boat have?", bo)) == ""
    assert answer_of(max_.say("How many cabins does my car have?", bo)) == ""


def test_a_number_joined_to_a_noun_counts_that_noun_of_the_thing(max_: Max) -> None:
    ines = person(max_, "Ines")
    max_.say("We have a three-storey house near the river.", ines)
    assert answer_of(max_.say("How many storeys does my house have?", ines)) == "three"
    # It is one house, not three.
    assert answer_of(max_.say("How many houses do we have?", ines)) in ("", "1")
    assert answer_of(max_.say("How many bedrooms does my house have?", ines)) == ""


def test_relatives_counted_with_their_owner_anywhere_are_had(max_: Max) -> None:
    noor = person(max_, "Noor")
    max_.say("Three of our five grandsons came to the wedding.", noor)
    assert answer_of(max_.say("How many grandsons do we have?", noor)) == "five"
    assert answer_of(max_.say("How many grandchildren do we have?", noor)) == "five"
    max_.say("My neighbour Pia walked past with her two spaniels.", noor)
    assert answer_of(max_.say("How many dogs does Pia have?", noor)) == "two"
    # Pia's dogs are no one else's, and no granddaughter was counted.
    assert answer_of(max_.say("How many dogs do we have?", noor)) == ""
    assert answer_of(max_.say("How many granddaughters do we have?", noor)) == ""
