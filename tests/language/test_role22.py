"""Answers about something else (issue 21, role22): the answer must fill the role the question
asks, not another role of the statement it rests on; a number said in words is stored whole;
the finer of two times said of one thing wins. Sentences written for these tests, not from
the corpus; each with a trap that must get "I don't know"."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from spacy.tokens import Span

from resident.language.answer_fills import fills_asked, only_amount
from resident.language.pipeline import load_pipeline
from tests.language.test_conversation import Max, answer_of, person


def _asked(text: str) -> Span:
    return list(load_pipeline()(text).sents)[-1]


def _view(subject: str, predicate: str, obj: str, person_object: bool = False) -> Any:
    """A stand-in for a ClaimView: the labels and the claim fields answer_fills reads."""
    claim = SimpleNamespace(
        id=f"c-{predicate}-{obj}",
        predicate=predicate,
        object_entity="person:x" if person_object else None,
        subject="person:s",
    )
    return SimpleNamespace(claim=claim, subject_label=subject, object_label=obj)


# -- numbers said in words, whole -----------------------------------------------------------


def test_a_number_said_as_the_object_is_stored_whole(max_: Max) -> None:
    ana = person(max_, "Ana")
    tomas = person(max_, "Tomas")
    max_.say("I sold my old van on Friday, I got four thousand three hundred for it.", tomas)
    said = answer_of(max_.say("How much did Tomas get for his van?", ana))
    assert said in ("four thousand three hundred", "4300")
    max_.say("We planted two hundred and fifty tulips in the autumn.", tomas)
    said = answer_of(max_.say("How many tulips did Tomas plant?", ana))
    assert said in ("two hundred and fifty", "250")


# -- who: never one the question names ------------------------------------------------------


def test_who_is_never_the_asker(max_: Max) -> None:
    orla = person(max_, "Orla")
    ana = person(max_, "Ana")
    max_.say("I'm learning the cello. Mr Brennan teaches me on Saturdays.", orla)
    # The learner of "I'm learning the cello" is no teacher of it.
    assert answer_of(max_.say("Who teaches me the cello?", orla)) in ("", "mr brennan")
    assert answer_of(max_.say("Who teaches Orla?", ana)) == "mr brennan"


def test_who_is_never_a_name_the_question_says() -> None:
    sent = _asked("Who trains Ravi at the club?")
    assert not fills_asked(sent, "Ravi", [_view("Ravi", "learns", "judo")])
    assert fills_asked(sent, "Coach Ellis", [_view("Coach Ellis", "trains", "Ravi", True)])
    mine = _asked("Who drives me to school?")
    assert not fills_asked(mine, "Priya", [_view("Priya", "goes_to", "school")], asker="Priya")
    assert fills_asked(mine, "Dad", [_view("Dad", "drives", "Priya", True)], asker="Priya")


# -- an amount is no reason and no job ------------------------------------------------------


def test_an_amount_is_only_an_amount() -> None:
    for text in ("thirty pounds", "£45", "three night shifts", "twenty hours a week"):
        assert only_amount(text), text
    for text in ("two part-time jobs", "three kids", "to save money", "nurse"):
        assert not only_amount(text), text


def test_a_price_is_no_reason_and_hours_no_job() -> None:
    why = _asked("Why did Mo buy a scooter?")
    assert not fills_asked(why, "sixty pounds", [_view("Mo", "buys", "scooter")])
    assert fills_asked(why, "to get to college", [_view("Mo", "buys", "scooter")])
    job = _asked("What does Mo do for a living?")
    assert not fills_asked(job, "three night shifts", [_view("Mo", "works", "three night shifts")])
    assert fills_asked(job, "porter", [_view("Mo", "works_as", "porter")])


def test_hours_worked_do_not_answer_what_someone_does(max_: Max) -> None:
    ana = person(max_, "Ana")
    kemi = person(max_, "Kemi")
    max_.say("I work four long shifts a week.", kemi)
    assert answer_of(max_.say("What does Kemi do for work?", ana)) == ""
    max_.say("I'm a paramedic.", kemi)
    assert answer_of(max_.say("What does Kemi do for work?", ana)) == "paramedic"


# -- a yes is about the question's object ---------------------------------------------------


def test_a_yes_needs_the_object_asked() -> None:
    sent = _asked("Is Maeve still dating Connor?")
    assert not fills_asked(sent, "Yes", [_view("Maeve", "is_a", "auntie")])
    assert fills_asked(sent, "Yes", [_view("Maeve", "dates", "Connor", True)])
    # A kind of the thing asked holds it (WordNet): a terrier is a dog.
    dog = _asked("Does Maeve have a dog?")
    assert fills_asked(dog, "Yes", [_view("Maeve", "has", "terrier")])
    assert not fills_asked(dog, "Yes", [_view("Maeve", "has", "goldfish")])
    # A "no" is not checked here: what ended a statement may say it otherwise.
    assert fills_asked(sent, "No", [_view("Maeve", "is_a", "auntie")])


# -- the finer time ------------------------------------------------------------------------


def test_a_time_said_again_more_finely_wins(max_: Max) -> None:
    ana = person(max_, "Ana")
    hana = person(max_, "Hana")
    max_.say("We're moving to Cardiff in March.", hana)
    max_.clock.advance(days=3)
    max_.say("We're moving to Cardiff on the 14th of March.", hana)
    assert answer_of(max_.say("When is Hana moving to Cardiff?", ana)) == "14 march 2026"


def test_a_finer_time_outside_the_first_does_not_replace_it(max_: Max) -> None:
    ana = person(max_, "Ana")
    hana = person(max_, "Hana")
    max_.say("We're moving to Cardiff in March.", hana)
    max_.clock.advance(days=3)
    max_.say("We're moving to Cardiff on the 14th of May.", hana)
    # Another month is a change of plan, not the March said more finely.
    said = answer_of(max_.say("When is Hana moving to Cardiff?", ana))
    assert said in ("march 2026", "14 may 2026", ""), said


def test_the_event_of_the_verb_asked_said_on_a_finer_day(max_: Max) -> None:
    ana = person(max_, "Ana")
    yaw = person(max_, "Yaw")
    max_.say("I'm going to Accra for a fortnight in October.", yaw)
    max_.say("My flight to Accra is on the 9th of October.", yaw)
    assert answer_of(max_.say("When is Yaw flying to Accra?", ana)) == "9 october 2026"


def test_an_event_on_a_day_outside_the_time_said_is_another(max_: Max) -> None:
    ana = person(max_, "Ana")
    yaw = person(max_, "Yaw")
    max_.say("I'm going to Accra for a fortnight in October.", yaw)
    max_.say("My flight is on the 28th of December.", yaw)
    assert answer_of(max_.say("When is Yaw flying to Accra?", ana)) != "28 december 2026"


def test_the_judge_reads_a_compound_number_whole() -> None:
    from benchmarks.language_scoring import normalise

    assert normalise("three thousand four hundred") == ["3400"]
    assert normalise("eight hundred and twelve pounds") == ["812", "pounds"]
    assert normalise("one and two") == ["1", "and", "2"]
