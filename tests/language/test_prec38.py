"""What a statement may store: a clause's mood decides whether it is a fact (issue 21, claim
precision on long talk, prec38, language/clause_mood.py), through real turns on a real DuckDB
graph. Every sentence here was written for these tests, in words of its own."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_an_idiom_wordnet_lists_as_one_verb_is_not_read_word_by_word(max_: Max) -> None:
    wilf = _person(max_, "Wilf")
    max_.say("Old Bernard kicked the bucket in March.", wilf)
    max_.say("Our Hamish kicked the football over the fence.", wilf)
    max_.say("Rory pulled my leg about the lottery win.", wilf)
    assert _answer(max_.say("What did Bernard kick?", wilf)) == ""
    assert _answer(max_.say("What did Rory pull?", wilf)) == ""
    assert "football" in _answer(max_.say("What did Hamish kick?", wilf))


def test_advice_and_a_question_worded_as_a_statement_store_nothing(max_: Max) -> None:
    meera = _person(max_, "Meera")
    for said in (
        "You need a second car and a good mechanic.",  # advice to the one spoken to
        "You should ring the council about the bins.",
        "You sold the caravan?!",  # a question, though worded as a statement
        "You're never selling the caravan, are you.",  # a tag question
    ):
        assert _stored(max_, max_.say(said, meera).claims) == set(), said


def test_a_bare_conjunct_is_said_as_its_first_verb_is(max_: Max) -> None:
    meera = _person(max_, "Meera")
    said = "I'd stay in Perth one week a month and do the rest from home."
    assert _stored(max_, max_.say(said, meera).claims) == set()
    stored = _stored(max_, max_.say("I moved to Perth and started at the museum.", meera).claims)
    assert ("Meera", "starts_at", "museum") in stored


def test_a_passive_state_keeps_its_negation(max_: Max) -> None:
    meera = _person(max_, "Meera")
    said = "The new phone cost me three hundred because I wasn't insured."
    stored = _stored(max_, max_.say(said, meera).claims)
    assert ("Meera", "is", "insured") not in stored
    assert ("Meera", "not_is", "insured") in stored


def test_an_expectation_in_the_passive_stores_nothing(max_: Max) -> None:
    meera = _person(max_, "Meera")
    said = "We were supposed to visit Lou in Ripon."
    assert not any(p == "is" for _, p, _ in _stored(max_, max_.say(said, meera).claims))
