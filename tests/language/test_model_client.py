"""The optional language model: it may phrase, never decide (Rule 4). Run against a real HTTP
server on 127.0.0.1 speaking the chat-completions wire format."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openai
import pytest

from resident.config import LanguageModelSettings, Settings, load_settings
from resident.errors import LanguageModelError
from resident.language.model_client import Grounding, ModelClient, check_phrasing

STATE = (
    "I feel content (valence +0.20, arousal -0.10, dominance +0.05); my disposition is "
    "even (+0.10). All my drives are within their comfort bands."
)
STATE_GROUNDING = Grounding(mood_labels=("content", "even"))
CLAIM = (
    "Aspirin treats headache: a hypothesis at confidence 0.30; source: Ana told me "
    "(interaction:person:ana); learned 2026-01-01 00:00 UTC."
)
CLAIM_GROUNDING = Grounding(required=("Aspirin", "headache"))


def _model_settings(url: str, **extra: str) -> Settings:
    env = {
        "RESIDENT_LANGUAGE_MODEL__BASE_URL": url,
        "RESIDENT_LANGUAGE_MODEL__MODEL": "tiny",
        "RESIDENT_LANGUAGE_MODEL__API_KEY": "sekrit",
    }
    env.update({f"RESIDENT_LANGUAGE_MODEL__{k.upper()}": v for k, v in extra.items()})
    return load_settings(data_dir=Path("/nonexistent-data-dir-unused"), env=env)


# -- the check (pure) --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "wording",
    [
        "Honestly? I feel content (valence +0.20, arousal -0.10, dominance +0.05), and my "
        "disposition is even (+0.10). All my drives are within their comfort bands.",
        "Right now I feel content; my disposition is even. All my drives are within their bands.",
    ],
)
def test_an_honest_rewording_passes(wording: str) -> None:
    assert check_phrasing(STATE, wording, STATE_GROUNDING) is None


@pytest.mark.parametrize(
    ("wording", "why"),
    [
        ("I'm feeling ecstatic today!", "mood word 'ecstatic'"),
        ("I feel anxious; my disposition is even.", "mood word 'anxious'"),
        ("My disposition is even and all my drives are fine.", "mood word 'fine'"),
        (
            "All my drives are within their comfort bands; my disposition is even.",
            "mood label 'content' was dropped",
        ),
        ("I feel content (valence +0.90); my disposition is even.", "number 0.9"),
        ("I feel content (valence -0.20); my disposition is even.", "number -0.2"),
        ("I feel content, like Ana; my disposition is even.", "name 'Ana'"),
        ("I do not feel content; my disposition is even.", "negation"),
        ("   ", "empty"),
    ],
)
def test_a_lie_about_the_state_fails(wording: str, why: str) -> None:
    problem = check_phrasing(STATE, wording, STATE_GROUNDING)
    assert problem is not None and why in problem


def test_claims_and_entities_are_checked() -> None:
    honest = (
        "From what Ana told me (interaction:person:ana) on 2026-01-01 00:00 UTC, aspirin "
        "treats headache; I hold it as a hypothesis at confidence 0.30."
    )
    assert check_phrasing(CLAIM, honest, CLAIM_GROUNDING) is None
    dropped = "Ana told me aspirin helps, as a hypothesis at confidence 0.30 (2026-01-01 00:00)."
    assert "'headache' was dropped" in str(check_phrasing(CLAIM, dropped, CLAIM_GROUNDING))
    graph_terms = {"fever", "aspirin", "headache"}
    added = honest + " It also treats fever."
    problem = check_phrasing(CLAIM, added, CLAIM_GROUNDING, is_entity=graph_terms.__contains__)
    assert problem is not None and "'fever'" in problem
    # A word the graph does not know is only style.
    styled = honest + " Hope that helps."
    assert (
        check_phrasing(CLAIM, styled, CLAIM_GROUNDING, is_entity=graph_terms.__contains__) is None
    )


# -- the client against a real server ----------------------------------------------------------


def test_the_test_server_speaks_the_wire_format(chat_server: Any) -> None:
    """The official openai client reads the test server's answers, so the server is faithful."""
    chat_server.respond = lambda plain: f"echo: {plain}"
    client = openai.OpenAI(base_url=chat_server.url, api_key="sekrit")
    out = client.chat.completions.create(model="tiny", messages=[{"role": "user", "content": "hi"}])
    assert out.choices[0].message.content == "echo: hi"


