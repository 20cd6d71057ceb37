"""Intent parsing: text -> intent and slots, a table run on spacy.blank("en") and, when one is
installed, on the trained pipeline too (the rules must read the same on both)."""

from __future__ import annotations

from typing import Any

import pytest

from resident.errors import ConfigError
from resident.language.intents import (
    Intent,
    Parsed,
    QuestionKind,
    parse,
    predicate_from,
    third_person,
)
from resident.language.pipeline import (
    installed_trained_pipeline,
    is_trained,
    load_pipeline,
    resolve_pipeline_name,
)

TRAINED = installed_trained_pipeline()
PIPELINES = ["blank"] + ([TRAINED] if TRAINED else [])


@pytest.fixture(params=PIPELINES, scope="module")
def nlp(request: pytest.FixtureRequest) -> Any:
    return load_pipeline(request.param)


def _parse(nlp: Any, text: str) -> Parsed:
    return parse(nlp(text))


def _t(
    subject: str | None,
    predicate: str,
    obj: str | None,
    *,
    speaker: bool = False,
    literal: bool = False,
) -> dict[str, Any]:
    return {
        "subject": subject,
        "predicate": predicate,
        "object": obj,
        "speaker": speaker,
        "literal": literal,
    }


SIMPLE = [
    ("Hello!", Intent.GREETING),
    ("Hi there", Intent.GREETING),
    ("good evening, Max", Intent.GREETING),
    ("How are you?", Intent.HOW_ARE_YOU),
    ("Good morning, MAX! How are you doing today?", Intent.HOW_ARE_YOU),
    ("How's it going?", Intent.HOW_ARE_YOU),
    ("are you ok", Intent.HOW_ARE_YOU),
    ("what's your mood?", Intent.HOW_ARE_YOU),
    ("bye", Intent.FAREWELL),
    ("Good night", Intent.FAREWELL),
    ("thanks!", Intent.PRAISE),
    ("Thank you, Max", Intent.PRAISE),
    ("You're so smart", Intent.PRAISE),
    ("well done", Intent.PRAISE),
    ("you are stupid", Intent.HOSTILITY),
    ("You're an idiot!", Intent.HOSTILITY),
    ("Shut up", Intent.HOSTILITY),
    ("I'm tired", Intent.UNKNOWN),
    ("blah blah", Intent.UNKNOWN),
    ("Aspirin doesn't treat headache", Intent.UNKNOWN),
]


@pytest.mark.parametrize(("text", "intent"), SIMPLE)
def test_simple_intents(nlp: Any, text: str, intent: Intent) -> None:
    assert _parse(nlp, text).intent is intent


def test_greeting_prefix_is_kept_as_a_flag(nlp: Any) -> None:
    p = _parse(nlp, "Hi, I'm Ana.")
    assert (p.intent, p.name, p.greeted) == (Intent.INTRODUCTION, "Ana", True)
    assert _parse(nlp, "What treats headache?").greeted is False


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I'm Ana", "Ana"),
        ("I am Ana Silva", "Ana Silva"),
        ("I\u2019m Ana", "Ana"),
        ("my name is ana", "Ana"),
        ("Call me Bob.", "Bob"),
    ],
)
def test_introductions(nlp: Any, text: str, name: str) -> None:
    p = _parse(nlp, text)
    assert (p.intent, p.name) == (Intent.INTRODUCTION, name)


def test_unknown_carries_a_reason(nlp: Any) -> None:
    assert _parse(nlp, "Aspirin doesn't treat headache").reason == "negation"
    assert _parse(nlp, "blah blah").reason == "statement"
    assert _parse(nlp, "Why is the sky purple and green and also very far away?").intent in (
        Intent.WHY,
        Intent.UNKNOWN,
    )


