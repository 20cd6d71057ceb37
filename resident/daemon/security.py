"""The daemon's gate: bearer tokens on every request, body size limits, JSON errors.

Both checks are plain ASGI middleware so they run before routing: an unknown path without a
token is a 401 like any other, and an oversized body is refused before it is read whole.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.requests import Request

from resident.config import DaemonSettings
from resident.daemon.tokens import Principal, Role, TokenStore
from resident.errors import (
    BiometricsUnavailable,
    DaemonNotRunning,
    DaemonRunning,
    EpistemicRefusal,
    Forbidden,
    GraphBusy,
    HeaderTooLarge,
    InvalidInput,
    LanguageModelError,
    NotFound,
    RequestTooLarge,
    ResidentError,
    StateUnknown,
    StorageFull,
    TemplateUnreadable,
    Unauthorized,
)
from resident.memory.wire import ARROW_STREAM

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: HTTP status for each kind of typed error; the most specific class listed first wins.
STATUS_FOR: tuple[tuple[type[ResidentError], int], ...] = (
    (RequestTooLarge, 413),
    (HeaderTooLarge, 431),
    (StorageFull, 507),
    (BiometricsUnavailable, 503),
    (TemplateUnreadable, 500),
    (Unauthorized, 401),
    (Forbidden, 403),
    (NotFound, 404),
    (InvalidInput, 400),
    (EpistemicRefusal, 409),
    (DaemonRunning, 409),
    (GraphBusy, 503),
    (StateUnknown, 503),
    (DaemonNotRunning, 503),
    (LanguageModelError, 502),
)


def status_for(exc: ResidentError) -> int:
    for cls, status in STATUS_FOR:
        if isinstance(exc, cls):
            return status
    return 500


#: Paths of the OpenAI-compatible surface, whose clients read OpenAI's error shape.
OPENAI_PATHS = ("/v1/chat/completions", "/v1/models")


def is_openai_path(path: str) -> bool:
    return path in OPENAI_PATHS or path.startswith("/v1/models/")


def error_payload(status: int, code: str, message: str, path: str = "") -> dict[str, Any]:
    """The body of an error answer: `{"error": code, "message": ...}`, or on the OpenAI
    surface OpenAI's own `{"error": {"message", "type", "param", "code"}}`, which the openai
    client reads into its APIError (a 401 there says invalid_api_key, as OpenAI's does)."""
    if not is_openai_path(path):
        return {"error": code, "message": message}
    kind = "invalid_request_error" if status < 500 else "server_error"
    if status == 401:
        code = "invalid_api_key"
    return {"error": {"message": message, "type": kind, "param": None, "code": code}}


def error_body(code: str, message: str, status: int = 400, path: str = "") -> bytes:
    return json.dumps(error_payload(status, code, message, path)).encode("utf-8")


async def send_error(
    send: Send,
    status: int,
    code: str,
    message: str,
    headers: list[tuple[bytes, bytes]] | None = None,
    path: str = "",
) -> None:
    body = error_body(code, message, status, path)
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


class BearerAuth:
    """Every request needs `Authorization: Bearer <token>` naming a known principal."""

    def __init__(self, app: ASGIApp, tokens: TokenStore) -> None:
        self.app = app
        self.tokens = tokens

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        header = _header(scope, b"authorization") or ""
        scheme, _, token = header.partition(" ")
        principal = self.tokens.lookup(token.strip()) if scheme.lower() == "bearer" else None
        if principal is None:
            message = (
                "a bearer token is required (tokens.json in the data directory)"
                if not header
                else "unknown or malformed bearer token"
            )
            await send_error(
                send,
                401,
                Unauthorized.code,
                message,
                [(b"www-authenticate", b'Bearer realm="resident"')],
                scope.get("path", ""),
            )
            return
        scope.setdefault("state", {})["principal"] = principal
        await self.app(scope, receive, send)


class HeaderLimit:
    """Refuse a request whose headers together exceed `max_header_bytes` with a 431 answer.

    The HTTP parser is given room for headers well past this limit (server.py), so an oversized
    header is read whole and answered here instead of cut off with a connection reset.
    """

    def __init__(self, app: ASGIApp, settings: DaemonSettings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            size = sum(len(k) + len(v) + 4 for k, v in scope.get("headers", []))
            if size > self.settings.max_header_bytes:
                await send_error(
                    send,
                    431,
                    HeaderTooLarge.code,
                    f"request headers of {size} bytes exceed the limit of "
                    f"{self.settings.max_header_bytes} (daemon.max_header_bytes)",
                    [(b"connection", b"close")],
                    scope.get("path", ""),
                )
                return
        await self.app(scope, receive, send)


class BodyLimit:
    """Refuse bodies over the limit: by Content-Length at once, or while a chunked body streams.

    Arrow bodies to the graph API get the bulk limit; audio clips and images for voice and face
    the upload limit (biometrics.max_upload_bytes); everything else the request limit.
    """

    def __init__(
        self, app: ASGIApp, settings: DaemonSettings, upload_bytes: int | None = None
    ) -> None:
        self.app = app
        self.settings = settings
        self.upload_bytes = upload_bytes

    def limit_for(self, scope: Scope) -> int:
        path = scope["path"]
        if (
            self.upload_bytes is not None
            and scope["method"] == "POST"
            and (
                path.startswith("/v1/identify/")
                or (path.startswith("/v1/people/") and path.endswith(("/voice", "/face")))
            )
        ):
            return self.upload_bytes
        content_type = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
        if scope["path"].startswith("/v1/graph/") and content_type == ARROW_STREAM:
            return self.settings.max_bulk_bytes
        return self.settings.max_request_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope)
        declared = _header(scope, b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            await send_error(
                send,
                413,
                RequestTooLarge.code,
                f"request body of {declared} bytes exceeds the limit of {limit}",
                path=scope["path"],
            )
            return
        seen = 0
        over = False
        answered = False

        async def limited_receive() -> Message:
            nonlocal seen, over
            if over:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    # Stop reading; whatever the app answers to the cut body is replaced below.
                    over = True
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal answered
            if not over:
                await send(message)
            elif not answered:
                answered = True
                await send_error(
                    send,
                    413,
                    RequestTooLarge.code,
                    f"request body exceeds the limit of {limit} bytes",
                    path=scope["path"],
                )

        await self.app(scope, limited_receive, guarded_send)


def principal(request: Request) -> Principal:
    found = getattr(request.state, "principal", None)
    if not isinstance(found, Principal):
        raise Unauthorized("no principal on this request")
    return found


def require(request: Request, *roles: Role) -> Principal:
    """The request's principal, or Forbidden when its role may not use this surface."""
    who = principal(request)
    if who.role not in roles:
        raise Forbidden(
            f"a {who.role} token may not use {request.url.path}; "
            f"it needs one of: {', '.join(roles)}"
        )
    return who
