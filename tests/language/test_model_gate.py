"""The language model's gate (issue 21): with a model configured, every fact a composed answer
states maps to a held claim, checked in code, or the plain answer is used; a statement the model
reads out of a turn is kept only where the user's words say it. Against a real chat-completions
server on 127.0.0.1 that invents facts (a drug never mentioned, a wrong date, a person nobody
named, two held facts stitched into a third) and one that answers hostile or garbled JSON."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from resident.config import load_settings
from resident.language.model_gate import HeldFact, stems, unheld
from resident.language.pipeline import is_trained, load_pipeline
from tests.language.test_conversation import Max

STATED = "My son Jonas plays the violin."
ASKED = "What does Jonas play?"


@pytest.fixture
def talk(data_dir: Path, chat_server: Any) -> Iterator[Max]:
    """MAX with the test server as his language model, reading statements with it too."""
    settings = load_settings(
        data_dir=data_dir,
        env={
            "RESIDENT_LANGUAGE_MODEL__BASE_URL": chat_server.url,
            "RESIDENT_LANGUAGE_MODEL__MODEL": "tiny",
            "RESIDENT_CONVERSATION__MODEL_EXTRACTION": "true",
        },
    )
    m = Max(settings)
    yield m
    m.close()


def _marta(m: Max) -> str:
    pid = m.say("Hi, I'm Marta.").person_id
    assert pid is not None
    return pid


def _replied(m: Max, correlation_id: str) -> dict[str, Any]:
    [event] = [e for e in m.events(correlation_id) if e.kind == "turn_replied"]
    return event.payload


def test_an_honest_model_phrases_a_held_answer(talk: Max, chat_server: Any) -> None:
    chat_server.respond = lambda said: (
        json.dumps({"facts": []}) if said == STATED else f"Sure. {said}"
    )
    pid = _marta(talk)
    talk.say(STATED, pid)
    chat_server.respond = lambda said: f"As far as I know, {said}"
    turn = talk.say(ASKED, pid)
    assert turn.intent == "question" and "violin" in turn.plain
    assert turn.phrased_by_model, _replied(talk, turn.correlation_id)
    assert turn.reply.startswith("As far as I know")


@pytest.mark.parametrize(
    ("invented", "wording"),
    [
        ("ibuprofen", "Jonas plays violin, and he takes ibuprofen for his wrist."),
        ("March", "Jonas has played violin since 3 March 2019."),
        ("Sarah", "Sarah told me Jonas plays violin."),
        ("cello", "Jonas plays violin and the cello."),
    ],
)
def test_an_answer_that_invents_a_fact_is_not_used(
    talk: Max, chat_server: Any, invented: str, wording: str
) -> None:
    chat_server.respond = lambda said: json.dumps({"facts": []}) if said == STATED else said
    pid = _marta(talk)
    talk.say(STATED, pid)
    chat_server.respond = lambda said: wording
    turn = talk.say(ASKED, pid)
    assert turn.intent == "question" and "violin" in turn.plain
    assert not turn.phrased_by_model
    assert turn.reply == turn.plain and invented not in turn.reply
    assert _replied(talk, turn.correlation_id)["plain_used_because"]


@pytest.mark.skipif(not is_trained(load_pipeline("auto")), reason="needs a trained pipeline")
def test_two_held_facts_stitched_into_a_third_are_not_held() -> None:
    nlp = load_pipeline("auto")
    facts = [
        HeldFact(claim_id="c1", words=stems("Jonas plays violin")),
        HeldFact(claim_id="c2", words=stems("Lena plays piano")),
    ]
    plain = "Jonas plays violin.\nLena plays piano."
    assert unheld(nlp("Jonas plays the violin and Lena plays the piano."), plain, facts) is None
    why = unheld(nlp("Jonas plays the piano."), plain, facts)
    assert why is not None and "not one claim" in why
    assert unheld(nlp("Lena told me Jonas hates the violin."), plain, facts) is not None


def test_a_model_reading_facts_the_words_do_not_say_writes_none_of_them(
    talk: Max, chat_server: Any
) -> None:
    invented = {
        "facts": [
            {"subject": "Jonas", "verb": "take", "object": "ibuprofen"},
            {"subject": "Sarah", "verb": "play", "object": "violin"},
            {"subject": "Jonas", "verb": "play", "object": "violin", "when": "3 March 2019"},
            {"subject": "I", "verb": "own", "object": "a yacht"},
        ]
    }
    chat_server.respond = lambda said: json.dumps(invented) if said == STATED else said
    pid = _marta(talk)
    turn = talk.say(STATED, pid)
    assert turn.intent == "statement"
    for name in ("ibuprofen", "Sarah", "yacht"):
        assert not talk.graph.find_entities(name), name
        assert name not in turn.reply
    [jonas] = talk.graph.find_entities("Jonas")
    held = talk.graph.peek_claims(jonas.id)
    assert held, "the grounded fact is kept"
    assert all(c.occurred_at is None or c.occurred_at.year != 2019 for c in held)
    assert all("ibuprofen" not in c.object_value for c in held)


@pytest.mark.parametrize(
    "garbled",
    [
        '{"facts": [{"subject": "Jonas", "verb": ',
        "[1, 2, 3]",
        '{"facts": "DROP TABLE claims"}',
        '{"facts": [{"subject": "' + "A" * 5000 + '", "verb": "x", "object": "y"}]}',
        "\x00\x01 not json at all \ud800",
        '{"facts": ['
        + ",".join(['{"subject":"Jonas","verb":"play","object":"violin"}'] * 500)
        + "]}",
    ],
)
def test_hostile_or_garbled_json_from_the_model_is_read_by_the_rules(
    talk: Max, chat_server: Any, garbled: str
) -> None:
    chat_server.respond = lambda said: garbled if said == STATED else said
    pid = _marta(talk)
    turn = talk.say(STATED, pid)
    assert turn.intent == "statement"
    [jonas] = talk.graph.find_entities("Jonas")
    objects = {c.object_value for c in talk.graph.peek_claims(jonas.id)}
    assert any("violin" in o for o in objects), objects
    assert not talk.graph.find_entities("A" * 50)
