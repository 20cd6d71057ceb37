"""The two questions sleep consolidation asks a live daemon: is MAX quiet, and, after a night,
`rested` (which restores the energy drive and survives a restart)."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from resident.config import load_settings
from resident.daemon.quiet import quiet_seconds, restore_energy


def test_quiet_and_rested_are_for_the_owner_and_the_service(daemon: Any) -> None:
    person = daemon.say("I'm Quinn")["person_token"]["token"]
    for token, code in ((None, 401), (person, 403), ("owner", 200), ("service", 200)):
        with daemon.client(token) as c:
            assert c.get("/v1/quiet").status_code == code
            assert c.post("/v1/rested").status_code == code


def test_a_turn_resets_quiet(daemon: Any) -> None:
    settings = load_settings(data_dir=daemon.data_dir, env={})
    before = quiet_seconds(settings)
    assert before is not None and before >= 0
    # The daemon and this test read the same system-wide monotonic clock, so the quiet it
    # reports after a turn is bounded by what elapsed here since just before the turn.
    start = time.monotonic()
    daemon.say("Hello")
    after = quiet_seconds(settings)
    bound = time.monotonic() - start
    assert after is not None and 0 <= after <= bound


def test_rested_restores_energy_through_the_daemon_and_persists(
        start_daemon: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = start_daemon(data)
    settings = load_settings(data_dir=data, env={})
    with first.client() as c:
        before = c.get("/v1/state").json()["drives"]
    energy = restore_energy(settings, datetime.now(UTC))
    assert energy is not None and 0.0 <= energy <= 1.0
    with first.client() as c:
        after = c.get("/v1/state").json()["drives"]
    # Drives keep evolving with the clock, so compare within a hair.
    assert _level(after, "energy") == pytest.approx(energy, abs=1e-3)
    assert _level(after, "energy") >= _level(before, "energy") - 1e-3
    assert first.stop() == 0
    second = start_daemon(data)
    with second.client() as c:
        restored = c.get("/v1/state").json()["drives"]
    assert _level(restored, "energy") == pytest.approx(energy, abs=1e-3)


def _level(drives: Any, name: str) -> float:
    if isinstance(drives, dict) and name in drives:
        value = drives[name]
        return float(value["level"] if isinstance(value, dict) else value)
    for drive in drives:
        if drive["name"] == name:
            return float(drive["level"])
    raise AssertionError(f"no drive {name} in {drives}")
