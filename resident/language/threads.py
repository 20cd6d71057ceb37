"""Threads: what each person left open in their last conversation (a plan they mentioned, a wish,
a question MAX could not answer), kept as claim ids and entity ids, never the verbatim text, in
threads.json (write-through, restored at boot), and surfaced once when that person greets MAX
next ("Welcome back, Ana. Last time you were going to visit Lena: how did it go?").
"""

from __future__ import annotations

import threading
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from resident.config import Settings
from resident.events import EVENTS_DIR
from resident.state.statefile import StateFile

THREADS_FILE = "threads.json"


class OpenThread(BaseModel):
    """One open thread: a claim MAX holds that something was planned or wished."""

    model_config = ConfigDict(frozen=True)

    claim_id: str
    #: "plan" or "wish": how the person said it.
    mood: str
    #: The verb's lemma ("visit"), to ask after it.
    verb: str
    opened_at: datetime


class ThreadsState(BaseModel):
    threads: dict[str, list[OpenThread]] = Field(default_factory=dict)


def threads_file(settings: Settings) -> StateFile[ThreadsState]:
    """threads.json: a turn's one commit carries it, in its graph transaction (private: what
    people said stays out of the log)."""
    return StateFile(
        settings.state_dir / THREADS_FILE,
        ThreadsState,
        "threads",
        settings.data_dir / EVENTS_DIR,
        private=True,
    )


class Threads:
    """The open threads of every person, written through on each change."""

    def __init__(self, file: StateFile[ThreadsState], per_person: int = 5) -> None:
        self.file = file
        #: Open threads kept per person: the most recent win.
        self.per_person = per_person
        loaded = file.load()
        #: An unusable file is reported by `problems` and starts no threads: threads are a
        #: courtesy, not a part of who MAX is, so an empty start invents nothing about anyone.
        self.problems = loaded.problems
        self.state = loaded.value or ThreadsState()
        self._lock = threading.Lock()

    def open(self, person_id: str, items: list[OpenThread], now: datetime) -> None:
        if not items:
            return
        with self._lock:
            held = [
                t
                for t in self.state.threads.get(person_id, [])
                if t.claim_id not in {i.claim_id for i in items}
            ]
            kept = (held + items)[-self.per_person :]
            state = ThreadsState(threads={**self.state.threads, person_id: kept})
            self.file.write(state, now)
            self.state = state

    def take(self, person_id: str, now: datetime) -> list[OpenThread]:
        """The person's open threads, closed as they are handed out (surfaced once)."""
        with self._lock:
            items = self.state.threads.get(person_id, [])
            if not items:
                return []
            rest = {k: v for k, v in self.state.threads.items() if k != person_id}
            state = ThreadsState(threads=rest)
            self.file.write(state, now)
            self.state = state
            return list(items)

    def peek(self, person_id: str) -> list[OpenThread]:
        with self._lock:
            return list(self.state.threads.get(person_id, []))
