"""Child process for test_turn_commit.py: MAX taking real conversation turns.

Usage: turn_child.py DATA_DIR MODE TEXT...
Boots MAX on DATA_DIR, has Marta introduce herself, then says each TEXT as Marta. Before and
after each turn it checks for a marker file (`stat` of DATA_DIR/../MARK-BEGIN-<i> and
MARK-END-<i>, which never exist), so a tracer can cut its trace into turns. After each turn it
prints one JSON line: the turn's intent and what MAX now holds (mood, drives, people).

MODE `ack`: after the last turn print "done" and wait to be killed.
MODE `die-before-files`: the last turn is killed (SIGKILL, by itself) after its one fsync of the
event log and before the state files are replaced: the moment only the log holds the turn.
MODE `die-after-graph-commit`: the last turn (a statement) is killed after its graph transaction
committed its claims and its log records, and before those records reach the log file.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from resident.clock import ManualClock
from resident.config import load_settings
from resident.daemon.boot import Resident, boot
from resident.events import EventLog
from resident.language import converse
from resident.memory.duck_store import DuckStore
from resident.state import journal

T0 = datetime(2026, 5, 1, 18, 0, tzinfo=UTC)


def held(resident: Resident) -> dict[str, object]:
    dump = resident.dump()
    return {"mood": dump["mood"], "drives": dump["drives"], "people": dump["people"]}


def main(data_dir: str, mode: str, texts: list[str]) -> None:
    settings = load_settings(data_dir=data_dir, env={})
    store = DuckStore.open(settings, create=True)
    clock = ManualClock(T0)
    resident = boot(settings, store, clock, probes={})
    marks = Path(data_dir).parent

    hello = converse(
        resident, "Hi, I'm Marta.", None, clock.now(), resident.session.new_correlation_id()
    )
    marta = hello.person_id
    for i, text in enumerate(texts):
        if mode == "die-before-files" and i == len(texts) - 1:

            def die(self: journal.Commit, **_: object) -> None:
                os.kill(os.getpid(), signal.SIGKILL)

            journal.Commit.apply = die  # type: ignore[method-assign]
        if mode == "die-after-graph-commit" and i == len(texts) - 1:

            def die_held(
                self: EventLog, held: list[bytes], records: list[object], release=EventLog._release
            ) -> None:
                if held:  # the graph committed the turn; its held lines are not written yet
                    os.kill(os.getpid(), signal.SIGKILL)
                release(self, held, records)  # type: ignore[arg-type]

            EventLog._release = die_held  # type: ignore[method-assign]
        os.path.exists(marks / f"MARK-BEGIN-{i}")
        turn = converse(
            resident, text, marta, clock.advance(minutes=1), resident.session.new_correlation_id()
        )
        os.path.exists(marks / f"MARK-END-{i}")
        print(json.dumps({"text": text, "intent": turn.intent, **held(resident)}), flush=True)
    print("done", flush=True)
    time.sleep(600)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
