"""Intent parsing (text -> the kind of turn: greeting, thanks, correction, why, question,
statement), a table run on spacy.blank("en") and on the trained pipeline; and what the one
statement reader reads from statements, corrections and questions (trained pipeline)."""

from __future__ import annotations

from typing import Any

import pytest

from resident.errors import ConfigError
from resident.language.asking import read_question
from resident.language.attribute_questions import attribute_query
from resident.language.attributes import predicate_from
from resident.language.intents import (
    Intent,
    Parsed,
    parse,
    third_person,
)
from resident.language.pipeline import (
    installed_trained_pipeline,
    is_trained,
    load_pipeline,
    resolve_pipeline_name,
)
from resident.language.reading import read, said_triple
from resident.language.shallow import read_question_shallow
from resident.language.statement import Context

TRAINED = installed_trained_pipeline()
PIPELINES = ["blank"] + ([TRAINED] if TRAINED else [])
needs_trained = pytest.mark.skipif(TRAINED is None, reason="no trained spaCy pipeline installed")


@pytest.fixture(scope="module")
def trained() -> Any:
    assert TRAINED is not None
    return load_pipeline(TRAINED)


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
    # What is neither talk about the talk nor a question goes to the statement reader; the
    # turn calls it "unknown" when the reader finds nothing in it (test_conversation.py).
    ("I'm tired", Intent.STATEMENT),
    ("blah blah", Intent.STATEMENT),
    ("Aspirin doesn't treat headache", Intent.STATEMENT),
    ("What treats headache?", Intent.QUESTION),
    ("Does aspirin treat headache?", Intent.QUESTION),
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


def test_a_why_that_asks_nothing_readable_is_still_a_why(nlp: Any) -> None:
    p = _parse(nlp, "Why is the sky purple and green and also very far away?")
    assert p.intent in (Intent.WHY, Intent.QUESTION)


STATEMENTS = [
    ("Aspirin treats headache", _t("Aspirin", "treats", "headache")),
    ("Aspirins treat headaches.", _t("Aspirins", "treats", "headaches")),
    ("Ana's birthday is 3 May", _t("Ana", "birthday", "3 May", literal=True)),
    ("Ana\u2019s birthday is 3 May", _t("Ana", "birthday", "3 May", literal=True)),
    ("Ana's date of birth is 3 May 1990", _t("Ana", "birthday", "3 May 1990", literal=True)),
    ("My birthday is 3 May", _t(None, "birthday", "3 May", speaker=True, literal=True)),
    ("Ana's favourite colour is green", _t("Ana", "favourite_colour", "green", literal=True)),
    ("The capital of Australia is Sydney", _t("Australia", "capital", "Sydney")),
    ("Canberra is the capital of Australia", _t("Australia", "capital", "Canberra")),
    ("Ana likes green tea", _t("Ana", "likes", "green tea")),
    ("I live in Lisbon", _t(None, "lives_in", "Lisbon", speaker=True)),
    ("I'm a doctor", _t(None, "works_as", "doctor", speaker=True)),
    ("Ana is a nurse", _t("Ana", "works_as", "nurse")),
    ("Bob works at the hospital", _t("Bob", "works_at", "hospital")),
    ("Ana was born on 3 May", _t("Ana", "birthday", "3 May", literal=True)),
    ("Ana is allergic to peanuts", _t("Ana", "allergic_to", "peanuts")),
]


@needs_trained
@pytest.mark.parametrize(("text", "triple"), STATEMENTS)
def test_statements(trained: Any, text: str, triple: dict[str, Any]) -> None:
    read = said_triple(trained(text))
    assert read is not None and read.model_dump() == triple


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
    assert p.intent is Intent.CORRECTION and p.said is not None
    if is_trained(nlp):
        read = said_triple(nlp(p.said))
        assert read is not None and read.model_dump() == triple


def test_a_correction_without_the_right_value(nlp: Any) -> None:
    p = _parse(nlp, "That's wrong")
    assert (p.intent, p.said) == (Intent.CORRECTION, None)


QUESTIONS = [
    # (text, wh, subject ("me" for the speaker, None for the gap), verb, object words, attribute)
    ("What treats headache?", "what", None, "treat", ("headache",), False),
    ("Which drugs treat headache?", "which", None, "treat", ("headache",), False),
    ("Who lives in Lisbon?", "who", None, "live", ("lisbon",), False),
    ("What does aspirin treat?", "what", "aspirin", "treat", (), False),
    ("What does Ana like?", "what", "Ana", "like", (), False),
    ("When is Ana's birthday?", "when", "Ana", "birthday", (), True),
    ("What's Ana's birthday?", "what", "Ana", "birthday", (), True),
    ("When was Ana born?", "when", "Ana", "birthday", (), True),
    ("What is the capital of Australia?", "what", "Australia", "capital", (), True),
    ("What is my birthday?", "what", "me", "birthday", (), True),
    ("Does aspirin treat headache?", "yes", "aspirin", "treat", ("headache",), False),
]


@needs_trained
@pytest.mark.parametrize(("text", "wh", "subject", "verb", "words", "attribute"), QUESTIONS)
def test_questions_are_read_into_the_statement_shape(
    trained: Any,
    text: str,
    wh: str,
    subject: str | None,
    verb: str,
    words: tuple[str, ...],
    attribute: bool,
) -> None:
    assert parse(trained(text)).intent is Intent.QUESTION
    sent = list(trained(text).sents)[-1]
    ctx = Context()
    q = attribute_query(sent, ctx) or read_question(sent, ctx) or read_question_shallow(sent, ctx)
    assert q is not None
    said = None if q.subject is None else (q.subject.name or "me")
    assert (q.wh, said, q.verb, q.object_words, q.attribute) == (
        wh,
        subject,
        verb,
        words,
        attribute,
    )


@pytest.mark.parametrize(
    "text",
    [
        "What do you know about Ana?",
        "Tell me about aspirin",
        "Max, what do you know about the Eiffel Tower?",
        "What do you know about me?",
    ],
)
def test_about_questions_are_questions(nlp: Any, text: str) -> None:
    assert _parse(nlp, text).intent is Intent.QUESTION


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
    assert p.intent is Intent.WHY and p.said is not None
    if is_trained(nlp):
        read = said_triple(nlp(p.said))
        assert read is not None and read.model_dump() == triple


@pytest.mark.parametrize("text", ["Why?", "why do you think that?", "Why do you say so"])
def test_why_referring_back(nlp: Any, text: str) -> None:
    p = _parse(nlp, text)
    assert (p.intent, p.refers_back) == (Intent.WHY, True)


def test_a_question_is_never_a_statement(nlp: Any) -> None:
    p = _parse(nlp, "Why would purple be?")
    assert p.intent in (Intent.WHY, Intent.QUESTION)
    assert _parse(nlp, "How many?").intent is Intent.QUESTION


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


@needs_trained
def test_the_reader_reads_verbs_no_table_lists(trained: Any) -> None:
    said = said_triple(trained("Bob collects stamps"))
    assert said is not None and said.model_dump() == _t("Bob", "collects", "stamps")
    # The blank pipeline has no parse: nothing is read from it to store.
    assert read(load_pipeline("blank")("Bob collects stamps"))[0] == []
