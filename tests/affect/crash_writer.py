"""Helper process for test_crash_safety.py: forks writers for the parent to kill with SIGKILL.

It imports MAX once and then, for each command line on stdin (a JSON object with data_dir,
start, ack_path, kinds and step_s), forks a writer, prints its pid, waits for it to die and
prints "exit <status>". The writer boots MAX on data_dir (a real graph, the real boot), appends
a "boot" line to ack_path saying what it restored, then appraises `kinds` in turn, step_s apart
on its clock, as fast as it can, appending one line per event once mood.json and drives.json
are written through (the acknowledgement). Forking from this clean process (no threads, no open
database) keeps the fork itself safe.
"""

from __future__ import annotations

import json
import os
import sys
from datetime import datetime
from typing import Any

from resident.clock import ManualClock
from resident.config import load_settings
from resident.daemon.boot import Resident, boot
from resident.events import read_events
from resident.memory.duck_store import DuckStore


def _line(fd: int, record: dict[str, Any]) -> None:
    # One write call per line: the parent counts only complete lines.
    os.write(fd, (json.dumps(record) + "\n").encode())


def _snapshot(resident: Resident) -> dict[str, Any]:
    dump = resident.dump()
    return {
        "mood_seq": resident.emotions.file.seq,
        "drives_seq": resident.drives.file.seq,
        "mood": dump["mood"],
        "drives": dump["drives"],
    }


def writer(data_dir: str, start: str, ack_path: str, kinds: list[str], step_s: float) -> None:
    ack = os.open(ack_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    settings = load_settings(data_dir=data_dir, env={})
    store = DuckStore.open(settings, create=True)
    clock = ManualClock(datetime.fromisoformat(start))
    resident = boot(settings, store, clock, probes={})
    [booted] = [e.payload for e in read_events(resident.events.path) if e.kind == "boot"]
    _line(ack, {"boot": booted["restored"], **_snapshot(resident)})
    n = 0
    while True:
        resident.appraise(kinds[n % len(kinds)], clock.advance(seconds=step_s))
        _line(ack, _snapshot(resident))
        n += 1


def main() -> None:
    for raw in sys.stdin:
        job = json.loads(raw)
        pid = os.fork()
        if pid == 0:
            try:
                writer(job["data_dir"], job["start"], job["ack_path"], job["kinds"], job["step_s"])
            finally:
                os._exit(3)
        print(pid, flush=True)
        _, status = os.waitpid(pid, 0)
        print(f"exit {status}", flush=True)


if __name__ == "__main__":
    main()
