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
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

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


class Carrier(Protocol):
    """Another store a group's events may commit with: a conversation turn's graph
    transaction (resident/memory/turn_store.py). Once it has `begun()` (the turn wrote to the
    graph), the group's records are committed in it instead of syncing the log."""

    def begun(self) -> bool: ...
    def carry(self, lines: Sequence[str]) -> None: ...
    def commit(self, records: Sequence[tuple[str, int, str]], synced: dict[str, int]) -> None: ...
    def rollback(self) -> None: ...


@dataclass
class Group:
    """What the caller of `EventLog.grouped()` may say about its group."""

    #: False: the group's events need not reach the disk before the caller acknowledges it (a
    #: social turn: its lines are handed to the OS, which keeps them through a kill of the
    #: process; the next sync of the log, within `daemon.housekeeping_seconds` at most, makes
    #: them survive a power cut too).
    durable: bool = True


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
        #: The highest seq every line up to which is synced (or in the graph: Carrier).
        self._synced_seq = 0
        #: Lines that are emitted but held back until a carrier commits (their seqs).
        self._held_seqs: set[int] = set()
        #: Lines were written since the last fsync.
        self._dirty = False
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
            data = (line + "\n").encode()
            grouped = getattr(self._group, "depth", 0) > 0
            carrier = getattr(self._group, "carrier", None) if grouped else None
            if carrier is not None:
                self._group.records.append((self.session.session_id, event.seq, line))
                if carrier.begun():
                    # The turn wrote to the graph: its lines go to the file once the graph
                    # holds them (they would otherwise speak of a turn that never committed).
                    self._group.held.append(data)
                    self._held_seqs.add(event.seq)
            if grouped and correlation_id is not None:
                self._group.correlation_id = correlation_id
            if event.seq in self._held_seqs:
                self._seq = event.seq
                return event
            self._write(data)
            self._seq = event.seq
            self._maybe_sync()
            return event

    def _write(self, data: bytes) -> None:
        """Append `data` (whole lines), the lock held. One write call per line: a crash leaves
        at most a torn last line, never a mix."""
        assert self._fd is not None
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
        self._dirty = True

    @contextmanager
    def grouped(self, carrier: Carrier | None = None) -> Iterator[Group]:
        """Events this thread emits inside are written as they come and reach the disk
        together: one fsync when the group ends, not one per event (a conversation turn's
        heard, appraisal and replied events). Whatever the caller acknowledges after the group
        has ended is on disk; other threads' events are synced as usual.

        Under the `always` policy the group is also the commit of the state files journalled
        here (mood.json, drives.json): their new versions go into one `state_journal` event
        before that fsync, and the files are replaced after it (resident/state/journal.py).
        The private ones (people.json, threads.json: never in the log) go into the carrier,
        which they begin if the turn wrote no graph: the turn still commits once.

        With a `carrier` (a turn's graph transaction) that has begun, the group's records,
        state journal included, commit in the carrier instead of the log's fsync: the lines
        emitted once it began are held back and written after that commit, unsynced (boot puts
        back what a kill kept from the file: memory/turn_store.py). The carrier is committed,
        or rolled back when the group raises, whatever the policy. A group the caller marks
        `durable = False` that wrote nothing through a carrier ends without an fsync."""
        group = Group()
        depth = getattr(self._group, "depth", 0)
        if depth > 0 or self._policy.fsync != "always":
            self._group.depth = depth + 1
            try:
                yield group
                if carrier is not None and carrier.begun():
                    carrier.commit((), {})
            except BaseException:
                if carrier is not None:
                    carrier.rollback()
                raise
            finally:
                self._group.depth = depth
                if depth == 0:
                    self._end_group()
            return
        self._group.depth = 1
        self._group.correlation_id = None
        self._group.carrier = carrier
        self._group.records = []
        self._group.held = []
        checkpoint_s = self._policy.state_checkpoint_s
        with state_journal.committing(self.path.parent, checkpoint_s) as commit:
            failed = True
            try:
                yield group
                failed = False
            finally:
                journalled = carried = False
                try:
                    if commit.logged():
                        # Emitted inside the group, so the group's one commit carries it.
                        self.emit(
                            state_journal.JOURNAL_KIND, commit.payload(), self._group.correlation_id
                        )
                        journalled = True
                    carried = self._carry(carrier, commit, failed)
                finally:
                    self._group.depth = 0
                    try:
                        self._finish(carrier, failed, group.durable)
                    except BaseException:
                        carried = False  # nothing of the turn is in the graph
                        raise
                    finally:
                        commit.apply(journalled=journalled, carried=carried)

    def _carry(self, carrier: Carrier | None, commit: state_journal.Commit, failed: bool) -> bool:
        """Hand the private state files' new versions to the carrier (the turn's graph
        transaction); False when there are none or no carrier can take them (they are then
        written synced)."""
        lines = commit.private_lines()
        if not lines or carrier is None or failed or not self._group.records:
            return False
        carrier.carry(lines)
        return True

    def _finish(self, carrier: Carrier | None, failed: bool, durable: bool) -> None:
        """End the outermost group: commit through the carrier when it began (then write the
        held lines, unsynced), else sync the log (unless the group is not `durable`)."""
        records, held = self._group.records, self._group.held
        correlation_id = self._group.correlation_id
        self._group.carrier, self._group.records, self._group.held = None, [], []
        if carrier is not None and carrier.begun() and not failed:
            try:
                carrier.commit(records, {self.session.session_id: self._synced_upto()})
            except BaseException as exc:
                # Nothing of the turn is in the graph: the log says so, synced at once.
                self._release(held, records)
                self.emit("turn_not_stored", {"error": _code(exc)}, correlation_id)
                raise
            self._release(held, records)
            self._group.pending = False  # the graph holds every line of the group
            return
        if carrier is not None:
            carrier.rollback()
        if held:
            self._release(held, records)
            self._group.pending = True
        if durable or failed:
            self._end_group()
        else:
            self._group.pending = False

    def _release(self, held: list[bytes], records: list[tuple[str, int, str]]) -> None:
        if not held:
            return
        with self._lock:
            self._held_seqs.difference_update(seq for _, seq, _ in records)
            if self._fd is None:
                return
            try:
                self._write(b"".join(held))
            except OSError:
                # Committed in the graph already: boot appends what the log lacks.
                return

    def _synced_upto(self) -> int:
        """The seq up to which every line is in the log file and synced."""
        with self._lock:
            return self._synced_seq

    def _sync_locked(self) -> None:
        assert self._fd is not None
        os.fsync(self._fd)
        self._last_sync = time.monotonic()
        self._dirty = False
        self._synced_seq = min(self._held_seqs) - 1 if self._held_seqs else self._seq

    def sync(self) -> None:
        """Sync lines a group left unsynced (`Group.durable`); the daemon's housekeeping round
        calls it, so that a social turn's lines survive a power cut within that round."""
        with self._lock:
            if self._fd is not None and self._dirty and self._policy.fsync != "never":
                self._sync_locked()

    def _end_group(self) -> None:
        if getattr(self._group, "pending", False):
            self._group.pending = False
            with self._lock:
                if self._fd is not None:
                    self._sync_locked()

    def _maybe_sync(self) -> None:
        assert self._fd is not None
        if self._policy.fsync == "always" and getattr(self._group, "depth", 0) > 0:
            self._group.pending = True
            return
        if self._policy.fsync == "always":
            self._sync_locked()
        elif self._policy.fsync == "interval":
            now = time.monotonic()
            if now - self._last_sync >= self._policy.fsync_interval_s:
                self._sync_locked()

    def close(self) -> None:
        """Flush to disk and close; emitting afterwards raises."""
        with self._lock:
            if self._fd is None:
                return
            if self._policy.fsync != "never":
                self._sync_locked()
            os.close(self._fd)
            self._fd = None


def _code(exc: BaseException) -> str:
    code = getattr(exc, "code", None)
    return code if isinstance(code, str) else type(exc).__name__


def append_missing(
    path: Path, rows: Sequence[tuple[int, str]], seq_of: Callable[[bytes], int | None]
) -> int:
    """Append to the log at `path` each (seq, line) of `rows` whose seq it does not hold, and
    sync it; the number appended. A torn last line (a kill mid-write) is cut off first, so the
    appended lines do not follow half a line. Appending again appends nothing."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = path.read_bytes() if path.exists() else b""
    if data and not data.endswith(b"\n"):
        data = data[: data.rfind(b"\n") + 1]
    have = {seq_of(raw) for raw in data.split(b"\n") if raw.strip()}
    missing = b"".join((line + "\n").encode() for seq, line in rows if seq not in have)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        os.ftruncate(fd, len(data))
        if missing:
            os.lseek(fd, len(data), os.SEEK_SET)
            view = memoryview(missing)
            while view:
                view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)
    return missing.count(b"\n")


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
