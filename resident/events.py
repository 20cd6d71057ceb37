"""The event log: one append-only JSON-lines file per session, data/events/<session_id>.jsonl.

Every event carries the `session_id` (which life), a `correlation_id` (which interaction, or
null), a per-session sequence number, its kind, `occurred_at` and a payload. Each line is handed to
the OS as it is emitted; when it reaches the disk is the [events] fsync policy. DuckDB reads the
log directly: `SELECT * FROM read_json('data/events/*.jsonl', format = 'newline_delimited')`.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from resident.clock import Clock
from resident.config import EventSettings
from resident.errors import InvalidInput
from resident.session import Session
from resident.state import journal as state_journal
from resident.state.storage import is_storage_full, storage_full

KIND_MAX_CHARS = 64
#: The log's folder under the data directory.
EVENTS_DIR = "events"


class Event(BaseModel):
    """One line of the log."""

    model_config = ConfigDict(frozen=True)

    session_id: str
    correlation_id: str | None
    seq: int
    kind: str = Field(min_length=1, max_length=KIND_MAX_CHARS)
    #: When it happened (UTC; named so because AT is reserved in DuckDB's SQL).
    occurred_at: datetime
    payload: dict[str, Any]


class EventLog:
    """Appends this session's events to its own file; safe to share between threads."""

    def __init__(
        self, directory: Path, session: Session, policy: EventSettings, clock: Clock | None = None
    ) -> None:
        self.session = session
        self.path = directory / f"{session.session_id}.jsonl"
        self._policy = policy
        self._clock = clock or session.clock
        self._lock = threading.Lock()
        self._seq = 0
        self._last_sync = time.monotonic()
        #: Per thread: how deep in `grouped()` it is, and whether it wrote unsynced lines.
        self._group = threading.local()
        directory.mkdir(parents=True, exist_ok=True)
        # Append-only: O_APPEND puts every write at the end, whoever else has the file open.
        self._fd: int | None = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)

    def emit(self, kind: str, payload: dict[str, Any], correlation_id: str | None = None) -> Event:
        """Write one event and return it. Raises InvalidInput for a payload that is not JSON
        (nothing is written then) and OSError when the disk refuses."""
        with self._lock:
            if self._fd is None:
                raise InvalidInput(f"event log {self.path.name} is closed; {kind!r} not written")
            event = Event(
                session_id=self.session.session_id,
                correlation_id=correlation_id,
                seq=self._seq + 1,
                kind=kind,
                occurred_at=self._clock.now(),
                payload=payload,
            )
            # The payload goes out as given: plain JSON or refused, never silently converted.
            record = {**event.model_dump(mode="json", exclude={"payload"}), "payload": payload}
            try:
                line = json.dumps(record, allow_nan=False, separators=(",", ":"))
            except (TypeError, ValueError) as exc:
                raise InvalidInput(f"event {kind!r} payload is not plain JSON: {exc}") from exc
            # One write call per line: a crash leaves at most a torn last line, never a mix.
            data = (line + "\n").encode()
            end = os.fstat(self._fd).st_size
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(self._fd, view) :]
            except OSError as exc:
                # A full disk can take part of a line: cut it off, so that the next event
                # (once space is back) does not follow a torn line in the middle of the log.
                os.ftruncate(self._fd, end)
                if is_storage_full(exc):
                    # Typed, so every caller answers 507 as for any other full write.
                    raise storage_full(exc, self.path.parent) from exc
                raise
            self._seq = event.seq
            if getattr(self._group, "depth", 0) > 0 and correlation_id is not None:
                self._group.correlation_id = correlation_id
            self._maybe_sync()
            return event

    @contextmanager
    def grouped(self) -> Iterator[None]:
        """Events this thread emits inside are written as they come and reach the disk
        together: one fsync when the group ends, not one per event (a conversation turn's
        heard, appraisal and replied events). Whatever the caller acknowledges after the group
        has ended is on disk; other threads' events are synced as usual.

        Under the `always` policy the group is also the commit of the state files journalled
        here (mood.json, drives.json): their new versions go into one `state_journal` event
        before that fsync, and the files are replaced after it (resident/state/journal.py)."""
        depth = getattr(self._group, "depth", 0)
        if depth > 0 or self._policy.fsync != "always":
            self._group.depth = depth + 1
            try:
                yield
            finally:
                self._group.depth = depth
                if depth == 0:
                    self._end_group()
            return
        self._group.depth = 1
        self._group.correlation_id = None
        checkpoint_s = self._policy.state_checkpoint_s
        with state_journal.committing(self.path.parent, checkpoint_s) as commit:
            try:
                yield
            finally:
                journalled = False
                try:
                    if commit:
                        # Emitted inside the group, so the group's one fsync carries it.
                        self.emit(
                            state_journal.JOURNAL_KIND, commit.payload(), self._group.correlation_id
                        )
                        journalled = True
                finally:
                    self._group.depth = 0
                    self._end_group()
                if journalled:
                    commit.apply()

    def _end_group(self) -> None:
        if getattr(self._group, "pending", False):
            self._group.pending = False
            with self._lock:
                if self._fd is not None:
                    os.fsync(self._fd)
                    self._last_sync = time.monotonic()

    def _maybe_sync(self) -> None:
        assert self._fd is not None
        if self._policy.fsync == "always" and getattr(self._group, "depth", 0) > 0:
            self._group.pending = True
            return
        if self._policy.fsync == "always":
            os.fsync(self._fd)
        elif self._policy.fsync == "interval":
            now = time.monotonic()
            if now - self._last_sync >= self._policy.fsync_interval_s:
                os.fsync(self._fd)
                self._last_sync = now

    def close(self) -> None:
        """Flush to disk and close; emitting afterwards raises."""
        with self._lock:
            if self._fd is None:
                return
            if self._policy.fsync != "never":
                os.fsync(self._fd)
            os.close(self._fd)
            self._fd = None


def read_events(path: Path) -> Iterator[Event]:
    """The events of one log file in order. A torn last line (the process died mid-write) is
    skipped; a bad line anywhere else raises InvalidInput, naming it."""
    lines = path.read_bytes().split(b"\n")
    # A complete log ends with a newline, leaving one empty piece after the last event.
    last = len(lines) - 1
    for number, raw in enumerate(lines):
        if not raw.strip():
            continue
        try:
            yield Event.model_validate_json(raw)
        except ValueError as exc:
            if number == last:
                return
            raise InvalidInput(f"{path.name} line {number + 1} is not an event: {exc}") from exc
