"""Issue 21, gate18: an answer must be of the type its question asks for (answer_check.py).
For each kind of question, a wrong answer the check removes and a right one it keeps, on
sentences written for this test (not from the corpus), parsed by the real pipeline; and the
check through a real resident on a real DuckDB graph."""

from __future__ import annotations

import pytest
from spacy.tokens import Span

from resident.language.answer_check import answers_question, expected
from resident.language.pipeline import load_pipeline
from tests.language.test_conversation import Max, answer_of, person


def _q(text: str) -> Span:
    return list(load_pipeline()(text).sents)[-1]


@pytest.mark.parametrize(
    ("question", "wrong", "right"),
    [
        # where: a place, not a person's role nor an activity.
        ("Where does Imogen work?", "very good nurse", "the garden centre"),
        ("Where did Piet grow up?", "football", "Utrecht"),
        # who: someone, not a thing.
        ("Who did Rosa lend the ladder to?", "ladder", "her neighbour"),
        ("Who fixed the boiler?", "boiler", "a plumber"),
        # when: a time, not a thing.
        ("When did Kai sell his bike?", "bike", "last March"),
        ("What year did Omar qualify?", "accountant", "2019"),
        # how many / how old: a number.
        ("How many lambs did the ewe have?", "lambs", "three"),
        ("How old is Bertie?", "collie", "seven"),
        # how long: a time or a number.
        ("How long did Mei live in Osaka?", "Osaka flat", "six years"),
        # what N / which N / what kind of N: a thing of that kind.
        ("What sport does Ilse coach?", "Tuesday", "hockey"),
        ("Which instrument does Femi play?", "on Sundays", "the cello"),
        ("What kind of tree did Dan plant?", "spade", "an oak"),
        ("What colour is Tomas's van?", "kitchen", "dark green"),
        # what ... do: a role or an activity.
        ("What does Ines do?", "Tuesday mornings", "she's a locksmith"),
    ],
)
def test_a_wrong_type_is_removed_and_the_right_one_kept(
    question: str, wrong: str, right: str
) -> None:
    sent = _q(question)
    assert expected(sent) is not None
    assert not answers_question(sent, wrong, [])
    assert answers_question(sent, right, [])


def test_questions_with_no_type_asked_are_never_blocked() -> None:
    for question in ("Does Inga still swim?", "What did Inga plant?", "Why did Inga leave?"):
        assert expected(_q(question)) is None
        assert answers_question(_q(question), "anything at all", [])


def test_a_name_wordnet_lacks_or_knows_as_a_thing_may_still_be_the_answer() -> None:
    # "Ivy" is a plant and "Rowan" a tree in WordNet; said with a capital, a name.
    assert answers_question(_q("Who is Hal's sister?"), "Ivy", [])
    assert answers_question(_q("Who is Hal's partner?"), "Rowan", [])
    # A place WordNet lacks is no evidence against it.
    assert answers_question(_q("Where does Hal live?"), "Kirkby Stephen", [])


def test_through_the_resident_right_answers_are_kept(max_: Max) -> None:
    odile = person(max_, "Odile")
    wren = person(max_, "Wren")
    max_.say("I work at a garden centre in Frome.", wren)
    max_.say("My tortoise Clementine is forty.", wren)
    max_.say("I sold my canoe in June.", wren)
    assert "garden centre" in answer_of(max_.say("Where does Wren work?", odile))
    assert answer_of(max_.say("How old is Clementine?", odile)) in ("40", "forty")
    assert "june" in answer_of(max_.say("When did Wren sell her canoe?", odile))
    # Nothing said answers these: no answer of another type stands in.
    assert answer_of(max_.say("Who did Wren sell her canoe to?", odile)) == ""
    assert answer_of(max_.say("What breed is Clementine?", odile)) == ""
