"""mood.json at boot: a broken file falls back to the last good copy and logs an event; with both
broken the mood is unknown and reported as unknown, never a default."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from resident.affect.pad import MOOD_LABELS
from resident.clock import ManualClock
from resident.config import Settings
from resident.daemon.boot import Resident, boot
from resident.events import read_events
from resident.memory.duck_store import DuckStore

T0 = datetime(2026, 3, 1, 22, 0, tzinfo=UTC)


def _bad_evening(settings: Settings, store: DuckStore, clock: ManualClock) -> tuple[dict, dict]:
    """Two writes of mood.json: returns (the state in the last good copy, the current state)."""
    resident = boot(settings, store, clock, probes={})
    for _ in range(4):
        resident.appraise("hostility", clock.advance(minutes=3))
    previous = resident.dump()["mood"]
    resident.appraise("hostility", clock.advance(minutes=3))
    current = resident.dump()["mood"]
    resident.events.close()
    return previous, current


def _damage(path: Path, how: str) -> None:
    text = path.read_text()
    path.write_text(
        {
            "empty": "",
            "truncated": text[: len(text) // 3],
            "corrupt": text.replace('"valence"', '"valance"'),
        }[how]
    )


@pytest.mark.parametrize("how", ["empty", "truncated", "corrupt"])
def test_a_broken_mood_file_falls_back_to_the_last_good_copy(
    settings: Settings, store: DuckStore, how: str
) -> None:
    clock = ManualClock(T0)
    previous, _current = _bad_evening(settings, store, clock)
    _damage(settings.state_dir / "mood.json", how)

    resident = boot(settings, store, clock, probes={})
    assert resident.dump()["mood"] == previous
    events = list(read_events(resident.events.path))
    [recovered] = [e for e in events if e.kind == "state_recovered"]
    assert recovered.payload["part"] == "mood"
    assert recovered.payload["from"] == "mood.json.last-good"
    assert recovered.payload["problems"][0].startswith("mood.json: ")
    [booted] = [e for e in events if e.kind == "boot"]
    assert booted.payload["restored"]["mood"]["source"] == "last_good"
    report = resident.state(clock.now())
    assert report.known and report.problems == recovered.payload["problems"]
    # The next write replaces the broken file and keeps it aside; the good copy stays good.
    resident.appraise("praise", clock.advance(minutes=1))
    assert (settings.state_dir / "mood.json.broken").exists()
    assert json.loads((settings.state_dir / "mood.json.last-good").read_text())["state"] == previous


def _both_broken(settings: Settings, store: DuckStore, clock: ManualClock) -> Resident:
    _bad_evening(settings, store, clock)
    _damage(settings.state_dir / "mood.json", "truncated")
    _damage(settings.state_dir / "mood.json.last-good", "empty")
    return boot(settings, store, clock, probes={})


def test_with_both_copies_broken_the_mood_is_unknown(settings: Settings, store: DuckStore) -> None:
    clock = ManualClock(T0)
    resident = _both_broken(settings, store, clock)
    report = resident.state(clock.now())
    assert report.known is False and report.unknown == ["mood"]
    assert report.mood.label == "unknown" and report.mood.vector is None
    assert report.disposition.label == "unknown" and report.disposition.valence is None
    assert "unknown" in report.sentence
    assert not any(word in report.sentence.split() for word in MOOD_LABELS)
    assert len(report.problems) == 2
    events = list(read_events(resident.events.path))
    [unknown] = [e for e in events if e.kind == "state_unknown"]
    assert unknown.payload["part"] == "mood" and len(unknown.payload["problems"]) == 2
    # Appraisals feed the drives but do not invent a mood.
    resident.appraise("praise", clock.advance(minutes=1))
    assert resident.state(clock.now()).mood.label == "unknown"
    assert (settings.state_dir / "mood.json").read_text().startswith("{")  # untouched, broken
    with pytest.raises(ValueError):
        json.loads((settings.state_dir / "mood.json").read_text())


def test_status_reports_unknown_from_disk(settings: Settings, store: DuckStore) -> None:
    clock = ManualClock(T0)
    resident = _both_broken(settings, store, clock)
    resident.events.close()
    env = {k: v for k, v in os.environ.items() if not k.startswith("RESIDENT_")}
    out = subprocess.run(
        [
            str(Path(sys.executable).parent / "resident"),
            "--data-dir",
            str(settings.data_dir),
            "status",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    status = json.loads(out.stdout)
    assert status["session_id"] is None
    assert status["known"] is False
    assert status["mood"] == {"label": "unknown", "vector": None}
    assert status["disposition"] == {"valence": None, "label": "unknown"}
    assert set(status["drives"]) == {"energy", "curiosity", "safety", "connection"}
