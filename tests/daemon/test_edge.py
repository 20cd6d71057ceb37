"""A client's mistake is a typed 4xx at the edge, never a 500 (issue 15, findings 4, 5 and 8).

Each request below is sent raw, as an attacker or a careless front end would send it, to a real
daemon; the answer must be the JSON error shape with a 4xx status and a typed code.
"""

from __future__ import annotations

import socket
from typing import Any

import numpy as np
import pyarrow as pa
import pytest

from resident.memory.wire import ARROW_STREAM, encode_tables

#: `"\ud800"` as it travels inside a JSON text: a lone surrogate, valid JSON, invalid Unicode.
SURROGATE = '"\\ud800"'


def _post_json(daemon: Any, path: str, raw: str, token: str = "owner") -> Any:
    with daemon.client(token) as c:
        return c.post(path, content=raw.encode(), headers={"Content-Type": "application/json"})


def _assert_refused(resp: Any, status: int = 400) -> dict[str, Any]:
    assert resp.status_code == status, (resp.status_code, resp.text)
    body: dict[str, Any] = resp.json()
    if resp.request.url.path.startswith(("/v1/chat/completions", "/v1/models")):
        # The OpenAI-compatible surface answers in OpenAI's error shape (issue 14).
        assert set(body) == {"error"}
        assert set(body["error"]) == {"message", "type", "param", "code"}
        body = {"error": body["error"]["code"], "message": body["error"]["message"]}
    assert set(body) == {"error", "message"}, body
    assert body["error"] not in ("internal_error", "resident_error"), body
    assert "Traceback" not in body["message"]
    return body


@pytest.fixture(scope="module")
def seeded(daemon: Any) -> Any:
    """Two entities and a claim, so that name lookups and limits have something to find."""
    with daemon.client("service") as c:
        resp = c.post(
            "/v1/graph/upsert_entities",
            json={
                "entities": [
                    {"id": "concept:edge-a", "kind": "thing", "label": "Edge A"},
                    {"id": "concept:edge-b", "kind": "thing", "label": "Edge B"},
                ],
                "now": "2026-01-01T00:00:00Z",
            },
        )
        assert resp.status_code == 200, resp.text
    return daemon


# -- finding 4: unicode, NUL, ranges, paths -----------------------------------------------------


@pytest.mark.parametrize(
    ("path", "raw", "token"),
    [
        ("/v1/converse", '{"text": ' + SURROGATE + "}", "owner"),
        ("/v1/converse", '{"text": "hello\\u0000there"}', "owner"),
        ("/v1/converse", '{"text": "hi", "person": ' + SURROGATE + "}", "owner"),
        (
            "/v1/chat/completions",
            '{"messages": [{"role": "user", "content": ' + SURROGATE + "}]}",
            "owner",
        ),
        (
            "/v1/chat/completions",
            '{"messages": [{"role": "user", "content": [{"type": "text", '
            '"text": ' + SURROGATE + "}]}]}",
            "owner",
        ),
        ("/v1/graph/find_entities", '{"name": ' + SURROGATE + "}", "service"),
        ("/v1/graph/find_entities", '{"name": "edge a", "limit": -5}', "service"),
        ("/v1/graph/find_entities", '{"name": "edge a", "limit": true}', "service"),
        ("/v1/graph/confidence_histogram", '{"bins": 0}', "service"),
        ("/v1/graph/confidence_histogram", '{"bins": -3}', "service"),
        ("/v1/graph/confidence_histogram", '{"bins": 1e12}', "service"),
        ("/v1/graph/confidence_histogram", '{"bins": "ten"}', "service"),
        ("/v1/graph/due_gaps", '{"now": "2026-01-01T00:00:00Z", "limit": -1}', "service"),
        ("/v1/graph/open_conflicts", '{"limit": ' + str(2**70) + "}", "service"),
        (
            "/v1/graph/add_claim",
            '{"new": {"subject": "concept:edge-a", "predicate": "is_a", '
            '"object_literal": '
            + SURROGATE
            + ', "confidence": 0.2, "provenance": "interaction:x"}, '
            '"now": "2026-01-01T00:00:00Z"}',
            "service",
        ),
        (
            "/v1/graph/add_claim",
            '{"new": {"subject": "concept:edge-a", "predicate": "is_a", '
            '"object_literal": "a\\u0000b", "confidence": 0.2, "provenance": "interaction:x"}, '
            '"now": "2026-01-01T00:00:00Z"}',
            "service",
        ),
        ("/v1/graph/snapshot", '{"dest": "a\\u0000b"}', "service"),
        ("/v1/graph/snapshot", '{"dest": ' + SURROGATE + "}", "service"),
        ("/v1/graph/snapshot", '{"dest": 7}', "service"),
        ("/v1/tokens", '{"name": ' + SURROGATE + "}", "owner"),
    ],
)
def test_client_mistakes_are_400(seeded: Any, path: str, raw: str, token: str) -> None:
    _assert_refused(_post_json(seeded, path, raw, token))


