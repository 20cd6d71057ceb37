"""Kin ties said in passing (issue 21, kin48, kin_subject.py): a relative opening a sentence the
tagger misread is its subject, with the tie stored beside the deed; a name typed in lower case
after a family noun is a name only where WordNet knows no such word. Sentences in words of
their own, on the trained pipeline and on a real booted resident."""

from __future__ import annotations

import pytest

from resident.language import lexicon
from resident.language.kin_subject import kin_opened, lower_case_name, names_after
from resident.language.pipeline import load_pipeline
from resident.language.statement import Context
from tests.language.test_conversation import Max
from tests.language.test_reading import _stored

pytestmark = pytest.mark.skipif(not lexicon.available(), reason="WordNet is not installed")


@pytest.fixture(scope="module")
def nlp():  # type: ignore[no-untyped-def]
    return load_pipeline()


def _sent(nlp, text):  # type: ignore[no-untyped-def]
    return next(iter(nlp(text).sents))


@pytest.mark.parametrize(
    ("word", "name"),
    [("ottilie", True), ("ignatius", True), ("dean", False), ("lance", False), ("works", False)],
)
def test_a_lower_case_name_is_no_word_wordnet_knows(nlp, word: str, name: bool) -> None:  # type: ignore[no-untyped-def]
    tok = nlp(f"my cousin {word} is here")[2]
    assert lower_case_name(tok) is name


def test_names_listed_after_a_plural_family_noun(nlp) -> None:  # type: ignore[no-untyped-def]
    sent = _sent(nlp, "We took our daughters ottilie, perpetua and cosima to the coast.")
    noun = next(t for t in sent if t.lower_ == "daughters")
    assert [t.text for t in names_after(noun, sent.end)] == ["ottilie", "perpetua", "cosima"]


def test_a_misread_relative_is_the_subject_of_the_words_after_it(nlp) -> None:  # type: ignore[no-untyped-def]
    sent = _sent(nlp, "My husband Anselmo repairs boats.")
    opened = kin_opened(sent, Context(), nlp)
    assert opened is not None
    doc, subject, ties = opened
    assert doc.text.startswith("He repairs") and subject.name == "Anselmo"
    assert [t.predicate for t in ties] == ["husband_of"]


@pytest.mark.parametrize(
    "text",
    [
        "Mum, you left the oven on again.",  # a call, not a subject
        "My sister's nowhere near as tidy.",  # "'s" is the first parse's
        "Our daughter Lena plays the violin.",  # read as the subject already
        "The boss rings far too often.",  # no family noun
    ],
)
def test_no_second_reading_where_none_is_needed(nlp, text: str) -> None:  # type: ignore[no-untyped-def]
    assert kin_opened(_sent(nlp, text), Context(), nlp) is None


def test_the_tie_and_the_deed_are_both_held(max_: Max) -> None:
    ana = max_.say("I'm Ana.").person_id
    turn = max_.say("My husband Anselmo repairs boats.", ana)
    assert _stored(max_, turn.claims) >= {("Anselmo", "husband_of", "Ana")}
    assert any(p == "repairs" for s, p, _ in _stored(max_, turn.claims) if s == "Anselmo")


def test_a_bare_elder_in_lower_case_is_the_speakers(max_: Max) -> None:
    ana = max_.say("I'm Ana.").person_id
    turn = max_.say("mum works nights at the hospital.", ana)
    assert not any(s == "mum" for s, _, _ in _stored(max_, turn.claims))


def test_their_relative_is_each_ones_of_the_group_in_mind(max_: Max) -> None:
    ana = max_.say("I'm Ana.").person_id
    max_.say("Our two sons barnaby and ignatius started school.", ana)
    turn = max_.say("Leopold married their mum Philippa in 2009.", ana)
    held = _stored(max_, turn.claims)
    assert {("Philippa", "mum_of", "Barnaby"), ("Philippa", "mum_of", "Ignatius")} <= held


def test_a_relative_to_named_people_is_their_relative(max_: Max) -> None:
    ana = max_.say("I'm Ana.").person_id
    turn = max_.say("I'm stepmum to Wilfred and Ottoline.", ana)
    held = _stored(max_, turn.claims)
    assert {("Ana", "stepmum_of", "Wilfred"), ("Ana", "stepmum_of", "Ottoline")} <= held


def test_a_stepparent_is_no_parent_through_the_marriage(max_: Max) -> None:
    ana = max_.say("I'm Ana.").person_id
    max_.say("I'm stepmum to Wilfred and Ottoline, I married their dad Leopold in 2019.", ana)
    asked = max_.say("Who is Wilfred's mother?", ana)
    assert "ana" not in (asked.answer or "").lower()
    assert "ana" in (max_.say("Who is Wilfred's stepmum?", ana).answer or "").lower()
