"""Relative clauses read from the parse (issue 21: "read, not special-cased"): the clause a
`relcl` dependency hangs on a noun is said again with the noun phrase in the relative word's
place and read by the one statement reader (language/relative.py)."""

from __future__ import annotations

from typing import Any

import pytest

from resident.language.pipeline import installed_trained_pipeline, load_pipeline
from resident.language.reading import read
from resident.language.relative import said_again
from resident.language.statement import Context
from tests.language.test_conversation import Max

pytestmark = pytest.mark.skipif(
    installed_trained_pipeline() is None, reason="the statement reader needs a trained pipeline"
)


@pytest.fixture(scope="module")
def nlp() -> Any:
    return load_pipeline("auto")


def _said_again(nlp: Any, text: str) -> list[str | None]:
    return [said_again(t) for t in nlp(text) if t.dep_ == "relcl"]


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        ("My sister, who lives in Oslo, is a nurse.", "my sister lives in Oslo"),
        ("I finished the book that Tom gave me.", "Tom gave me the book"),
        ("Tom, whose brother is a pilot, lives in Bergen.", "Tom's brother is a pilot"),
        ("I sold the car, which I bought in 2019, last week.", "I bought the car in 2019"),
        ("We visited my aunt Rosa, who runs a bakery.", "my aunt Rosa runs a bakery"),
        ("The cake that Mia baked was delicious.", "Mia baked the cake"),
    ],
)
def test_a_relative_clause_is_said_again_as_its_sentence(nlp: Any, text: str, clause: str) -> None:
    assert _said_again(nlp, text) == [clause]


def _read(nlp: Any, text: str, ctx: Context | None = None) -> set[tuple[str, str, str]]:
    statements, _ = read(nlp(text), ctx or Context(), reparse=nlp)
    out = set()
    for st in statements:
        who = st.subject.name or (f"{st.subject.role} {st.subject.noun or ''}").strip()
        out.add((who, st.stored_predicate, st.object))
    return out


def test_the_relative_clause_and_the_main_clause_are_both_stored(nlp: Any) -> None:
    assert _read(nlp, "My neighbour Tom, who plays the cello, moved to Leeds.") >= {
        ("Tom", "moves_to", "Leeds"),
        ("Tom", "plays", "cello"),
    }
    assert _read(nlp, "My sister, who lives in Oslo, is a nurse.") >= {
        ("kin sister", "works_as", "nurse"),
        ("kin sister", "lives_in", "Oslo"),
    }
    assert ("Tom", "gives", "book") in _read(nlp, "I finished the book that Tom gave me.")


def test_a_relative_clause_about_someone_unnamed_stores_nothing(nlp: Any) -> None:
    # "a friend" names no one MAX can file: the clause is read and yields nothing.
    assert _read(nlp, "Jonas has a friend who speaks Japanese.") == {("Jonas", "has", "friend")}


def test_what_a_relative_clause_said_answers_a_question(max_: Max) -> None:
    marta = max_.say("I'm Marta.").person_id
    max_.say("My neighbour Tom, who plays the cello, moved to Leeds last year.", marta)
    max_.say("We visited my aunt Rosa, who runs a bakery in Porto.", marta)
    assert max_.say("What does Tom play?", marta).answer == "cello"
    assert max_.say("Where did Tom move?", marta).answer == "Leeds"
    assert max_.say("What does Rosa run?", marta).answer == "bakery"
