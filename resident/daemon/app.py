"""The daemon's HTTP application: routers, the security gate, and errors that are always JSON.

Every failure answers `{"error": code, "message": ...}`; tracebacks go to the daemon's log,
never to a client.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from resident.daemon import conversation, graph_api, openai_api, people_api, rest_api
from resident.daemon.runtime import Runtime
from resident.daemon.security import (
    BearerAuth,
    BodyLimit,
    HeaderLimit,
    error_payload,
    status_for,
)
from resident.errors import InvalidInput, ResidentError
from resident.state.storage import is_storage_full, storage_full

log = logging.getLogger("resident.daemon")

_HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "request_too_large",
    415: "unsupported_media_type",
    431: "header_too_large",
    507: "storage_full",
}


def _error(status: int, code: str, message: str, request: Request | None = None) -> JSONResponse:
    # OpenAI's clients read {"error": {"message", "type", "param", "code"}}; ours the flat one.
    path = request.url.path if request is not None else ""
    return JSONResponse(error_payload(status, code, message, path), status_code=status)


def _validation_message(errors: list[dict[str, object]]) -> tuple[str, str]:
    if any(e.get("type") == "json_invalid" for e in errors):
        return "invalid_json", "the body is not valid JSON"
    parts = []
    for e in errors[:5]:
        loc = ".".join(str(p) for p in e.get("loc", ()) if p != "body")  # type: ignore[attr-defined]
        parts.append(f"{loc or '(body)'}: {e.get('msg')}")
    return InvalidInput.code, "; ".join(parts)


def create_app(runtime: Runtime) -> FastAPI:
    app = FastAPI(
        title="MAX, our AI resident", version="1", docs_url=None, redoc_url=None, openapi_url=None
    )

    @app.exception_handler(ResidentError)
    async def resident_error(request: Request, exc: ResidentError) -> JSONResponse:
        return _error(status_for(exc), exc.code, str(exc), request)

    @app.exception_handler(RequestValidationError)
    async def request_invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        code, message = _validation_message(list(exc.errors()))
        return _error(400, code, message, request)

    @app.exception_handler(ValidationError)
    async def value_invalid(request: Request, exc: ValidationError) -> JSONResponse:
        code, message = _validation_message(list(exc.errors()))  # type: ignore[arg-type]
        return _error(400, code, message, request)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _HTTP_CODES.get(exc.status_code, "http_error")
        return _error(exc.status_code, code, str(exc.detail), request)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        if is_storage_full(exc):
            full = storage_full(exc, runtime.settings.data_dir)
            log.error("%s %s: %s", request.method, request.url.path, full)
            return _error(507, full.code, str(full), request)
        log.exception("internal error on %s %s", request.method, request.url.path)
        return _error(
            500,
            "internal_error",
            f"{type(exc).__name__} inside MAX; the daemon's log has the details",
            request,
        )

    app.include_router(conversation.build_router(runtime))
    app.include_router(openai_api.build_router(runtime))
    app.include_router(graph_api.build_router(runtime))
    app.include_router(rest_api.build_router(runtime))
    app.include_router(people_api.build_router(runtime))
    # Added last = runs first: the token is checked before the body is even looked at.
    app.add_middleware(
        BodyLimit,
        settings=runtime.settings.daemon,
        upload_bytes=runtime.settings.biometrics.max_upload_bytes,
    )
    app.add_middleware(BearerAuth, tokens=runtime.tokens)
    app.add_middleware(HeaderLimit, settings=runtime.settings.daemon)
    return app