def test_snapshot_into_an_existing_folder_is_refused(seeded: Any) -> None:
    folder = seeded.data_dir / "snapshots" / "a-folder"
    folder.mkdir(parents=True, exist_ok=True)
    body = _assert_refused(
        _post_json(seeded, "/v1/graph/snapshot", '{"dest": "a-folder"}', "service")
    )
    assert "folder" in body["message"]
    assert list(folder.iterdir()) == []


def test_good_values_at_the_bounds_still_work(seeded: Any) -> None:
    with seeded.client("service") as c:
        hist = c.post("/v1/graph/confidence_histogram", json={"bins": 1000})
        assert hist.status_code == 200 and len(hist.json()["result"]) == 1000
        found = c.post("/v1/graph/find_entities", json={"name": "edge a", "limit": 1})
        assert [e["id"] for e in found.json()["result"]] == ["concept:edge-a"]


def _invalid_utf8_strings(values: list[bytes]) -> pa.Array:
    offsets = np.cumsum([0, *(len(v) for v in values)]).astype(np.int32)
    return pa.Array.from_buffers(
        pa.string(),
        len(values),
        [None, pa.py_buffer(offsets.tobytes()), pa.py_buffer(b"".join(values))],
    )


def _post_arrow(daemon: Any, method: str, tables: list[pa.Table]) -> Any:
    with daemon.client("service") as c:
        return c.post(
            f"/v1/graph/{method}",
            content=encode_tables(tables),
            params={"now": "2026-01-01T00:00:00Z"},
            headers={"Content-Type": ARROW_STREAM},
        )


def test_arrow_entities_with_invalid_utf8_are_400(seeded: Any) -> None:
    table = pa.table(
        {
            "id": ["concept:edge-utf8"],
            "kind": ["thing"],
            "label": _invalid_utf8_strings([b"caf\xff\xfe"]),
        }
    )
    before = seeded.tokens()  # the daemon is still reachable afterwards
    body = _assert_refused(_post_arrow(seeded, "upsert_entities", [table]))
    assert "UTF-8" in body["message"]
    assert seeded.tokens() == before


# -- finding 5: the Arrow path keeps the JSON path's limits -------------------------------------


def _claims(provenance: str, locator: str | None) -> pa.Table:
    return pa.table(
        {
            "subject": ["concept:edge-a"],
            "predicate": ["related_to"],
            "object_entity": ["concept:edge-b"],
            "object_literal": pa.nulls(1, pa.string()),
            "confidence": [0.6],
            "provenance": [provenance],
            "locator": pa.array([locator], pa.string()),
        }
    )


@pytest.mark.parametrize(
    ("provenance", "locator", "column"),
    [
        ("ingest:edge@1" + "x" * 10_000, None, "provenance"),
        ("ingest:edge@1", "L" * 100_000, "locator"),
    ],
)
def test_arrow_claims_keep_the_json_limits(
    seeded: Any, provenance: str, locator: str | None, column: str
) -> None:
    with seeded.client("service") as c:
        before = c.post("/v1/graph/counts", json={}).json()["result"]["claims"]
        as_json = c.post(
            "/v1/graph/add_claim",
            json={
                "new": {
                    "subject": "concept:edge-a",
                    "predicate": "related_to",
                    "object_entity": "concept:edge-b",
                    "confidence": 0.6,
                    "provenance": provenance,
                    "locator": locator,
                },
                "now": "2026-01-01T00:00:00Z",
            },
        )
    _assert_refused(as_json)
    body = _assert_refused(_post_arrow(seeded, "upsert_claims", [_claims(provenance, locator)]))
    assert column in body["message"]
    with seeded.client("service") as c:
        assert c.post("/v1/graph/counts", json={}).json()["result"]["claims"] == before


# -- finding 8: oversized headers, non-string text parts ----------------------------------------


def _raw_http(daemon: Any, request: bytes) -> bytes:
    host, port = daemon.info["host"], int(daemon.info["port"])
    with socket.create_connection((host, port), timeout=30) as sock:
        sock.sendall(request)
        sock.shutdown(socket.SHUT_WR)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def test_a_200_kb_header_gets_431_not_a_reset(seeded: Any) -> None:
    big = "x" * 200_000
    request = (
        f"GET /healthz HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {seeded.owner_token}"
        f"\r\nX-Big: {big}\r\nConnection: close\r\n\r\n"
    ).encode()
    answer = _raw_http(seeded, request)
    status_line, _, rest = answer.partition(b"\r\n")
    assert status_line.startswith(b"HTTP/1.1 431"), answer[:200]
    assert b'"error": "header_too_large"' in rest
    with seeded.client() as c:  # and the daemon serves on
        assert c.get("/healthz").status_code == 200


@pytest.mark.parametrize("text", [{"nested": "object"}, 7, None, ["a"]])
def test_a_text_part_that_is_not_a_string_is_400(seeded: Any, text: Any) -> None:
    with seeded.client() as c:
        resp = c.post(
            "/v1/chat/completions",
            json={"messages": [{"role": "user", "content": [{"type": "text", "text": text}]}]},
        )
    body = _assert_refused(resp)
    assert "must be a string" in body["message"]
