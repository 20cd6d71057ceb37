"""Stand-in council providers: real HTTP servers on 127.0.0.1 that speak OpenAI chat
completions, Anthropic Messages and Gemini generateContent exactly (request checks, response
and error bodies, streaming off), scripted per question. No model runs here: what each server
answers is what its script says, so tests and the benchmark can make the council agree, split,
time out, be rate-limited, or read garbage and injected instructions; and hostile ones: echo a
key, stall while trickling bytes, send megabytes of nested JSON, lie about their usage.

Shared by tests/ and benchmarks/ (importable as tests.council.standins from the repository root).
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Behaviour:
    """One scripted reply."""

    #: The model's text (a 200 response in the wire format).
    text: str | None = None
    #: An HTTP error status, answered with the wire format's error body.
    status: int = 200
    retry_after: str | None = None
    #: Seconds to wait before answering (a timeout when over the client's).
    delay: float = 0.0
    #: A raw 200 body instead of a well-formed response (garbage).
    raw: bytes | None = None
    #: Usage tokens reported (input, output).
    usage: tuple[int, int] = (60, 20)
    #: The message of an error body (default "scripted <status>").
    message: str | None = None
    #: Stall: send the headers, then one byte every `trickle_every` seconds for this long
    #: (each read is quick, so only a deadline ends it).
    trickle_s: float = 0.0
    trickle_every: float = 0.2
    #: A Content-Encoding header for `raw` (already encoded so), whatever the client asked for.
    content_encoding: str | None = None


Script = Callable[[str, int], Behaviour]


def verdict(v: str, reason: str = "scripted", **extra: Any) -> str:
    return json.dumps({"verdict": v, "reason": reason, **extra})


_PATHS = {
    "openai": re.compile(r"^/v1/chat/completions$"),
    "anthropic": re.compile(r"^/v1/messages$"),
    "gemini": re.compile(r"^/v1beta/models/(?P<model>[^/:]+):generateContent$"),
}
_ERROR_KIND = {
    400: ("invalid_request_error", "INVALID_ARGUMENT"),
    401: ("authentication_error", "UNAUTHENTICATED"),
    404: ("not_found_error", "NOT_FOUND"),
    429: ("rate_limit_error", "RESOURCE_EXHAUSTED"),
    500: ("api_error", "INTERNAL"),
    503: ("overloaded_error", "UNAVAILABLE"),
    529: ("overloaded_error", "UNAVAILABLE"),
}


def error_body(wire: str, status: int, message: str) -> dict[str, Any]:
    kind, gstatus = _ERROR_KIND.get(status, ("api_error", "UNKNOWN"))
    if wire == "openai":
        return {"error": {"message": message, "type": kind, "param": None, "code": None}}
    if wire == "anthropic":
        return {"type": "error", "error": {"type": kind, "message": message}}
    return {"error": {"code": status, "message": message, "status": gstatus}}


def ok_body(wire: str, model: str, text: str, usage: tuple[int, int]) -> dict[str, Any]:
    i, o = usage
    if wire == "openai":
        return {
            "id": "chatcmpl-standin",
            "object": "chat.completion",
            "created": 0,
            "model": model,
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "stop",
                    "message": {"role": "assistant", "content": text},
                }
            ],
            "usage": {"prompt_tokens": i, "completion_tokens": o, "total_tokens": i + o},
        }
    if wire == "anthropic":
        return {
            "id": "msg_standin",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": [{"type": "text", "text": text}],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": i, "output_tokens": o},
        }
    return {
        "candidates": [
            {
                "content": {"role": "model", "parts": [{"text": text}]},
                "finishReason": "STOP",
                "index": 0,
            }
        ],
        "usageMetadata": {
            "promptTokenCount": i,
            "candidatesTokenCount": o,
            "totalTokenCount": i + o,
        },
        "modelVersion": model,
    }


def _check_request(
    wire: str, model: str, key: str, path: str, headers: Any, body: Any
) -> tuple[int, str] | None:
    """None when the request is what the real API accepts; else (status, message)."""
    m = _PATHS[wire].match(path)
    if m is None:
        return 404, f"no route {path}"
    if wire == "openai":
        if headers.get("authorization") != f"Bearer {key}":
            return 401, "Incorrect API key provided."
    elif wire == "anthropic":
        if headers.get("x-api-key") != key:
            return 401, "invalid x-api-key"
        if not headers.get("anthropic-version"):
            return 400, "anthropic-version header is required"
    elif headers.get("x-goog-api-key") != key:
        return 401, "API key not valid. Please pass a valid API key."
    if not isinstance(body, dict):
        return 400, "body must be a JSON object"
    if wire == "openai":
        msgs = body.get("messages")
        if (
            body.get("model") != model
            or not isinstance(msgs, list)
            or not msgs
            or any(
                not isinstance(x, dict)
                or x.get("role") not in ("system", "user", "assistant")
                or not isinstance(x.get("content"), str)
                for x in msgs
            )
        ):
            return 400, "model and messages[{role, content}] are required"
        if body.get("stream") not in (None, False):
            return 400, "streaming is not scripted"
    elif wire == "anthropic":
        msgs = body.get("messages")
        if (
            body.get("model") != model
            or not isinstance(body.get("max_tokens"), int)
            or not isinstance(msgs, list)
            or not msgs
            or msgs[0].get("role") != "user"
            or body.get("stream") not in (None, False)
        ):
            return 400, "model, max_tokens and messages starting with a user turn are required"
    else:
        if m.group("model") != model:
            return 404, f"models/{m.group('model')} is not found"
        contents = body.get("contents")
        if (
            not isinstance(contents, list)
            or not contents
            or not isinstance(contents[-1].get("parts"), list)
        ):
            return 400, "contents[].parts[] is required"
    return None


def question_of(wire: str, body: dict[str, Any]) -> str:
    if wire == "gemini":
        return "".join(p.get("text", "") for p in body["contents"][-1]["parts"])
    return str(body["messages"][-1]["content"])


class _Server(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that stops reading (a byte cap, a deadline) resets the connection: expected.
        return


@dataclass
class StandIn:
    """One stand-in provider on 127.0.0.1 (a free port), scripted by `script`."""

    wire: str
    key: str
    model: str
    script: Script
    requests: list[dict[str, Any]] = field(default_factory=list)
    #: Bytes of the request bodies read and of the response bodies sent: what a call costs,
    #: whatever the usage block says.
    bytes_in: int = 0
    bytes_out: int = 0
    _httpd: ThreadingHTTPServer | None = None
    _seen: dict[str, int] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def url(self) -> str:
        assert self._httpd is not None
        host, port = self._httpd.server_address[:2]
        base = f"http://{host!s}:{port}"
        return base + "/v1" if self.wire == "openai" else base

    def start(self) -> StandIn:
        standin = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                return

            def _send(
                self, status: int, payload: bytes, extra: dict[str, str] | None = None
            ) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                for k, v in (extra or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                try:
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    return
                with standin._lock:
                    standin.bytes_out += len(payload)

            def _trickle(self, seconds: float, every: float) -> None:
                # No length: the body runs until the connection closes.
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Connection", "close")
                self.end_headers()
                end = time.monotonic() + seconds
                try:
                    while time.monotonic() < end:
                        self.wfile.write(b" ")
                        self.wfile.flush()
                        time.sleep(every)
                except (BrokenPipeError, ConnectionResetError):
                    return
                self.close_connection = True

            def do_GET(self) -> None:  # the body model's reachability probe
                self._send(404, json.dumps(error_body(standin.wire, 404, "no route")).encode())

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                with standin._lock:
                    standin.bytes_in += len(raw)
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = None
                headers = {k.lower(): v for k, v in self.headers.items()}
                with standin._lock:
                    standin.requests.append({"path": self.path, "headers": headers, "body": body})
                problem = _check_request(
                    standin.wire, standin.model, standin.key, self.path, headers, body
                )
                if problem is not None:
                    status, message = problem
                    self._send(
                        status, json.dumps(error_body(standin.wire, status, message)).encode()
                    )
                    return
                assert isinstance(body, dict)
                question = question_of(standin.wire, body)
                with standin._lock:
                    attempt = standin._seen.get(question, 0)
                    standin._seen[question] = attempt + 1
                b = standin.script(question, attempt)
                if b.delay:
                    time.sleep(b.delay)
                if b.trickle_s:
                    self._trickle(b.trickle_s, b.trickle_every)
                elif b.raw is not None:
                    encoded = b.content_encoding
                    self._send(200, b.raw, {"Content-Encoding": encoded} if encoded else None)
                elif b.status != 200:
                    extra = {"Retry-After": b.retry_after} if b.retry_after else None
                    self._send(
                        b.status,
                        json.dumps(
                            error_body(standin.wire, b.status, b.message or f"scripted {b.status}")
                        ).encode(),
                        extra,
                    )
                else:
                    self._send(
                        200,
                        json.dumps(
                            ok_body(standin.wire, standin.model, b.text or "", b.usage)
                        ).encode(),
                    )

        self._httpd = _Server(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None


FAMILIES = {"openai": "openai", "anthropic": "anthropic", "gemini": "google"}
MODELS = {"openai": "gpt-standin", "anthropic": "claude-standin", "gemini": "gemini-standin"}
KEY_ENV = {
    "openai": "STANDIN_OPENAI_KEY",
    "anthropic": "STANDIN_ANTHROPIC_KEY",
    "gemini": "STANDIN_GEMINI_KEY",
}


def providers_config(
    standins: dict[str, StandIn], usd_per_1k_tokens: float = 0.0
) -> dict[str, dict[str, Any]]:
    """[council.providers] for these stand-ins, keyed by wire name."""
    return {
        wire: {
            "family": FAMILIES[wire],
            "wire": wire,
            "base_url": s.url,
            "model": s.model,
            "api_key_env": KEY_ENV[wire],
            "usd_per_1k_tokens": usd_per_1k_tokens,
        }
        for wire, s in standins.items()
    }
