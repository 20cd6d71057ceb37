"""Crash safety: SIGKILL at random moments during write-through, well over 100 times.

On every boot the mood and the drives must equal the last acknowledged write exactly, or the
write that was in flight when the kill came (recomputed here from the acknowledged state and
the same pure dynamics): never a torn file, never a fallback, never a default, never unknown.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from resident.affect.dynamics import appraise_mood, evolve, satiate
from resident.affect.models import DriveState, MoodState
from resident.clock import ManualClock
from resident.config import Settings, load_settings
from resident.daemon.boot import boot
from resident.events import read_events
from resident.memory.duck_store import DuckStore

WRITER = Path(__file__).with_name("crash_writer.py")
KILLS = 120
KINDS = [
    "hostility",
    "praise",
    "corrected",
    "gap_resolved",
    "person_arrived",
    "person_left",
    "hostility",
    "rested",
]
STEP_S = 97.0
T0 = datetime(2026, 3, 1, 22, 0, tzinfo=UTC)


def _complete_lines(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    raw = path.read_bytes()
    # A line without its newline was cut by the kill: it was never acknowledged.
    return [json.loads(x) for x in raw[: raw.rfind(b"\n") + 1].splitlines()]


def _in_flight(settings: Settings, acked: dict[str, Any], n: int) -> dict[str, Any]:
    """The write the writer was making after acknowledging `acked`: its n-th event."""
    mood, drives = evolve(
        MoodState.model_validate(acked["mood"]),
        DriveState.model_validate(acked["drives"]),
        STEP_S,
        settings.affect,
        settings.drives,
    )
    assert mood is not None and drives is not None
    kind = KINDS[n % len(KINDS)]
    return {
        "mood": appraise_mood(mood, kind, settings.affect).model_dump(mode="json"),
        "drives": satiate(drives, kind, settings.drives).model_dump(mode="json"),
    }


def _check_restored(
    settings: Settings,
    restored: dict[str, Any],
    acked: dict[str, Any] | None,
    n_acks: int,
    outcomes: Counter[str],
) -> None:
    for part in ("mood", "drives"):
        got_seq, got = restored[f"{part}_seq"], restored[part]
        if acked is None:
            # Nothing acknowledged yet: the first boot's own state or its completion.
            assert got_seq == 1, f"{part}: seq {got_seq} before any acknowledged write"
            outcomes[f"{part}: first boot"] += 1
        elif got_seq == acked[f"{part}_seq"]:
            assert got == acked[part], f"{part}: same version, different content"
            outcomes[f"{part}: last acknowledged"] += 1
        else:
            assert got_seq == acked[f"{part}_seq"] + 1, (
                f"{part}: restored seq {got_seq}, last acknowledged {acked[f'{part}_seq']}"
            )
            assert got == _in_flight(settings, acked, n_acks)[part], f"{part}: torn or wrong"
            outcomes[f"{part}: in flight"] += 1


@pytest.mark.slow
def test_sigkill_during_write_through_never_tears_or_resets(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    settings = load_settings(data_dir=data_dir, env={})
    env = {k: v for k, v in os.environ.items() if not k.startswith("RESIDENT_")}
    zygote = subprocess.Popen(
        [sys.executable, str(WRITER)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert zygote.stdin is not None and zygote.stdout is not None
    rng = random.Random(20260302)
    acked: dict[str, Any] | None = None
    n_acks = 0
    start = T0
    outcomes: Counter[str] = Counter()
    writes = 0
    began = time.monotonic()
    try:
        for i in range(KILLS):
            ack_path = tmp_path / f"ack-{i:03d}.jsonl"
            zygote.stdin.write(
                json.dumps(
                    {
                        "data_dir": str(data_dir),
                        "start": start.isoformat(),
                        "ack_path": str(ack_path),
                        "kinds": KINDS,
                        "step_s": STEP_S,
                    }
                )
                + "\n"
            )
            zygote.stdin.flush()
            pid = int(zygote.stdout.readline())
            if rng.random() < 0.15:
                # Anywhere at all, boot and first writes included.
                time.sleep(rng.uniform(0.0, 0.15))
                outcomes["kill: anywhere"] += 1
            else:
                deadline = time.monotonic() + 30
                while not _complete_lines(ack_path):
                    assert time.monotonic() < deadline, "writer never booted"
                    time.sleep(0.001)
                time.sleep(rng.uniform(0.0, 0.04))
                outcomes["kill: while writing"] += 1
            os.kill(pid, signal.SIGKILL)
            status = int(zygote.stdout.readline().split()[1])
            assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL

            lines = _complete_lines(ack_path)
            if not lines:
                outcomes["killed before its boot line"] += 1
                continue
            boot_line, acks = lines[0], lines[1:]
            for part, how in boot_line["boot"].items():
                assert how["source"] in ("primary", "first_boot"), (part, how)
            _check_restored(settings, boot_line, acked, n_acks, outcomes)
            acked, n_acks = lines[-1], len(acks)
            writes += len(acks)
            start = start + timedelta(hours=1, seconds=STEP_S * len(acks))

        # The last word: this process boots on what the last writer left.
        store = DuckStore.open(settings)
        try:
            final = boot(settings, store, ManualClock(start), probes={})
            restored = {
                "mood_seq": final.emotions.file.seq,
                "drives_seq": final.drives.file.seq,
                **final.dump(),
            }
            _check_restored(settings, restored, acked, n_acks, outcomes)
            final.events.close()
        finally:
            store.close()
    finally:
        zygote.stdin.close()
        zygote.wait(30)

    # Every log the writers left reads back (a torn last line is skipped, nothing else is).
    logs = list((data_dir / "events").glob("*.jsonl"))
    assert sum(1 for log in logs for _ in read_events(log)) > 0
    elapsed = time.monotonic() - began
    summary = dict(sorted(outcomes.items()))
    print(
        f"\ncrash safety: {KILLS} SIGKILLs, {writes} acknowledged writes, "
        f"{len(logs)} sessions, {elapsed:.1f} s: {summary}"
    )
    assert outcomes["kill: anywhere"] + outcomes["kill: while writing"] == KILLS >= 100
    assert acked is not None and acked["mood"]["appraisals"] > 0
