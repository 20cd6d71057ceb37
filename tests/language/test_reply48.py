"""Unit tests of reply48's rules (issue 21): a reply read as the completion of the question
put to its speaker. Words of our own, never a corpus sentence."""

from __future__ import annotations

import pytest

from resident.language.ellipsis import read_answer
from resident.language.since_reply import SINCE_GAP, since_gap, since_point


def test_a_start_answers_a_length_as_since_when() -> None:
    assert since_gap("how long", "since March") == SINCE_GAP
    assert since_point("how long", "since March") == "March"
    assert since_gap("how long", "six years") == "how long"
    assert since_point("how long", "six years") == "six years"
    assert since_gap("when", "since March") == "when"  # only a length asked is turned
    assert since_gap("how long", "since") == "how long"  # nothing after it names no point


@pytest.fixture(scope="module")
def nlp():  # type: ignore[no-untyped-def]
    from resident.language.pipeline import is_trained, load_pipeline

    loaded = load_pipeline()
    if not is_trained(loaded):
        pytest.skip("needs the trained pipeline")
    return loaded


@pytest.mark.parametrize(
    ("question", "reply", "said"),
    [
        # a participle the tagger calls a past after "'s" still finishes the clause
        ("What's the new puppy called?", "Biscuit.", "the new puppy is called Biscuit."),
        # a start fills a length's gap as its "since"
        ("How long have you lived in Hexham?", "Since 2015.", "since 2015"),
        # a subject's filler is the part before the comma; a time after it stays
        ("Who painted your shed?", "Mirela, last spring.", "Mirela painted my shed last spring."),
    ],
)
def test_reply_completes_the_question(nlp, question: str, reply: str, said: str) -> None:  # type: ignore[no-untyped-def]
    assert said in read_answer(nlp(reply), question, nlp)


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("How long have you lived in Hexham?", "Since forever, honestly."),  # no point named
        ("Who painted your shed?", "Last spring."),  # a time fills no who
    ],
)
def test_a_reply_of_another_type_completes_nothing(nlp, question: str, reply: str) -> None:  # type: ignore[no-untyped-def]
    assert read_answer(nlp(reply), question, nlp) == ""


@pytest.mark.parametrize(
    ("question", "full"),
    [
        ("Seen the new bridge?", "Have you seen the new bridge?"),
        ("Got a match coming up?", "Have you got a match coming up?"),
        ("Still knitting?", "Are you still knitting?"),
        ("Need a lift?", "Do you need a lift?"),
        ("Did you go?", None),  # says its subject
        ("Where to?", None),  # asks where, no verb
        ("Tom get home alright?", None),  # a subject said
        ("Been swimming lately?", None),  # says its own auxiliary
    ],
)
def test_a_question_without_its_subject_is_put_to_you(nlp, question: str, full: str | None) -> None:  # type: ignore[no-untyped-def]
    from resident.language.asked_of_you import put_to_you

    assert put_to_you(next(iter(nlp(question).sents))) == full


def test_a_question_after_another_of_its_turn_keeps_its_subject_unsaid(nlp) -> None:  # type: ignore[no-untyped-def]
    from resident.language.question_held import Asked

    asked = Asked()
    asked.heard(nlp("And your uncle? Still sailing?"), "person:a", 1)
    asked.heard(nlp("Not since his knee."), "person:b", 2)
    assert asked.before_followed
    asked.heard(nlp("Still sailing?"), "person:a", 3)
    asked.heard(nlp("Every weekend."), "person:b", 4)
    assert not asked.before_followed
