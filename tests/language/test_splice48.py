"""Comma splices and run-on turns (issue 21, splice48): a clause set beside another with only a
comma or nothing between, opened by its own subject and joined by no word, is a sentence of its
own (run_on.set_beside), whichever way the parser hung the two (clause_pieces.py for the second
hung on the first, splices.py for the first hung on the second). A reported clause, a
conditional, an indirect or a tag question is never cut. Each rule over the parse, on phrasings
of our own."""

from __future__ import annotations

from typing import Any

import pytest

from resident.language.pipeline import installed_trained_pipeline, load_pipeline
from resident.language.reading import read
from resident.language.run_on import opening_subject, set_beside
from resident.language.statement import Context

pytestmark = pytest.mark.skipif(
    installed_trained_pipeline() is None, reason="the statement reader needs a trained pipeline"
)


@pytest.fixture(scope="module")
def nlp() -> Any:
    return load_pipeline("auto")


def _read(nlp: Any, text: str) -> set[tuple[str, str, str]]:
    statements, _ = read(nlp(text), Context(), reparse=nlp)
    return {
        (st.subject.name or st.subject.role, st.stored_predicate, st.object.lower())
        for st in statements
    }


@pytest.mark.parametrize(
    ("text", "triple"),
    [
        # The second clause hung on the first as its complement, with nothing between.
        ("Nadia started at the bakery in May she loves the job", ("Nadia", "loves", "job")),
        ("Nadia started at the bakery in May she loves the job", ("Nadia", "starts_at", "bakery")),
        # The first clause hung on a verb of thinking that has its own complement after "so".
        (
            "I'm a vet at the surgery in Kelso, so I thought I'd seen it all.",
            ("speaker", "works_as", "vet"),
        ),
    ],
)
def test_a_run_on_clause_is_read(nlp: Any, text: str, triple: tuple[str, str, str]) -> None:
    assert triple in _read(nlp, text)


@pytest.mark.parametrize(
    "text",
    [
        "Kim said she was moving to Leeds.",  # reported: hers
        "I bet she loved the show.",  # a guess
        "If it rains we will stay in Leeds.",  # a conditional
        "I don't know where Ruth went.",  # an indirect question
        "It's cold, isn't it.",  # a tag question
        "Ottilie said, the bakery is shutting down.",  # reported after a comma
    ],
)
def test_never_cut(nlp: Any, text: str) -> None:
    doc = nlp(text)
    assert not any(set_beside(t) for t in doc)


@pytest.mark.parametrize(
    ("text", "triple"),
    [
        ("I wish I spoke French.", ("speaker", "speaks", "French")),  # a verb taking a clause
        ("I'm not sure I'm staying at the bank.", ("speaker", "stays_at", "bank")),  # adjective
        ("Bea is seven and Santi is four.", ("Seven", "age", "four")),  # no clause before it
    ],
)
def test_not_set_beside(nlp: Any, text: str, triple: tuple[str, str, str]) -> None:
    assert triple not in _read(nlp, text)


def test_a_tag_question_has_no_opening_subject(nlp: Any) -> None:
    doc = nlp("It's a long way to Inverness, isn't it.")
    tag = next(t for t in doc if t.lower_ == "is")
    assert opening_subject(tag) is None


def test_a_clause_set_beside_is_found(nlp: Any) -> None:
    doc = nlp("Nadia started at the bakery in May she loves the job")
    loves = next(t for t in doc if t.lower_ == "loves")
    assert set_beside(loves)
