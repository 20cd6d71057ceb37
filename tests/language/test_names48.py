"""Unit tests of the hyphen-name merger (name_tokens.py) and the person typing
(person_names.py), on the trained pipeline and WordNet (issue 21, names48)."""

from __future__ import annotations

import pytest

from resident.language import lexicon
from resident.language.name_tokens import is_hyphen_name
from resident.language.person_names import needs_someone
from resident.language.pipeline import is_trained, load_pipeline

pytestmark = pytest.mark.skipif(not lexicon.available(), reason="needs WordNet")


@pytest.fixture(scope="module")
def nlp():  # type: ignore[no-untyped-def]
    pipeline = load_pipeline("auto")
    if not is_trained(pipeline):
        pytest.skip("needs a trained pipeline")
    return pipeline


@pytest.mark.parametrize(
    "parts",
    [["Ka", "wai"], ["Hye", "jin"], ["Jean", "Luc"], ["Anne", "Marie"], ["Okoro", "Lane"]],
)
def test_a_hyphen_joined_name_is_one_name(parts: list[str]) -> None:
    assert is_hyphen_name(parts)


@pytest.mark.parametrize(
    "parts",
    [
        ["Co", "op"],  # WordNet holds "co-op"
        ["X", "ray"],
        ["Twenty", "five"],  # a number word
        ["well", "known"],  # lower case
        ["Show", "off"],  # a compound at the start of a sentence
        ["Self", "employed"],
        ["Nigerian", "British"],  # adjectives
        ["Work", "wise"],
        ["UK", "based"],
    ],
)
def test_words_the_language_holds_stay_apart(parts: list[str]) -> None:
    assert not is_hyphen_name(parts)


def test_the_merger_runs_before_the_tagger(nlp) -> None:  # type: ignore[no-untyped-def]
    doc = nlp("We had lunch with Seo-yeon and the X-ray was well-known.")
    texts = [t.text for t in doc]
    assert "Seo-yeon" in texts
    assert "X-ray" not in texts and "well-known" not in texts
    assert next(t for t in doc if t.text == "Seo-yeon").ent_type_ == "PERSON"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Priya is my neighbour.", "Priya"),
        ("My neighbour is Priya.", "Priya"),
        ("I had coffee with Hye-jin yesterday.", "Hye-jin"),
        ("How's Tomasz getting on?", "Tomasz"),
        ("Last week Tomasz retired.", "Tomasz"),
    ],
)
def test_a_name_the_talk_treats_as_a_person_is_one(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    tok = next(t for t in nlp(text) if t.text == name)
    assert tok.ent_type_ == "PERSON"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Google hired me last year.", "Google"),  # WordNet knows the word
        ("We had a meeting with Barclays.", "Barclays"),  # the recogniser's organisation
        ("Barclays is my bank.", "Barclays"),  # no person noun
        # The sentence's first word: its capital is the sentence's, and a drug treats too.
        ("Amberium treats birchitis.", "Amberium"),
        ("Juniperium treats kelpitis.", "Juniperium"),
    ],
)
def test_names_no_sign_shows_a_person_keep_their_type(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    tok = next(t for t in nlp(text) if t.text == name)
    assert tok.ent_type_ != "PERSON"


def test_a_name_typed_person_once_in_a_turn_is_one_throughout(nlp) -> None:  # type: ignore[no-untyped-def]
    doc = nlp("Priya is my neighbour. I saw Priya at the shop.")
    assert all(t.ent_type_ == "PERSON" for t in doc if t.text == "Priya")


def test_verbs_only_someone_does() -> None:
    assert needs_someone("retire") and needs_someone("say")
    assert not needs_someone("move") and not needs_someone("break")
