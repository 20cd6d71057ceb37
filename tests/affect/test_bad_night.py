"""The morning after a bad night: a real process is driven to guarded by hostile events and
killed with SIGKILL; the next boot comes back with the same label and the same vector."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from resident.clock import ManualClock
from resident.config import Settings
from resident.daemon.boot import boot
from resident.events import read_events
from resident.memory.duck_store import DuckStore

CHILD = Path(__file__).with_name("bad_night_child.py")
EVENING = datetime(2026, 3, 1, 22, 0, tzinfo=UTC)
MORNING = datetime(2026, 3, 2, 6, 40, tzinfo=UTC)


def test_the_morning_after_a_bad_night(settings: Settings) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RESIDENT_")}
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(settings.data_dir), EVENING.isoformat()],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    acks = []
    try:
        assert child.stdout is not None
        for line in child.stdout:
            if line.strip() == "done":
                break
            acks.append(json.loads(line))
        else:
            why = child.stderr.read() if child.stderr else ""
            raise AssertionError(f"child ended early: {why}")
        assert child.poll() is None, "the child should still be awake when the power goes"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(10)
    assert child.returncode == -signal.SIGKILL
    last = acks[-1]
    assert last["disposition"]["label"] == "guarded"
    assert last["mood"]["label"] == "guarded"

    store = DuckStore.open(settings)
    try:
        morning = boot(settings, store, ManualClock(MORNING), probes={})
        report = morning.state(MORNING)
        assert report.mood.label == last["mood"]["label"]
        assert report.mood.model_dump(mode="json") == last["mood"]  # the exact vector
        assert report.disposition.model_dump(mode="json") == last["disposition"]
        assert morning.session.session_id != last["session_id"]
        [booted] = [e for e in read_events(morning.events.path) if e.kind == "boot"]
        assert booted.payload["restored"]["mood"]["seq"] == last["mood_seq"]
        assert booted.payload["restored"]["mood"]["source"] == "primary"
        assert morning.people.find("guest") is not None
        morning.shutdown(MORNING)
    finally:
        store.close()