STATEMENTS = [
    ("Aspirin treats headache", _t("Aspirin", "treats", "headache")),
    ("Aspirins treat headaches.", _t("Aspirins", "treats", "headaches")),
    ("Ana's birthday is 3 May", _t("Ana", "birthday", "3 May", literal=True)),
    ("Ana\u2019s birthday is 3 May", _t("Ana", "birthday", "3 May", literal=True)),
    ("Ana's date of birth is 3 May 1990", _t("Ana", "birthday", "3 May 1990", literal=True)),
    ("My birthday is 3 May", _t(None, "birthday", "3 May", speaker=True, literal=True)),
    ("Ana's favourite colour is green", _t("Ana", "favourite_colour", "green")),
    ("The capital of Australia is Sydney", _t("Australia", "capital", "Sydney")),
    ("Canberra is the capital of Australia", _t("Australia", "capital", "Canberra")),
    ("Headache is treated with aspirin", _t("aspirin", "treats", "Headache")),
    ("Ana likes green tea", _t("Ana", "likes", "green tea")),
    ("I live in Lisbon", _t(None, "lives_in", "Lisbon", speaker=True)),
    ("I'm a doctor", _t(None, "is_a", "doctor", speaker=True)),
    ("Ana is a nurse", _t("Ana", "is_a", "nurse")),
    ("Bob works at the hospital", _t("Bob", "works_at", "hospital")),
    ("Ana was born on 3 May", _t("Ana", "birthday", "3 May", literal=True)),
    ("Ana is allergic to peanuts", _t("Ana", "allergic_to", "peanuts")),
]


@pytest.mark.parametrize(("text", "triple"), STATEMENTS)
def test_statements(nlp: Any, text: str, triple: dict[str, Any]) -> None:
    p = _parse(nlp, text)
    assert p.intent is Intent.STATEMENT, p
    assert p.triple is not None and p.triple.model_dump() == triple


CORRECTIONS = [
    (
        "No, that's wrong: the capital of Australia is Canberra",
        _t("Australia", "capital", "Canberra"),
    ),
    ("Actually, Ana's birthday is 4 May", _t("Ana", "birthday", "4 May", literal=True)),
    ("Wrong. Aspirin treats fever", _t("Aspirin", "treats", "fever")),
    (
        "That's not right, Canberra is the capital of Australia",
        _t("Australia", "capital", "Canberra"),
    ),
]


@pytest.mark.parametrize(("text", "triple"), CORRECTIONS)
def test_corrections(nlp: Any, text: str, triple: dict[str, Any]) -> None:
    p = _parse(nlp, text)
    assert p.intent is Intent.CORRECTION
    assert p.triple is not None and p.triple.model_dump() == triple


def test_a_correction_without_the_right_value(nlp: Any) -> None:
    p = _parse(nlp, "That's wrong")
    assert (p.intent, p.triple) == (Intent.CORRECTION, None)


QUESTIONS = [
    ("What treats headache?", QuestionKind.SUBJECT, _t(None, "treats", "headache")),
    ("Which drugs treat headache?", QuestionKind.SUBJECT, _t(None, "treats", "headache")),
    ("Who lives in Lisbon?", QuestionKind.SUBJECT, _t(None, "lives_in", "Lisbon")),
    ("What does aspirin treat?", QuestionKind.OBJECT, _t("aspirin", "treats", None)),
    ("What does Ana like?", QuestionKind.OBJECT, _t("Ana", "likes", None)),
    ("When is Ana's birthday?", QuestionKind.OBJECT, _t("Ana", "birthday", None)),
    ("What's Ana's birthday?", QuestionKind.OBJECT, _t("Ana", "birthday", None)),
    ("When was Ana born?", QuestionKind.OBJECT, _t("Ana", "birthday", None)),
    ("What is the capital of Australia?", QuestionKind.OBJECT, _t("Australia", "capital", None)),
    ("Where does Ana live?", QuestionKind.OBJECT, _t("Ana", "lives_in", None)),
    ("Where is Lisbon?", QuestionKind.OBJECT, _t("Lisbon", "located_in", None)),
    ("What is my birthday?", QuestionKind.OBJECT, _t(None, "birthday", None, speaker=True)),
    ("Does aspirin treat headache?", QuestionKind.CHECK, _t("aspirin", "treats", "headache")),
    (
        "Is Canberra the capital of Australia?",
        QuestionKind.CHECK,
        _t("Australia", "capital", "Canberra"),
    ),
    ("Aspirin treats headache?", QuestionKind.CHECK, _t("Aspirin", "treats", "headache")),
]


