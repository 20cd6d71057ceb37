"""awareness:state-transparency: the structured state and a sentence rendered only from it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from resident.affect.models import DriveState, MoodState
from resident.affect.pad import DISPOSITION_LABELS, MOOD_LABELS, PAD, mood_label
from resident.awareness import StateReport, build_report, render_sentence, report_from_disk
from resident.cli import main
from resident.clock import ManualClock
from resident.config import DRIVE_NAMES, Settings, load_settings
from resident.daemon.boot import boot
from resident.memory.duck_store import DuckStore

T0 = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
CFG = load_settings(env={})
NUMBER = re.compile(r"[+-]?\d+\.\d\d")


def _report(
    v: float, a: float, d: float, disposition: float, levels: dict[str, float] | None
) -> StateReport:
    mood = MoodState(
        vector=PAD(valence=v, arousal=a, dominance=d),
        disposition=disposition,
        awake_s=0.0,
        appraisals=0,
    )
    drives = None if levels is None else DriveState(levels=levels, awake_s=0.0)
    return build_report(CFG, mood, drives, session_id="01TEST", live=True, at=T0)


unit = st.floats(-1.0, 1.0, allow_nan=False)


@settings(max_examples=200, deadline=None)
@given(
    v=unit,
    a=unit,
    d=unit,
    disposition=unit,
    levels=st.none() | st.fixed_dictionaries({n: st.floats(0.0, 1.0) for n in DRIVE_NAMES}),
)
def test_the_sentence_says_what_the_state_holds_and_nothing_else(
    v: float,
    a: float,
    d: float,
    disposition: float,
    levels: dict[str, float] | None,
) -> None:
    report = _report(v, a, d, disposition, levels)
    assert report.sentence == render_sentence(report)
    words = set(re.findall(r"[a-z]+", report.sentence))
    # The only feeling words are the mood's own label and the disposition's.
    assert words & set(MOOD_LABELS) <= {report.mood.label, report.disposition.label}
    assert report.mood.label in words
    assert report.mood.label == mood_label(PAD(valence=v, arousal=a, dominance=d), CFG.affect)
    assert words & set(DISPOSITION_LABELS) <= {report.mood.label, report.disposition.label}
    numbers = NUMBER.findall(report.sentence)
    assert numbers[:4] == [f"{v:+.2f}", f"{a:+.2f}", f"{d:+.2f}", f"{disposition:+.2f}"]
    if levels is None:
        assert "My drives are unknown." in report.sentence and report.unknown == ["drives"]
    else:
        for name, drive in report.drives.items():
            lo, hi = drive.band
            assert drive.in_band == (lo <= levels[name] <= hi)
            if levels[name] < lo:
                assert f"{name} is low ({levels[name]:.2f}".lower() in report.sentence.lower()
            elif levels[name] > hi:
                assert f"{name} is high ({levels[name]:.2f}".lower() in report.sentence.lower()
            else:
                assert f"{name} is low" not in report.sentence.lower()
                assert f"{name} is high" not in report.sentence.lower()


def test_the_sentence_follows_the_report_not_the_other_way_round() -> None:
    report = _report(-0.5, 0.1, -0.2, -0.3, dict.fromkeys(DRIVE_NAMES, 0.6))
    assert report.sentence.startswith(
        "I feel guarded (valence -0.50, arousal +0.10, dominance "
        "-0.20); my disposition is guarded (-0.30)."
    )
    assert report.sentence.endswith("All my drives are within their comfort bands.")
    edited = report.model_copy(update={"mood": report.mood.model_copy(update={"label": "eager"})})
    assert render_sentence(edited).startswith("I feel eager")


def test_status_from_disk_without_a_daemon(settings: Settings, store: DuckStore) -> None:
    clock = ManualClock(T0)
    resident = boot(settings, store, clock, probes={})
    for _ in range(3):
        resident.appraise("hostility", clock.advance(minutes=2))
    resident.tick(clock.advance(minutes=5))
    live = resident.state(clock.now())
    resident.shutdown(clock.now())

    result = CliRunner().invoke(
        main,
        ["--data-dir", str(settings.data_dir), "status", "--json"],
        env={"RESIDENT_CONFIG": ""},
    )
    assert result.exit_code == 0, result.output
    status = json.loads(result.output)
    assert status["session_id"] is None and status["live"] is False
    assert status["mood"] == live.mood.model_dump(mode="json")
    assert set(status["mood"]) == {"label", "vector"}
    assert set(status["mood"]["vector"]) == {"valence", "arousal", "dominance"}
    assert status["disposition"] == live.disposition.model_dump(mode="json")
    assert status["drives"] == {k: v.model_dump(mode="json") for k, v in live.drives.items()}
    assert set(status["drives"]["energy"]) == {"level", "set_point", "band", "in_band"}
    assert status["sentence"] == live.sentence
    assert status == report_from_disk(settings).model_dump(mode="json")

    text = CliRunner().invoke(main, ["--data-dir", str(settings.data_dir), "status"])
    assert text.exit_code == 0
    assert text.output.startswith(live.sentence)
    assert "no daemon running" in text.output


def test_status_of_a_data_directory_never_booted(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RESIDENT_")}
    out = subprocess.run(
        [
            str(Path(sys.executable).parent / "resident"),
            "--data-dir",
            str(tmp_path),
            "status",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    status = json.loads(out.stdout)
    assert status["known"] is False and status["unknown"] == ["mood", "drives"]
    assert status["mood"] == {"label": "unknown", "vector": None}
    assert status["drives"] == {}
    assert any("never booted" in p for p in status["problems"])
    assert not any(tmp_path.iterdir()), "status must not write anything"
