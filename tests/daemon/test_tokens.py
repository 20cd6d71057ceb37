"""tokens.json: created on first run with mode 0600, one owner, one service, one per person."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from resident.daemon.tokens import TOKENS_FILE, TokenStore, stored_token


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_first_run_creates_owner_and_service_tokens_0600(tmp_path: Path) -> None:
    store = TokenStore.ensure(tmp_path)
    path = tmp_path / TOKENS_FILE
    assert _mode(path) == 0o600
    raw = json.loads(path.read_text())
    assert raw["owner"] != raw["service"]
    assert raw["people"] == {}
    owner = store.lookup(raw["owner"])
    service = store.lookup(raw["service"])
    assert owner is not None and owner.role == "owner"
    assert service is not None and service.role == "service"
    assert store.lookup("rsd_not-a-token") is None
    assert stored_token(tmp_path, "service") == raw["service"]


def test_tokens_survive_a_second_ensure(tmp_path: Path) -> None:
    first = TokenStore.ensure(tmp_path).token_for("owner")
    assert TokenStore.ensure(tmp_path).token_for("owner") == first


def test_person_tokens_and_reload_from_another_writer(tmp_path: Path) -> None:
    daemon_side = TokenStore.ensure(tmp_path)
    cli_side = TokenStore.ensure(tmp_path)
    token, created = cli_side.ensure_person("person:ana", "Ana")
    assert created
    assert cli_side.ensure_person("person:ana", "Ana") == (token, False)
    # The daemon learns of a token another process wrote, on first sight of it.
    who = daemon_side.lookup(token)
    assert who is not None and who.role == "person" and who.person_id == "person:ana"
    assert who.name == "Ana"
    assert _mode(tmp_path / TOKENS_FILE) == 0o600


def test_loose_permissions_are_tightened(tmp_path: Path) -> None:
    TokenStore.ensure(tmp_path)
    path = tmp_path / TOKENS_FILE
    os.chmod(path, 0o644)
    TokenStore.ensure(tmp_path)
    assert _mode(path) == 0o600


def test_a_token_removed_from_the_file_stops_working(tmp_path: Path) -> None:
    store = TokenStore.ensure(tmp_path)
    token, _ = TokenStore.ensure(tmp_path).ensure_person("person:ana", "Ana")
    assert store.lookup(token) is not None
    path = tmp_path / TOKENS_FILE
    raw = json.loads(path.read_text())
    del raw["people"]["person:ana"]
    path.write_text(json.dumps(raw))
    os.utime(path, ns=(1, 1))  # a different mtime even within the clock's resolution
    assert store.lookup(token) is None
    assert store.lookup(raw["owner"]) is not None
