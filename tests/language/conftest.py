"""A real chat-completions server on 127.0.0.1 (the OpenAI wire format), whose replies each test
scripts: an honest phraser, a liar, one that errors, one too slow, one that answers garbage; and
`max_`, a booted resident to talk to."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any

import pytest

from resident.config import Settings

if TYPE_CHECKING:
    from tests.language.test_conversation import Max


class ChatServer:
    """Serves POST /v1/chat/completions; `respond` maps the user message to the reply text."""

    def __init__(self) -> None:
        self.respond: Callable[[str], str] = lambda plain: plain
        self.status = 200
        self.delay_s = 0.0
        self.garbage = False
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                return

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with server._lock:
                    server.requests.append(
                        {
                            "path": self.path,
                            "body": body,
                            "authorization": self.headers.get("Authorization"),
                        }
                    )
                if server.delay_s:
                    time.sleep(server.delay_s)
                if self.path != "/v1/chat/completions":
                    self._send(404, {"error": {"message": "not found"}})
                elif server.status != 200:
                    self._send(server.status, {"error": {"message": "model exploded"}})
                elif server.garbage:
                    self._raw(200, b"<html>definitely not json</html>")
                else:
                    user = [m["content"] for m in body["messages"] if m["role"] == "user"][-1]
                    self._send(
                        200,
                        {
                            "id": "chatcmpl-test",
                            "object": "chat.completion",
                            "created": int(time.time()),
                            "model": body["model"],
                            "choices": [
                                {
                                    "index": 0,
                                    "finish_reason": "stop",
                                    "message": {
                                        "role": "assistant",
                                        "content": server.respond(user),
                                    },
                                }
                            ],
                            "usage": {
                                "prompt_tokens": 1,
                                "completion_tokens": 1,
                                "total_tokens": 2,
                            },
                        },
                    )

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                self._raw(status, json.dumps(payload).encode())

            def _raw(self, status: int, data: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                try:
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    # The client gave up (its timeout); nothing to deliver.
                    return

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        # A short poll interval: shutdown() waits up to one interval.
        self._thread = threading.Thread(target=self.httpd.serve_forever, args=(0.02,), daemon=True)

    def start(self) -> ChatServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def chat_server() -> Iterator[ChatServer]:
    server = ChatServer().start()
    yield server
    server.stop()


@pytest.fixture
def max_(settings: Settings) -> Iterator[Max]:
    """A booted resident on this test's data directory (tests.language.test_conversation.Max)."""
    from tests.language.test_conversation import Max

    m = Max(settings)
    yield m
    m.close()
