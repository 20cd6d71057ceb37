"""The OpenAI-compatible surface, so existing chat front ends can talk to MAX.

`POST /v1/chat/completions` (plain or streamed as server-sent events) and `GET /v1/models`.
The last user message is the turn; the rest of the history is MAX's own to remember, not the
client's to replay. "assistant" below is the wire protocol's role name and nothing more.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, field_validator

from resident.daemon.conversation import CleanText, check_turn_text, timed_turn
from resident.daemon.edge import text_problem
from resident.daemon.runtime import Runtime
from resident.daemon.security import principal, require
from resident.errors import InvalidInput, NotFound

#: The role name the OpenAI wire format gives the replying side.
WIRE_ROLE = "assistant"


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="allow")

    role: str
    content: CleanText | list[dict[str, Any]] | None = None

    @field_validator("content")
    @classmethod
    def _text_parts(cls, v: str | list[dict[str, Any]] | None) -> Any:
        # A text part's `text` must be a string: an object would be stringified into the turn.
        for i, part in enumerate(v if isinstance(v, list) else []):
            if part.get("type") != "text":
                continue
            text = part.get("text")
            if not isinstance(text, str):
                raise ValueError(f"content[{i}].text must be a string, not {type(text).__name__}")
            problem = text_problem(text)
            if problem is not None:
                raise ValueError(f"content[{i}].text {problem}")
        return v


class ChatRequest(BaseModel):
    # Front ends send sampling options (temperature, top_p, ...) that mean nothing here.
    model_config = ConfigDict(extra="allow")

    model: str | None = None
    messages: list[ChatMessage]
    stream: bool = False
    #: OpenAI's free-form request metadata. MAX reads `metadata.at`: when the turn was said
    #: (ISO 8601), so "yesterday" resolves against it; absent, the turn is said now.
    metadata: dict[str, Any] | None = None

    def said_at(self) -> datetime | None:
        raw = (self.metadata or {}).get("at")
        if raw is None:
            return None
        try:
            at = datetime.fromisoformat(str(raw))
        except ValueError as exc:
            raise InvalidInput(f"metadata.at is not an ISO 8601 time: {raw!r}") from exc
        return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


#: What a front end's background tasks ask for (Open WebUI's title, tag and follow-up prompts),
#: and the JSON key each answers with. These are the front end talking to a model, not a
#: person talking to MAX: they are answered without becoming a turn.
_BACKGROUND_TASKS = (
    (re.compile(r"(?is)^\s*###\s*task:.*\btitle\b"), "title"),
    (re.compile(r"(?is)^\s*###\s*task:.*\btags?\b"), "tags"),
    (re.compile(r"(?is)^\s*###\s*task:.*\bfollow[- ]?up"), "follow_ups"),
    (re.compile(r"(?is)^\s*###\s*task:"), "task"),
    (re.compile(r"(?is)generate a (concise|short)[^.]{0,40}title"), "title"),
    (re.compile(r"(?is)<chat_history>.*</chat_history>"), "task"),
)


def background_task(text: str) -> str | None:
    """The kind of front-end background prompt `text` is, or None for a person's turn."""
    for pattern, kind in _BACKGROUND_TASKS:
        if pattern.search(text):
            return kind
    return None


def background_reply(kind: str) -> str:
    """A well-formed, content-free answer: MAX does not invent titles or tags from talk."""
    if kind == "title":
        return json.dumps({"title": "Talking with MAX"})
    if kind == "tags":
        return json.dumps({"tags": ["General"]})
    if kind == "follow_ups":
        return json.dumps({"follow_ups": []})
    return json.dumps({})


def usage(prompt: str, reply: str) -> dict[str, int]:
    """Token counts as words (MAX has no tokenizer of a model); clients such as the `llm` CLI
    need the object present."""
    p, c = len(prompt.split()), len(reply.split())
    return {"prompt_tokens": p, "completion_tokens": c, "total_tokens": p + c}