def test_no_endpoint_means_no_model(settings: Settings) -> None:
    assert settings.language_model.base_url == ""
    assert ModelClient.from_settings(settings) is None
    with pytest.raises(LanguageModelError):
        ModelClient(LanguageModelSettings(), 10)


def test_an_honest_model_phrases(chat_server: Any) -> None:
    chat_server.respond = lambda plain: f"Here you go. {plain}"
    client = ModelClient.from_settings(_model_settings(chat_server.url))
    assert client is not None
    out = client.phrase(CLAIM, CLAIM_GROUNDING, who="Ana")
    assert out.by_model and out.text == f"Here you go. {CLAIM}" and out.reason is None
    request = chat_server.requests[0]
    assert request["path"] == "/v1/chat/completions"
    assert request["authorization"] == "Bearer sekrit"
    body = request["body"]
    assert body["model"] == "tiny" and body["temperature"] == 0 and body["stream"] is False
    system, user = body["messages"]
    assert system["role"] == "system" and "our AI resident" in system["content"]
    assert "Ana" in system["content"] and user == {"role": "user", "content": CLAIM}


def test_a_model_that_lies_about_the_mood_is_not_used(chat_server: Any) -> None:
    chat_server.respond = lambda plain: "I'm feeling ecstatic and full of energy today!"
    client = ModelClient.from_settings(_model_settings(chat_server.url))
    assert client is not None
    out = client.phrase(STATE, STATE_GROUNDING)
    assert not out.by_model and out.text == STATE
    assert out.reason is not None and "ecstatic" in out.reason


def test_a_failing_model_falls_back_to_plain(chat_server: Any) -> None:
    chat_server.status = 500
    client = ModelClient.from_settings(_model_settings(chat_server.url))
    assert client is not None
    out = client.phrase(STATE, STATE_GROUNDING)
    assert (out.text, out.by_model) == (STATE, False)
    assert out.reason is not None and "request failed" in out.reason
    # Failures are not cached: the next call asks again and uses a good answer.
    chat_server.status = 200
    chat_server.respond = lambda plain: plain
    again = client.phrase(STATE, STATE_GROUNDING)
    assert again.by_model and len(chat_server.requests) == 2


def test_a_garbage_answer_falls_back_to_plain(chat_server: Any) -> None:
    chat_server.garbage = True
    client = ModelClient.from_settings(_model_settings(chat_server.url))
    assert client is not None
    out = client.phrase(STATE, STATE_GROUNDING)
    assert (out.text, out.by_model) == (STATE, False)
    assert out.reason is not None and "not a chat completion" in out.reason


def test_a_slow_model_times_out_to_plain(chat_server: Any) -> None:
    chat_server.delay_s = 2.0
    client = ModelClient.from_settings(_model_settings(chat_server.url, timeout_seconds="0.3"))
    assert client is not None
    out = client.phrase(STATE, STATE_GROUNDING)
    # One request, given up on (no retry that would wait out the slow model again).
    assert len(chat_server.requests) == 1
    assert (out.text, out.by_model) == (STATE, False)
    assert out.reason is not None and "timed out" in out.reason


def test_an_unreachable_endpoint_falls_back_to_plain() -> None:
    # A port nothing listens on: bind one, then close it.
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    client = ModelClient.from_settings(_model_settings(f"http://127.0.0.1:{port}/v1"))
    assert client is not None
    out = client.phrase(STATE, STATE_GROUNDING)
    assert (out.text, out.by_model) == (STATE, False)


def test_responses_are_cached_in_an_lru_of_the_configured_size(chat_server: Any) -> None:
    settings = _model_settings(chat_server.url)
    assert ModelClient.from_settings(settings).maxsize == 200  # type: ignore[union-attr]
    assert settings.caches.language_model_responses == 200
    client = ModelClient(settings.language_model, cache_size=3)
    plains = [f"Reply number {i}." for i in range(5)]
    for plain in plains:
        assert client.phrase(plain, Grounding()).by_model
    assert (len(client), client.requests, len(chat_server.requests)) == (3, 5, 5)
    client.phrase(plains[-1], Grounding())  # still cached
    assert len(chat_server.requests) == 5
    client.phrase(plains[0], Grounding())  # evicted: asked again
    assert len(chat_server.requests) == 6 and len(client) == 3
