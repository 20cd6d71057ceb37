"""Lower case, a learner's grammar, and dates relative to the session (issue 21, learner30).
Sentences in words of their own, in the errors typical of Turkish, Greek, Hungarian and Urdu
speakers of English: a turn typed without capitals or apostrophes re-cased before it is
parsed; a dropped possessive, a dropped -s and a repeated subject said as meant; a bare
present of a day gone read from the turn's past; weekends and holidays relative to the day
the turn is said."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from resident.language.learner_grammar import repaired
from resident.language.pipeline import load_pipeline
from resident.language.typed_lower import recased, reread
from resident.language.when import resolve
from tests.language.test_conversation import Max, answer_of, person


@pytest.fixture(scope="module")
def nlp():  # type: ignore[no-untyped-def]
    return load_pipeline()


# -- lower case ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # a Turkish student's chat: names WordNet knows only as names, "i", "im"; a sentence's
        # first word stays as typed ("concert is on ..." is no name)
        ("im moving to bristol in june", "I'm moving to Bristol in june"),
        ("i live in bristol", "i live in Bristol"),
        # "march" is a verb too: it stays as typed (the time reader reads any case)
        ("were off to izmir in march", "we're off to Izmir in march"),
        ("dont forget, its ramadan soon", "don't forget, its Ramadan soon"),
        # "were" with no subject is "we're"; with one it stays
        ("were cooking for the whole floor tonight", "we're cooking for the whole floor tonight"),
        ("we were cooking all night", "we were cooking all night"),
        # a name WordNet does not know, where a name stands
        ("my neighbour elif has a cat", "my neighbour Elif has a cat"),
        ("selin ate my chips", "Selin ate my chips"),
        # chat words and typed words elsewhere are no names
        ("lol ok see you at the pub", "lol ok see you at the pub"),
        ("my mum is buzzin", "my mum is buzzin"),
    ],
)
def test_lower_case_turns_are_recased(nlp, typed: str, read: str) -> None:  # type: ignore[no-untyped-def]
    assert recased(typed, nlp) == read


def test_a_turn_with_capitals_keeps_them_but_gets_its_apostrophes(nlp) -> None:  # type: ignore[no-untyped-def]
    assert recased("Im off to see Dimitra in Patras.", nlp) == "I'm off to see Dimitra in Patras."
    assert recased("The Rest Is History.", nlp) == "The Rest Is History."


# -- a learner's grammar ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        # Urdu: the possessive dropped, then the -s
        ("Ayesha cousin Bilal teach in Karachi.", "Ayesha's cousin Bilal teaches in Karachi."),
        # Hungarian: the -s dropped
        ("My boss drive a blue van.", "My boss drives a blue van."),
        # Greek: the subject said twice
        ("My grandfather he grow olives in Crete.", "My grandfather grows olives in Crete."),
    ],
)
def test_learner_forms_are_said_as_meant(nlp, said: str, meant: str) -> None:  # type: ignore[no-untyped-def]
    assert reread(said, nlp).text == meant


@pytest.mark.parametrize(
    "said",
    [
        "The bike shed is behind the house.",  # a noun compound, no verb
        "We let the cat sleep on the sofa.",  # a bare verb after let
        "Gökhan and Selin live in Izmir.",  # two subjects
        "If he come late, we wait.",  # left alone: not a main clause's verb
        "My sister Eleni teaches maths.",  # already agreeing
        "Last Friday she sold the car.",  # a time before the pronoun, no repeated subject
        "Mert go to Ankara yesterday.",  # a day gone: read as said
    ],
)
def test_other_sentences_are_left_as_said(nlp, said: str) -> None:  # type: ignore[no-untyped-def]
    assert repaired(nlp(said)) is None


# -- dates relative to the session -----------------------------------------------------------

_SUNDAY = datetime(2026, 3, 15, 18, tzinfo=UTC)
_SATURDAY = datetime(2026, 3, 14, 18, tzinfo=UTC)
_TUESDAY = datetime(2026, 3, 17, 18, tzinfo=UTC)


@pytest.mark.parametrize(
    ("phrase", "now", "day"),
    [
        ("last weekend", _SUNDAY, (3, 7)),  # the weekend before this one, not yesterday
        ("last weekend", _SATURDAY, (3, 7)),
        ("last weekend", _TUESDAY, (3, 14)),
        ("this weekend", _SUNDAY, (3, 14)),  # the one under way
        ("next weekend", _SUNDAY, (3, 21)),
        ("next weekend", _SATURDAY, (3, 21)),
    ],
)
def test_weekends_whatever_the_weekday(phrase: str, now: datetime, day: tuple[int, int]) -> None:
    for past in (True, False):
        found = resolve(phrase, now, past=past)
        assert found is not None and (found.month, found.day) == day


def test_orthodox_easter_is_not_the_western_one() -> None:
    # 2026: western Easter 5 April, Orthodox 12 April; 2027: 28 March and 2 May.
    assert resolve("for Orthodox Easter", _SUNDAY, past=False) == datetime(2026, 4, 12, tzinfo=UTC)
    assert resolve("at Easter", _SUNDAY, past=False) == datetime(2026, 4, 5, tzinfo=UTC)
    later = datetime(2026, 4, 20, tzinfo=UTC)
    assert resolve("next Orthodox Easter", later) == datetime(2027, 5, 2, tzinfo=UTC)


def test_an_ordinal_day_without_its_article() -> None:
    assert resolve("on twelfth of June", _SUNDAY, past=False) == datetime(2026, 6, 12, tzinfo=UTC)


# -- through the conversation ----------------------------------------------------------------


def test_a_learners_present_of_a_day_gone(max_: Max) -> None:
    # Thursday 1 January 2026 + 6: Wednesday 7 January; the Monday meant is 5 January.
    max_.clock.advance(days=6)
    dora = person(max_, "Dora")
    odile = person(max_, "Odile")
    max_.say("The week was hard. I pass my driving test on Monday!", dora)
    assert "5 january" in answer_of(max_.say("When did Dora pass her driving test?", odile))


def test_a_plan_in_the_present_stays_ahead(max_: Max) -> None:
    max_.clock.advance(days=6)
    dora = person(max_, "Dora")
    odile = person(max_, "Odile")
    max_.say("I start my new job on Monday.", dora)
    assert "12 january" in answer_of(max_.say("When does Dora start her new job?", odile))


def test_a_learners_sentence_is_stored(max_: Max) -> None:
    zeynep = person(max_, "Zeynep")
    odile = person(max_, "Odile")
    max_.say("Zeynep husband Murat work in a hotel in Antalya.", zeynep)
    assert "hotel" in answer_of(max_.say("Where does Murat work?", odile))


def test_a_lower_case_turn_is_stored(max_: Max) -> None:
    emre = person(max_, "Emre")
    odile = person(max_, "Odile")
    max_.say("were having a leaving party at the pub on the 20th of january", emre)
    assert "20 january" in answer_of(max_.say("When is the leaving party?", odile))


def test_last_weekend_said_on_a_sunday_is_the_weekend_before(max_: Max) -> None:
    # Thursday 1 January 2026 + 10: Sunday 11 January; last weekend is 3-4 January.
    max_.clock.advance(days=10)
    eszter = person(max_, "Eszter")
    odile = person(max_, "Odile")
    max_.say("Last weekend I ran a half marathon in Szeged.", eszter)
    said = answer_of(max_.say("When did Eszter run a half marathon?", odile))
    assert "3 january 2026" in said
