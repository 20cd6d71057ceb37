"""Plain knowledge statements the small tagger misreads (issue 21, the one reader): a verb read
as a plural noun ("Metformin treats diabetes"), a made-up name tagged as anything, a bare noun
as the subject of a copula ("Fever is a symptom"). The reader parses such a sentence a second
time with the noun phrase before a word WordNet knows as a verb replaced by a pronoun, and puts
the noun phrase back as the subject (language/reparse.py)."""

from __future__ import annotations

from typing import Any

import pytest

from resident.language import lexicon
from resident.language.pipeline import installed_trained_pipeline, load_pipeline
from resident.language.reading import read
from resident.language.statement import Context
from tests.language.test_conversation import Max

pytestmark = [
    pytest.mark.skipif(
        installed_trained_pipeline() is None, reason="the statement reader needs a trained pipeline"
    ),
    pytest.mark.skipif(not lexicon.available(), reason="the second reading asks WordNet"),
]


@pytest.fixture(scope="module")
def nlp() -> Any:
    return load_pipeline("auto")


def _read(nlp: Any, text: str) -> set[tuple[str, str, str]]:
    statements, _ = read(nlp(text), Context(), reparse=nlp)
    return {(st.subject.name or "", st.stored_predicate, st.object) for st in statements}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Metformin treats diabetes", ("Metformin", "treats", "diabetes")),
        ("Amoxicillin treats pneumonia", ("Amoxicillin", "treats", "pneumonia")),
        ("Zyrtec treats hay fever", ("Zyrtec", "treats", "hay fever")),
        ("Drug 12 treats fever", ("Drug 12", "treats", "fever")),
        ("Drug 7 cures gout", ("Drug 7", "cures", "gout")),
        ("Compound 4b relieves migraine", ("Compound 4b", "relieves", "migraine")),
        ("Antibiotics treat infections", ("Antibiotics", "treats", "infections")),
        ("Statins lower cholesterol", ("Statins", "lowers", "cholesterol")),
        ("Vitamin D strengthens bones", ("Vitamin D", "strengthens", "bones")),
        ("Fever is a symptom", ("Fever", "is_a", "symptom")),
        ("Pneumonia is a lung infection", ("Pneumonia", "is_a", "lung infection")),
        ("No, fever is a skin rash", ("fever", "is_a", "skin rash")),
        ("Cats are mammals", ("Cats", "is_a", "mammals")),
        ("Abnormality of the heart is a symptom", ("Abnormality of the heart", "is_a", "symptom")),
        ("Lisinopril lowered my blood pressure", ("Lisinopril", "lowers", "blood pressure")),
        # The tagger makes "loves" an auxiliary of the gerund; auxiliaries are stop words.
        ("Ana loves gardening.", ("Ana", "loves", "gardening")),
        ("Omar loves cooking.", ("Omar", "loves", "cooking")),
    ],
)
def test_a_knowledge_statement_is_read_whatever_the_tagger_made_of_it(
    nlp: Any, text: str, expected: tuple[str, str, str]
) -> None:
    assert expected in _read(nlp, text)


def test_coordinated_verbs_share_the_restored_subject(nlp: Any) -> None:
    assert _read(nlp, "Metformin treats diabetes and lowers blood sugar") == {
        ("Metformin", "treats", "diabetes"),
        ("Metformin", "lowers", "blood sugar"),
    }


def test_made_up_names_with_numbers_are_read_every_time(nlp: Any) -> None:
    """The tagger calls a made-up name a noun, a verb, an adposition, a pronoun or
    punctuation, and sometimes ends the sentence after it: each one is still read."""
    missed = []
    for n in range(4):
        for i in range(30):
            for text, subject in (
                (f"Amber{n}x{i}ium treats birch{n}x{i}itis", f"Amber{n}x{i}ium"),
                (f"bac{n * 97 + i}xdrug{i % 5} treats fever", f"bac{n * 97 + i}xdrug{i % 5}"),
            ):
                if not any(s == subject and p == "treats" for s, p, _ in _read(nlp, text)):
                    missed.append(text)
    assert missed == []


@pytest.mark.parametrize(
    "text",
    [
        "Sounds good",
        "Dinner looks great",
        "Take the bins out tomorrow",
        "Thanks a lot",
        "Kids asleep finally",
        "Coffee keeps me awake",
        "Good luck with the exam",
        # A word WordNet knows only as an adjective or adverb heads no subject.
        "Long time no see.",
        "Next spring, probably in Kyoto, where her family lives.",
    ],
)
def test_chit_chat_has_no_second_reading(nlp: Any, text: str) -> None:
    assert _read(nlp, text) == set()


def test_told_through_a_misread_verb_and_asked_back(max_: Max) -> None:
    ana = max_.say("I'm Ana.").person_id
    for text in ("Metformin treats diabetes", "Zyrtec treats hay fever", "Drug 12 treats fever"):
        told = max_.say(text, ana)
        assert told.intent == "statement" and len(told.claims) == 1, told
        assert told.claims[0]["provenance"] == "interaction:person:ana"
    assert max_.say("What treats diabetes?", ana).answer == "Metformin"
    assert max_.say("What does Zyrtec treat?", ana).answer == "hay fever"
    assert max_.say("What treats fever?", ana).answer == "Drug 12"


def test_a_bare_noun_statement_and_its_correction(max_: Max) -> None:
    ana = max_.say("I'm Ana.").person_id
    told = max_.say("Pneumonia is a lung infection", ana)
    assert told.intent == "statement" and len(told.claims) == 1
    assert max_.say("What is pneumonia?", ana).answer == "lung infection"
    corrected = max_.say("No, pneumonia is a skin rash", ana)
    assert corrected.intent == "correction", corrected
    assert corrected.claims[0]["provenance"] == "user_correction:person:ana"


def test_a_name_typed_in_lower_case_later_is_that_name(nlp: Any) -> None:
    ctx = Context()
    read(nlp("My brother Ronan plays hurling."), ctx, reparse=nlp)
    statements, _ = read(nlp("ronan loves jazz"), ctx, reparse=nlp)
    assert [(s.subject.name, s.stored_predicate, s.object) for s in statements] == [
        ("Ronan", "loves", "jazz")
    ]
    # A lower-case word nobody was named is not a name.
    statements, _ = read(nlp("jazz relaxes people"), Context(), reparse=nlp)
    assert all(s.subject.name != "Jazz" for s in statements)
