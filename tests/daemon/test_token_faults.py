"""tokens.json faults (finding 6): a bad file keeps the last good tokens (and is an error at
start), a deleted file revokes, a mode wider than 0600 is repaired."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from resident.daemon.tokens import TOKENS_FILE, TokenStore
from resident.errors import InvalidInput


def test_invalid_json_keeps_the_last_good_tokens(tmp_path: Path) -> None:
    store = TokenStore.ensure(tmp_path)
    owner = store.token_for("owner")
    path = tmp_path / TOKENS_FILE
    path.write_text('{"owner": "rsd_x", ')  # torn by hand
    found = store.lookup(owner)
    assert found is not None and found.role == "owner", "the last good tokens stay in force"
    assert store.problem is not None and "not valid JSON" in store.problem
    assert store.lookup("rsd_x") is None
    path.write_text(json.dumps(["not", "an", "object"]))
    assert store.lookup(owner) is not None
    assert "JSON object" in (store.problem or "")
    path.write_text(json.dumps({"owner": "rsd_new", "service": "rsd_svc", "people": {}}))
    assert store.lookup(owner) is None and store.lookup("rsd_new") is not None
    assert store.problem is None


def test_a_bad_file_is_an_error_at_start(tmp_path: Path) -> None:
    (tmp_path / TOKENS_FILE).write_bytes(b"\xff\xfe not json")
    with pytest.raises(InvalidInput, match="not valid JSON"):
        TokenStore.ensure(tmp_path)


def test_deleting_the_file_revokes_every_token(tmp_path: Path) -> None:
    store = TokenStore.ensure(tmp_path)
    owner, service = store.token_for("owner"), store.token_for("service")
    person, _ = store.ensure_person("person:ana", "Ana")
    assert store.lookup(person) is not None
    (tmp_path / TOKENS_FILE).unlink()
    assert store.lookup(owner) is None
    assert store.lookup(service) is None
    assert store.lookup(person) is None


def test_a_wider_mode_is_noticed_and_repaired(tmp_path: Path) -> None:
    store = TokenStore.ensure(tmp_path)
    path = tmp_path / TOKENS_FILE
    os.chmod(path, 0o644)  # a chmod changes no mtime: the mode itself is watched
    assert store.lookup(store.token_for("owner")) is not None
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
