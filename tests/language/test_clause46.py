"""Clauses of a turn left unread (issue 21, clause46): a cleft is read as the clause it stands
for (cleft.py); "'s" and a past participle with a direct object is a present perfect, not a
passive (subject_token.has_done); another's belief is read neither at first nor a second time
(unsaid.believed_by_another); a "that" whose clause has its own object opens no relative clause
(relative._object_of). Each rule over the parse, on phrasings of our own."""

from __future__ import annotations

from typing import Any

import pytest

from resident.language.cleft import cleft_said
from resident.language.pipeline import installed_trained_pipeline, load_pipeline
from resident.language.reading import read
from resident.language.statement import Context
from resident.language.subject_token import has_done

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


def test_a_cleft_is_its_clause(nlp: Any) -> None:
    sent = next(iter(nlp("It was Oona who fixed the gate.").sents))
    assert cleft_said(sent.root) == "Oona fixed the gate"


@pytest.mark.parametrize(
    ("text", "triple"),
    [
        ("It was Oona who fixed the gate last week.", ("Oona", "fixes", "gate")),
        # The parser may hang the clause on the focus instead: a relative clause, read too.
        ("It's Bartholomew who walks the dog.", ("Bartholomew", "walks", "dog")),
        ("It was the greenhouse that Wendell painted.", ("Wendell", "paints", "greenhouse")),
    ],
)
def test_a_cleft_is_stored(nlp: Any, text: str, triple: tuple[str, str, str]) -> None:
    assert triple in _read(nlp, text)


@pytest.mark.parametrize(
    "text",
    [
        "It wasn't Cormac who broke the kettle.",  # negated: states nothing
        "It's a shame that Bo missed the party.",  # a judgement and its clause
        "It was a miracle that nobody got hurt.",
        "I thought it was Maureen who wanted to move.",  # inside a belief
        "It was raining when Sol left.",
    ],
)
def test_no_cleft(nlp: Any, text: str) -> None:
    sent = next(iter(nlp(text).sents))
    assert cleft_said(sent.root) is None


def test_a_judgement_that_clause_is_no_relative(nlp: Any) -> None:
    """ "a shame that Bo missed the party": Bo missed the party, not a shame."""
    assert not any("shame" in o for _, _, o in _read(nlp, "It's a shame that Bo missed the party."))


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("She's bought a van.", "bought"),
        ("He's joined the rowing club.", "joined"),
        ("He's got a workshop in the garage.", "got"),
        ("She's started piano lessons.", "started"),
        ("She's moved to Leeds.", "moved"),
        ("He's gone to Spain for a month.", "gone"),
    ],
)
def test_s_and_participle_with_object_is_a_perfect(nlp: Any, text: str, verb: str) -> None:
    doc = nlp(text)
    tok = next(t for t in doc if t.lower_ == verb)
    assert has_done(tok)


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("My bike's been stolen.", "stolen"),
        ("She's called Lily.", "called"),
        ("He's been given a car.", "given"),
        ("She's married to a vet.", "married"),
        ("She's called Bella and she's two.", "called"),
        ("He's given a lift every morning.", "given"),
        ("The piano's moved by a firm in Leeds.", "moved"),
    ],
)
def test_a_passive_stays_a_passive(nlp: Any, text: str, verb: str) -> None:
    doc = nlp(text)
    tok = next(t for t in doc if t.lower_ == verb)
    assert not has_done(tok)


def test_a_perfect_is_read_for_its_subject(nlp: Any) -> None:
    read_ = _read(nlp, "My sister Ilse is back. She's bought a van.")
    assert ("Ilse", "buys", "van") in read_


@pytest.mark.parametrize(
    "text",
    ["Dad reckons Tilde got the job at the museum.", "Auntie Peg thinks Florian sold his boat."],
)
def test_anothers_belief_is_not_read_again(nlp: Any, text: str) -> None:
    assert _read(nlp, text) == set()


def test_a_relative_clause_is_said_of_the_name_a_noun_is_called(nlp: Any) -> None:
    """ "a guy called Ollie who went off to Berlin": Ollie went, not a guy called Ollie."""
    read_ = _read(nlp, "We have a neighbour called Tansy who keeps bees.")
    assert ("Tansy", "keeps", "bees") in read_