def turn_text(messages: list[ChatMessage]) -> str:
    """The text of the last user message (text parts joined); InvalidInput if there is none."""
    for message in reversed(messages):
        if message.role != "user":
            continue
        if isinstance(message.content, str):
            return message.content
        if isinstance(message.content, list):
            return "\n".join(
                str(part["text"]) for part in message.content if part.get("type") == "text"
            )
        break
    raise InvalidInput("no user message to answer: the last user message is the turn")


def _pieces(reply: str) -> Iterator[str]:
    """The reply in word-sized pieces with their trailing space, for streaming."""
    yield from re.findall(r"\S+\s*|\s+", reply)


def completion(
    answer: dict[str, Any], model: str, created: int, prompt: str = ""
) -> dict[str, Any]:
    return {
        "id": f"chatcmpl-{answer['correlation_id']}",
        "object": "chat.completion",
        "created": created,
        "model": model,
        "choices": [
            {
                "index": 0,
                "finish_reason": "stop",
                "message": {"role": WIRE_ROLE, "content": answer["reply"]},
            }
        ],
        "usage": usage(prompt, answer["reply"]),
        "resident": _extras(answer),
    }


def completion_chunks(answer: dict[str, Any], model: str, created: int) -> Iterator[str]:
    base = {
        "id": f"chatcmpl-{answer['correlation_id']}",
        "object": "chat.completion.chunk",
        "created": created,
        "model": model,
    }

    def event(delta: dict[str, Any], finish: str | None = None, **extra: Any) -> str:
        chunk = {
            **base,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
            **extra,
        }
        return f"data: {json.dumps(chunk)}\n\n"

    yield event({"role": WIRE_ROLE, "content": ""})
    for piece in _pieces(answer["reply"]):
        yield event({"content": piece})
    yield event({}, "stop", resident=_extras(answer))
    yield "data: [DONE]\n\n"


def _extras(answer: dict[str, Any]) -> dict[str, Any]:
    """What MAX adds beyond the wire format, for clients that look."""
    return {k: answer.get(k) for k in ("session_id", "correlation_id", "intent", "person_id")}


def build_router(runtime: Runtime) -> APIRouter:
    router = APIRouter(prefix="/v1")
    model_name = runtime.settings.daemon.model_name

    def model_card() -> dict[str, Any]:
        return {
            "id": model_name,
            "object": "model",
            "created": int(runtime.started_at.timestamp()),
            "owned_by": "resident",
        }

    @router.get("/models")
    async def models(request: Request) -> dict[str, Any]:
        principal(request)
        return {"object": "list", "data": [model_card()]}

    @router.get("/models/{model_id}")
    async def model(model_id: str, request: Request) -> dict[str, Any]:
        principal(request)
        if model_id != model_name:
            raise NotFound(f"no model {model_id!r}; MAX answers as {model_name!r}")
        return model_card()

    @router.post("/chat/completions", response_model=None)
    async def chat_completions(
        body: ChatRequest, request: Request
    ) -> JSONResponse | StreamingResponse:
        # A turn is someone speaking: the owner or a person. The service token is for MAX's
        # own processes reading and writing the graph, not for talking as a resident.
        who = require(request, "owner", "person")
        raw = turn_text(body.messages)
        created = int(runtime.clock.now().timestamp())
        task = background_task(raw)
        if task is not None:
            answer = {
                "correlation_id": runtime.resident.session.new_correlation_id(),
                "reply": background_reply(task),
                "session_id": runtime.session_id,
                "intent": f"background_{task}",
                "person_id": None,
            }
            timing = "turn;dur=0"
        else:
            text = check_turn_text(raw, runtime.settings.language.max_turn_chars)
            answer, timing = await timed_turn(runtime, who, text, None, body.said_at())
        if body.stream:
            return StreamingResponse(
                completion_chunks(answer, model_name, created),
                media_type="text/event-stream",
                headers={"Cache-Control": "no-cache", "Server-Timing": timing},
            )
        return JSONResponse(
            completion(answer, model_name, created, raw), headers={"Server-Timing": timing}
        )

    return router
