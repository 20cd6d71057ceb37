"""What a person works as (issue 21, role48): an occupation is a noun WordNet files under a
worker, a professional, an administrator, a firefighter, a lawman or a guard, never a plain
person noun (objects.is_occupation); a word before it that says it is over makes it past
(occupation.former_role, said_former); a job taken "as" an occupation is one (job_as); an
adjective set off after a noun by a comma is no part of it (objects.set_off_after); an answer
never names what a question's "before"/"after" names (answer_anchor). Each rule
on phrasings of our own."""

from __future__ import annotations

from typing import Any

import pytest

from resident.language.answer_anchor import anchor_answered
from resident.language.objects import is_occupation
from resident.language.occupation import former_role, job_as
from resident.language.pipeline import installed_trained_pipeline, load_pipeline
from resident.language.reading import read
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
    "noun", ["firefighter", "practice manager", "policeman", "security guard", "head coach"]
)
def test_occupations_beyond_worker(noun: str) -> None:
    assert is_occupation(noun)


@pytest.mark.parametrize("noun", ["lovely man", "nice woman", "bloke", "neighbour", "vegetarian"])
def test_no_occupation(noun: str) -> None:
    assert not is_occupation(noun)


def test_former_role() -> None:
    assert former_role("retired nurse") == "nurse"
    assert former_role("former postman") == "postman"
    assert former_role("former friend") is None
    assert former_role("practice manager") is None
    assert former_role("retired") is None


def test_job_as(nlp: Any) -> None:
    doc = nlp("I got a job as a porter at the station.")
    got = doc[1]
    assert (found := job_as(got, doc[3])) is not None and found.text == "porter"
    offered = nlp("I turned down a job as a porter.")
    assert job_as(offered[2], offered[5]) is None


def test_a_copula_occupation_is_works_as(nlp: Any) -> None:
    said = _read(nlp, "Barnabas is a firefighter at the Wellingborough station.")
    assert any(p == "works_as" and o == "firefighter" for _, p, o in said)


def test_an_aside_after_a_comma_is_not_the_noun(nlp: Any) -> None:
    said = _read(nlp, "Ignatius is an electrician, self-employed.")
    assert any(p == "works_as" and o == "electrician" for _, p, o in said)


def test_a_retired_one_is_past(nlp: Any) -> None:
    statements, _ = read(nlp("Philippa is a retired midwife."), Context(), reparse=nlp)
    held = [st for st in statements if st.stored_predicate == "works_as"]
    assert held and held[0].object == "midwife" and held[0].mood == "past"


def test_a_job_got_as_is_held(nlp: Any) -> None:
    said = _read(nlp, "Leocadia got a job as a receptionist at the Grand Hotel.")
    assert any(p == "works_as" and o == "receptionist" for _, p, o in said)


def test_an_apposed_occupation_is_works_as(nlp: Any) -> None:
    said = _read(nlp, "My neighbour Theodric, a vet, came round for tea.")
    assert any(p == "works_as" and o == "vet" for _, p, o in said)


def test_a_plain_person_noun_stays_is_a(nlp: Any) -> None:
    said = _read(nlp, "My neighbour Theodric is a lovely man.")
    assert not any(p == "works_as" for _, p, o in said)


def test_an_answer_is_not_the_anchor(nlp: Any) -> None:
    vets = next(iter(nlp("Where did Rosalind work before the vets?").sents))
    assert anchor_answered(vets, "Hillsborough Vets")
    assert not anchor_answered(vets, "Broomhill Dental")
    became = next(iter(nlp("What did Hubert do before he became a driving instructor?").sents))
    assert anchor_answered(became, "driving instructor")
    assert not anchor_answered(became, "drove a bus")
    retired = next(iter(nlp("What did Hubert do before he retired?").sents))
    assert not anchor_answered(retired, "postman")
