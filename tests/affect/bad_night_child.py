"""Child process for test_bad_night.py: a bad night, lived for real.

Boots MAX on the data directory given, takes hostile events every 15 minutes from 22:00 to
02:00 (simulated clock), then stays awake and quiet until 06:00, ticking every half hour. After
each write-through it prints the state it wrote as one JSON line; then it prints "done" and
waits to be killed with SIGKILL.
"""

from __future__ import annotations

import json
import sys
import time
from datetime import datetime

from resident.clock import ManualClock
from resident.config import load_settings
from resident.daemon.boot import Resident, boot
from resident.memory.duck_store import DuckStore


def ack(resident: Resident, now: datetime) -> None:
    report = resident.state(now)
    mood_seq = resident.emotions.file.seq
    print(
        json.dumps(
            {
                "session_id": resident.session.session_id,
                "at": now.isoformat(),
                "mood_seq": mood_seq,
                "mood": report.mood.model_dump(mode="json"),
                "disposition": report.disposition.model_dump(mode="json"),
            }
        ),
        flush=True,
    )


def main(data_dir: str, start: str) -> None:
    settings = load_settings(data_dir=data_dir, env={})
    store = DuckStore.open(settings, create=True)
    clock = ManualClock(datetime.fromisoformat(start))
    resident = boot(settings, store, clock, probes={})
    guest = resident.people.introduce("Guest", clock.now(), relationship="guest")
    for _ in range(16):
        resident.appraise("hostility", clock.advance(minutes=15), person_id=guest.id)
        ack(resident, clock.now())
    for _ in range(8):
        resident.tick(clock.advance(minutes=30))
        ack(resident, clock.now())
    print("done", flush=True)
    time.sleep(600)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
