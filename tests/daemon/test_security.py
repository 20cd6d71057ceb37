"""The gate of a real daemon: tokens, size limits, bad input, and errors that are always JSON."""

from __future__ import annotations

import json
import socket
from typing import Any

import httpx
import pytest


def _is_error(resp: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert resp.status_code == status, resp.text
    assert resp.headers["content-type"].startswith("application/json")
    body: dict[str, Any] = resp.json()
    if isinstance(body["error"], dict):
        # The OpenAI-compatible surface answers in OpenAI's error shape (issue 14).
        assert resp.request.url.path.startswith(("/v1/chat/completions", "/v1/models"))
        # OpenAI's code for a missing or wrong key, where the flat shape says unauthorized.
        openai_code = body["error"]["code"]
        openai_code = "unauthorized" if openai_code == "invalid_api_key" else openai_code
        body = {"error": openai_code, "message": body["error"]["message"]}
    assert body["error"] == code and body["message"]
    assert "Traceback" not in resp.text
    return body


@pytest.mark.parametrize(
    "path", ["/healthz", "/v1/state", "/v1/models", "/v1/graph/counts", "/v1/no/such/path"]
)
def test_no_token_no_entry(daemon: Any, path: str) -> None:
    with daemon.client(token=None) as c:
        resp = c.get(path)
    _is_error(resp, 401, "unauthorized")
    assert resp.headers["www-authenticate"].startswith("Bearer")


def test_unknown_and_malformed_tokens(daemon: Any) -> None:
    with daemon.client(token="rsd_unknown") as c:
        _is_error(c.post("/v1/converse", json={"text": "hi"}), 401, "unauthorized")
    with httpx.Client(base_url=daemon.url) as c:
        resp = c.get("/v1/state", headers={"Authorization": f"Basic {daemon.owner_token}"})
        _is_error(resp, 401, "unauthorized")


def test_empty_text(daemon: Any) -> None:
    with daemon.client() as c:
        for text in ("", "   \n"):
            body = _is_error(c.post("/v1/converse", json={"text": text}), 400, "invalid_input")
            assert "empty" in body["message"]


def test_a_megabyte_of_text_is_refused_whole(daemon: Any) -> None:
    with daemon.client() as c:
        before = c.post(
            "/v1/graph/counts", headers={"Authorization": f"Bearer {daemon.service_token}"}, json={}
        ).json()["result"]
        body = _is_error(
            c.post("/v1/converse", json={"text": "a" * 1_000_000}), 400, "invalid_input"
        )
        assert "max_turn_chars" in body["message"]
        after = c.post(
            "/v1/graph/counts", headers={"Authorization": f"Bearer {daemon.service_token}"}, json={}
        ).json()["result"]
    assert after == before, "nothing was written"


def test_bodies_over_the_limit_get_413(daemon: Any) -> None:
    with daemon.client() as c:
        _is_error(c.post("/v1/converse", json={"text": "a" * 2_000_000}), 413, "request_too_large")

        def chunked() -> Any:
            for _ in range(40):
                yield b" " * 65536

        # No Content-Length: the limit is enforced while the body streams in.
        resp = c.post(
            "/v1/converse", content=chunked(), headers={"Content-Type": "application/json"}
        )
        _is_error(resp, 413, "request_too_large")


def test_invalid_json_and_wrong_shapes(daemon: Any) -> None:
    with daemon.client() as c:
        _is_error(
            c.post(
                "/v1/converse",
                content=b'{"text": "hi"',
                headers={"Content-Type": "application/json"},
            ),
            400,
            "invalid_json",
        )
        _is_error(c.post("/v1/converse", json={"txt": "hi"}), 400, "invalid_input")
        _is_error(c.post("/v1/converse", json=["hi"]), 400, "invalid_input")
        _is_error(c.post("/v1/chat/completions", json={"messages": "hi"}), 400, "invalid_input")
        _is_error(
            c.post(
                "/v1/graph/add_claim",
                content=b"{nope",
                headers={"Content-Type": "application/json"},
            ),
            400,
            "invalid_input",
        )
        _is_error(
            c.post("/v1/graph/add_claim", json={"new": {"subject": "x"}}), 400, "invalid_input"
        )
        _is_error(c.post("/v1/graph/no_such_method", json={}), 404, "not_found")
        _is_error(c.get("/v1/nothing"), 404, "not_found")
        _is_error(c.delete("/v1/converse"), 405, "method_not_allowed")


def test_the_daemon_listens_on_loopback_only(daemon: Any) -> None:
    assert daemon.info["host"] == "127.0.0.1"
    addresses = {
        a[4][0] for a in socket.getaddrinfo(socket.gethostname(), None) if a[0] == socket.AF_INET
    } - {"127.0.0.1", "127.0.1.1"}
    for address in addresses:
        with socket.socket() as s, pytest.raises(OSError):
            s.settimeout(2)
            s.connect((address, daemon.info["port"]))


def test_error_bodies_are_json_objects(daemon: Any) -> None:
    with daemon.client() as c:
        raw = c.post("/v1/converse", json={"text": ""}).content
    assert set(json.loads(raw)) == {"error", "message"}