@pytest.mark.parametrize(("text", "kind", "triple"), QUESTIONS)
def test_questions(nlp: Any, text: str, kind: QuestionKind, triple: dict[str, Any]) -> None:
    p = _parse(nlp, text)
    assert (p.intent, p.question) == (Intent.QUESTION, kind), p
    assert p.triple is not None
    got = p.triple.model_dump()
    # A question's triple carries no literal hint: the graph decides how the value is held.
    got["literal"] = triple["literal"]
    assert got == triple


@pytest.mark.parametrize(
    ("text", "about"),
    [
        ("What do you know about Ana?", "Ana"),
        ("Tell me about aspirin", "aspirin"),
        ("Who is Ana?", "Ana"),
        ("What is a headache?", "headache"),
        ("Max, what do you know about the Eiffel Tower?", "Eiffel Tower"),
        ("What do you know about me?", None),
    ],
)
def test_about_questions(nlp: Any, text: str, about: str | None) -> None:
    p = _parse(nlp, text)
    assert (p.intent, p.question, p.about) == (Intent.QUESTION, QuestionKind.ABOUT, about)


@pytest.mark.parametrize(
    ("text", "triple"),
    [
        ("Why do you think aspirin treats headache?", _t("aspirin", "treats", "headache")),
        (
            "Why do you think the capital of Australia is Sydney?",
            _t("Australia", "capital", "Sydney"),
        ),
        ("How do you know Ana's birthday is 3 May?", _t("Ana", "birthday", "3 May", literal=True)),
    ],
)
def test_why_with_a_statement(nlp: Any, text: str, triple: dict[str, Any]) -> None:
    p = _parse(nlp, text)
    assert p.intent is Intent.WHY and p.triple is not None
    assert p.triple.model_dump() == triple


@pytest.mark.parametrize("text", ["Why?", "why do you think that?", "Why do you say so"])
def test_why_referring_back(nlp: Any, text: str) -> None:
    p = _parse(nlp, text)
    assert (p.intent, p.refers_back) == (Intent.WHY, True)


def test_unanswerable_question_is_unknown_not_a_statement(nlp: Any) -> None:
    p = _parse(nlp, "Why would purple be?")
    assert p.intent in (Intent.WHY, Intent.UNKNOWN)
    assert _parse(nlp, "How many?").intent is Intent.UNKNOWN


def test_helpers() -> None:
    assert [third_person(v) for v in ("like", "watch", "study", "have", "play", "go")] == [
        "likes",
        "watches",
        "studies",
        "has",
        "plays",
        "goes",
    ]
    assert predicate_from(["favourite", "colour"]) == "favourite_colour"
    assert predicate_from(["date", "of", "birth"]) == "birthday"
    assert predicate_from(["3rd"]) is None


def test_pipeline_selection() -> None:
    blank = load_pipeline("blank")
    assert not is_trained(blank)
    assert load_pipeline("blank") is blank  # loaded once per process
    assert resolve_pipeline_name("auto") == (TRAINED or "blank")
    with pytest.raises(ConfigError, match="language.pipeline"):
        resolve_pipeline_name("no_such_pipeline_here")


@pytest.mark.skipif(TRAINED is None, reason="no trained spaCy pipeline installed")
def test_trained_pipeline_reads_verbs_the_table_lacks() -> None:
    assert TRAINED is not None
    trained = load_pipeline(TRAINED)
    assert is_trained(trained)
    p = parse(trained("Bob collects stamps"))
    assert p.intent is Intent.STATEMENT and p.triple is not None
    assert p.triple.model_dump() == _t("Bob", "collects", "stamps")
    # The blank pipeline has no parse to fall back on: it says it did not understand.
    assert parse(load_pipeline("blank")("Bob collects stamps")).intent is Intent.UNKNOWN
