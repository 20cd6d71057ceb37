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
    start_daemon: Any, tmp_path: Path
) -> None:
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


def test_hygiene_through_the_daemon_and_the_owners_verdict(daemon: Any) -> None:
    """`resident hygiene` with a daemon up: the snapshot and the filing go through it; only the
    owner lists recommendations and accepts or rejects them over REST, a status change only."""
    import json

    person = daemon.say("I'm Rita")["person_token"]["token"]
    daemon.say("Aspirin treats headache")
    run = daemon.cli("hygiene")
    # A graph of conversation only has one confidence (the hint cap): the histogram has
    # collapsed, which Great Expectations reports and the exit status says.
    assert run.returncode == 1, run.stdout + run.stderr
    assert "expect_column_unique_value_count_to_be_between | confidence | NO" in run.stdout
    assert "FAILED" in daemon.cli("status").stdout
    for token, code in ((None, 401), (person, 403), ("service", 403)):
        with daemon.client(token) as c:
            assert c.get("/v1/recommendations").status_code == code
            assert c.post("/v1/recommendations/rec:x/accept").status_code == code
    # The flows worker files through the graph API with the service token, as the flow does.
    finding = {
        "id": "rec:test",
        "kind": "orphan_entity",
        "target": "concept:x",
        "detail": "filed by a test",
        "action": "none",
        "evidence": {"n": 1},
    }
    with daemon.client("service") as c:
        filed = c.post(
            "/v1/graph/file_recommendations",
            json={"items": [finding], "now": datetime.now(UTC).isoformat()},
        )
    assert filed.status_code == 200, filed.text
    assert filed.json()["result"] == {"new": 1, "seen_again": 0}
    with daemon.client("owner") as c:
        listed = c.get("/v1/recommendations", params={"status": "open"}).json()
        assert "rec:test" in [r["id"] for r in listed["recommendations"]]
        assert c.post("/v1/recommendations/rec:none/accept").status_code == 404
        assert c.post("/v1/recommendations/rec:none/applied").status_code == 400
        done = c.post("/v1/recommendations/rec:test/reject").json()
    assert done["status"] == "rejected" and done["status_changed_at"]
    out = daemon.cli("recommendations", "--status", "rejected", "--json")
    assert [r["id"] for r in json.loads(out.stdout)] == ["rec:test"]
    again = daemon.cli("recommendations", "accept", "rec:test")
    assert again.returncode == 0 and "is now accepted" in again.stdout
    assert "accepted" in daemon.cli("recommendations").stdout
