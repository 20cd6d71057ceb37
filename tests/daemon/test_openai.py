"""Existing chat front ends talk to MAX: the official openai package as the client."""

from __future__ import annotations

from typing import Any

import openai
import pytest


@pytest.fixture(scope="module")
def client(daemon: Any) -> Any:
    with openai.OpenAI(
        base_url=f"{daemon.url}/v1", api_key=daemon.owner_token, max_retries=0, timeout=60
    ) as c:
        yield c


def test_models_lists_max(client: openai.OpenAI) -> None:
    models = client.models.list()
    assert [m.id for m in models.data] == ["max"]
    assert client.models.retrieve("max").owned_by == "resident"


def test_chat_completion_is_one_turn(client: openai.OpenAI, daemon: Any) -> None:
    done = client.chat.completions.create(
        model="max",
        messages=[
            {"role": "system", "content": "Be brief."},
            {"role": "user", "content": "Hello"},
            {"role": "assistant", "content": "Hello."},
            {"role": "user", "content": "I'm Olga"},
        ],
    )
    choice = done.choices[0]
    assert choice.message.role == "assistant" and choice.finish_reason == "stop"
    assert "Olga" in (choice.message.content or "")
    extras = done.model_extra["resident"]  # type: ignore[index]
    assert extras["intent"] == "introduction" and extras["session_id"] == daemon.session_id
    assert done.id == f"chatcmpl-{extras['correlation_id']}"


def test_streamed_completion_reassembles_to_the_reply(client: openai.OpenAI, daemon: Any) -> None:
    plain = client.chat.completions.create(
        model="max", messages=[{"role": "user", "content": "How are you?"}]
    )
    stream = client.chat.completions.create(
        model="max", stream=True, messages=[{"role": "user", "content": "How are you?"}]
    )
    chunks = list(stream)
    text = "".join(c.choices[0].delta.content or "" for c in chunks)
    assert chunks[0].choices[0].delta.role == "assistant"
    assert chunks[-1].choices[0].finish_reason == "stop"
    assert len(chunks) > 3, "streamed in pieces"
    # Same state, same plain rendering, apart from how far the fading emotions have faded.
    assert text.split(".")[0] == (plain.choices[0].message.content or "").split(".")[0]


def test_content_parts_are_read(client: openai.OpenAI) -> None:
    done = client.chat.completions.create(
        model="max",
        messages=[{"role": "user", "content": [{"type": "text", "text": "What treats headache?"}]}],
    )
    assert done.choices[0].message.content


def test_errors_come_back_as_api_errors(client: openai.OpenAI, daemon: Any) -> None:
    with pytest.raises(openai.BadRequestError) as bad:
        client.chat.completions.create(
            model="max", messages=[{"role": "system", "content": "no user"}]
        )
    # OpenAI's error shape (issue 14): {"error": {"message", "type", "param", "code"}}.
    assert bad.value.body == {
        "message": bad.value.body["message"],  # type: ignore[index]
        "type": "invalid_request_error",
        "param": None,
        "code": "invalid_input",
    }
    assert "no user message" in bad.value.response.json()["error"]["message"]
    with (
        openai.OpenAI(base_url=f"{daemon.url}/v1", api_key="rsd_wrong", max_retries=0) as wrong,
        pytest.raises(openai.AuthenticationError),
    ):
        wrong.models.list()


def test_completion_has_usage_and_background_prompts_are_not_turns(
    client: openai.OpenAI, daemon: Any
) -> None:
    done = client.chat.completions.create(
        model="max", messages=[{"role": "user", "content": "Hello"}]
    )
    assert (
        done.usage is not None
        and done.usage.total_tokens == (done.usage.prompt_tokens + done.usage.completion_tokens) > 0
    )
    title_prompt = (
        "### Task:\nGenerate a concise, 3-5 word title with an emoji summarizing "
        'the chat history.\n### Output:\nJSON format: { "title": "..." }\n'
        "<chat_history>\nUSER: I'm Olga\nASSISTANT: Nice to meet you\n"
        "</chat_history>"
    )
    task = client.chat.completions.create(
        model="max", messages=[{"role": "user", "content": title_prompt}]
    )
    assert task.model_extra["resident"]["intent"] == "background_title"  # type: ignore[index]
    assert task.model_extra["resident"]["person_id"] is None  # type: ignore[index]
    assert "title" in (task.choices[0].message.content or "")


def _openai_error(exc: openai.APIStatusError) -> dict[str, Any]:
    """The error as the openai client read it: OpenAI's shape, every field where it looks."""
    body = exc.body
    assert isinstance(body, dict), body
    assert set(body) == {"message", "type", "param", "code"}, body
    assert exc.code == body["code"] and exc.type == body["type"]
    # The client words its message "Error code: N - <the message>" from the shaped body.
    assert body["message"] and exc.message.endswith(f" - {body['message']}")
    return body


@pytest.mark.parametrize("token", [None, "rsd_wrong", ""])
def test_unauthorized_is_openai_shaped_on_both_routes(daemon: Any, token: str | None) -> None:
    """Issue 22, point 5: a 401 on the chat routes reads as OpenAI's invalid_api_key."""
    headers = {"Authorization": ""} if token is None else {}
    with openai.OpenAI(
        base_url=f"{daemon.url}/v1",
        api_key=token or "x",
        max_retries=0,
        timeout=60,
        default_headers=headers,
    ) as client:
        calls = [
            lambda: client.models.list(),
            lambda: client.models.retrieve("max"),
            lambda: client.chat.completions.create(
                model="max", messages=[{"role": "user", "content": "Hello"}]
            ),
            lambda: client.chat.completions.create(
                model="max", stream=True, messages=[{"role": "user", "content": "Hello"}]
            ),
        ]
        for call in calls:
            with pytest.raises(openai.AuthenticationError) as denied:
                call()
            body = _openai_error(denied.value)
            assert body["code"] == "invalid_api_key"
            assert body["type"] == "invalid_request_error"
            assert denied.value.response.headers["www-authenticate"].startswith("Bearer")


def test_forbidden_is_openai_shaped(daemon: Any) -> None:
    """The service token is for MAX's own processes on the graph: it may list the model but
    not speak as a resident, and the refusal is OpenAI's PermissionDeniedError."""
    with openai.OpenAI(
        base_url=f"{daemon.url}/v1", api_key=daemon.service_token, max_retries=0, timeout=60
    ) as service:
        assert [m.id for m in service.models.list().data] == ["max"]
        with pytest.raises(openai.PermissionDeniedError) as denied:
            service.chat.completions.create(
                model="max", messages=[{"role": "user", "content": "I'm the service"}]
            )
    body = _openai_error(denied.value)
    assert body["code"] == "forbidden" and "service token" in body["message"]


def test_oversized_body_is_openai_shaped(client: openai.OpenAI) -> None:
    big = "x" * 2_000_000  # over daemon.max_request_bytes (1 MiB)
    with pytest.raises(openai.APIStatusError) as refused:
        client.chat.completions.create(model="max", messages=[{"role": "user", "content": big}])
    assert refused.value.status_code == 413
    assert _openai_error(refused.value)["code"] == "request_too_large"
