"""Issue 21, which19: an answer must fill the role its question asks and hold the companions
the question names (answer_check.py). For each case, a wrong answer removed and a right one kept,
on sentences written for this test (not from the corpus): the kind asked by WordNet sort or
instance, not a broad class shared; "who" by the filler answered, not the claim's subject;
the stranded preposition's filler, not the direct object; every companion the question names
held by the statement, when it says who holds it."""

from __future__ import annotations

import pytest
from spacy.tokens import Span

from resident.language.answer_check import answers_question, names_asked
from resident.language.pipeline import load_pipeline
from tests.language.test_conversation import Max, answer_of, person


def _q(text: str) -> Span:
    return list(load_pipeline()(text).sents)[-1]


@pytest.mark.parametrize(
    ("question", "wrong", "right"),
    [
        # A thing of a broad class the kind shares (an act, a group) is no thing of the kind.
        ("Which college does Priya teach at?", "chemistry job", "the art college"),
        ("What grade did Bea reach?", "piano exam", "grade five"),
        ("Which club does Ines belong to?", "tennis lessons", "the rowing club"),
        # A named instance is one of the kind; a name WordNet lacks may be anything.
        ("Which university did Omar go to?", "law degree", "Oxford"),
        ("What level is Kofi's Spanish at?", "evening class", "intermediate"),
        # Where WordNet's tree has a gap, a narrow class stands in (a rose is a shrub).
        ("What flower did Noor plant?", "a trowel", "a rose"),
        ("What pet does Joe have?", "a shed", "a hamster"),
        ("What class does Maud take?", "Thursday mornings", "pottery"),
    ],
)
def test_a_kind_asked_needs_a_sort_or_an_instance_of_it(
    question: str, wrong: str, right: str
) -> None:
    sent = _q(question)
    assert not answers_question(sent, wrong, [])
    assert answers_question(sent, right, [])


def test_the_companions_a_question_names() -> None:
    assert names_asked(_q("Where did Noor and Priya meet?")) == ["priya"]
    assert names_asked(_q("Who did Noor go climbing with on Saturday?")) == []
    assert names_asked(_q("Where did Noor go climbing with Priya?")) == ["priya"]
    # The subject's own phrase, its owner, a place or a month are no companions.
    assert names_asked(_q("Where does Lena's brother Sam work?")) == []
    assert names_asked(_q("How far did Noor swim in July?")) == []
    assert names_asked(_q("Does Noor still work in Bath?")) == []


def test_who_asks_the_filler_not_the_claims_subject(max_: Max) -> None:
    tom = person(max_, "Tom")
    femi = person(max_, "Femi")
    max_.say("I'm playing the oboe in the village band.", femi)
    max_.say("I'm meeting my cousin Ruth on Friday.", femi)
    # Femi is someone; the oboe he plays is not.
    assert answer_of(max_.say("Who is Femi playing in the band?", tom)) == ""
    assert "oboe" in answer_of(max_.say("What is Femi playing in the band?", tom))
    assert "cousin" in answer_of(max_.say("Who is Femi meeting on Friday?", tom))


def test_a_stranded_preposition_asks_its_own_filler(max_: Max) -> None:
    tom = person(max_, "Tom")
    noor = person(max_, "Noor")
    max_.say("I bumped my bike into a lamppost on Monday.", noor)
    max_.say("I'm applying for a nursing job.", noor)
    # The bike is what she bumped, not what she bumped into.
    assert "bike" not in answer_of(max_.say("What did Noor bump into?", tom))
    assert "bike" in answer_of(max_.say("What did Noor bump?", tom))
    # A predicate that holds the preposition has its filler as its object.
    assert "nursing job" in answer_of(max_.say("What is Noor applying for?", tom))


def test_every_name_asked_is_held_in_the_claims_roles(max_: Max) -> None:
    tom = person(max_, "Tom")
    noor = person(max_, "Noor")
    max_.say("Sol and I met at a pub in Leeds.", noor)
    max_.say("We got married in 2019.", noor)
    # Sol holds the same meeting as a claim of his own.
    assert "leeds" in answer_of(max_.say("Where did Sol and Noor meet?", tom))
    # Sol, not Priya, met her there: the meeting is about someone else.
    assert answer_of(max_.say("Where did Noor and Priya meet?", tom)) == ""
    # "We" names no one else: no evidence against the companion asked.
    assert "2019" in answer_of(max_.say("When did Noor and Sol get married?", tom))
