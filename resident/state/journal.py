"""One durable write per turn: the state files a turn changes are carried by the turn's one
commit instead of each syncing itself.

Inside `EventLog.grouped()` (a conversation turn) a `Commit` is open. A `StateFile` made with
`journal=<the event log's folder>` then defers its write to the end of the group:
- MAX's own state (mood.json, drives.json): the log gets one `state_journal` event holding each
  changed file's new envelope, the turn commits once (the log's fsync, or the graph transaction
  that carries the log's lines: memory/turn_store.py), and only then are the files replaced,
  without a sync of their own, at most once per `events.state_checkpoint_s` (a later write, or
  the housekeeping tick's own synced write, brings the file up to date). A kill (or a power cut)
  after the commit loses nothing: `StateFile.load` takes a journalled envelope newer than the
  file (`newest_envelope`).
- What people said (people.json, threads.json, spoken.json: `private` files, which Rule 8 keeps
  out of the log): the envelopes ride in the turn's graph transaction instead, beside its log
  lines in `turn_events` but never written to the log (`private_lines`); the file is then
  replaced without a sync, and boot restores a newer envelope the graph holds
  (memory/turn_store.py `restore_turn_state`). A turn that cannot carry them (no graph
  transaction: a remote graph, a failed turn) writes them synced, as outside a turn.
Outside a group every write syncs itself.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: The event that carries a group's state writes.
JOURNAL_KIND = "state_journal"
#: The key a private file's line in the graph's turn_events row names it by (never a log line:
#: it has no seq, so boot never appends it to a log).
PRIVATE_KEY = "state_file"
_MARKER = f'"kind":"{JOURNAL_KIND}"'.encode()


#: Writes an envelope to its file: (envelope, checkpoint_s, sync). Unsynced once the turn's
#: commit holds it, kept for later when the file was replaced less than `checkpoint_s` ago.
Write = Callable[[dict[str, Any], float, bool], None]


@dataclass
class _Pending:
    envelope: dict[str, Any]
    write: Write
    #: What people said: carried by the graph's transaction, never by the log.
    private: bool = False


@dataclass
class Commit:
    """The state writes of one group, keyed by file: a file written twice in a turn is
    carried (and written) once, in its last version."""

    #: The event log's folder: only state files journalled there may defer to this commit.
    directory: Path
    #: events.state_checkpoint_s: how often a file is replaced at most.
    checkpoint_s: float = 0.0
    _pending: dict[Path, _Pending] = field(default_factory=dict)

    def defer(
        self, path: Path, envelope: dict[str, Any], write: Write, *, private: bool = False
    ) -> None:
        self._pending[path] = _Pending(envelope, write, private)

    def __bool__(self) -> bool:
        return bool(self._pending)

    def logged(self) -> bool:
        """Some file's new version goes into the log's `state_journal` event."""
        return any(not p.private for p in self._pending.values())

    def payload(self) -> dict[str, Any]:
        """The `state_journal` event's payload: each logged file's name and its new envelope."""
        return {
            "parts": [
                {"file": path.name, "envelope": p.envelope}
                for path, p in self._pending.items()
                if not p.private
            ]
        }

    def private_lines(self) -> list[str]:
        """One line per private file: its name and new envelope, for the graph transaction."""
        return [
            json.dumps({PRIVATE_KEY: path.name, "envelope": p.envelope}, separators=(",", ":"))
            for path, p in self._pending.items()
            if p.private
        ]

    def apply(self, *, journalled: bool, carried: bool) -> None:
        """Replace the files: the logged ones once the log (`journalled`) holds their content,
        the private ones unsynced when the graph `carried` them, else synced."""
        pending, self._pending = self._pending, {}
        for p in pending.values():
            if p.private:
                p.write(p.envelope, 0.0, not carried)
            elif journalled:
                p.write(p.envelope, self.checkpoint_s, False)


_active: ContextVar[Commit | None] = ContextVar("state_commit", default=None)


@contextmanager
def committing(directory: Path, checkpoint_s: float = 0.0) -> Iterator[Commit]:
    """Open a commit for this thread (the event log's group does, at its outermost level)."""
    commit = Commit(directory.resolve(), checkpoint_s)
    token = _active.set(commit)
    try:
        yield commit
    finally:
        _active.reset(token)


def active(directory: Path | None) -> Commit | None:
    """The open commit a state file journalled in `directory` may defer to, else None."""
    commit = _active.get()
    if commit is None or directory is None or commit.directory != directory.resolve():
        return None
    return commit


def newest_envelope(
    directory: Path, file_name: str, since_ns: int | None = None
) -> dict[str, Any] | None:
    """The journalled envelope of `file_name` with the highest write counter in the logs under
    `directory` (every session's; with `since_ns`, only those last written at or after it), or
    None. A line that does not read (a torn last line) is passed over: the file on disk then
    stands."""
    best: dict[str, Any] | None = None
    if not directory.is_dir():
        return None
    for log in directory.glob("*.jsonl"):
        try:
            if since_ns is not None and log.stat().st_mtime_ns < since_ns:
                continue
            data = log.read_bytes()
        except OSError:
            continue
        if _MARKER not in data:
            continue
        for line in data.split(b"\n"):
            if _MARKER not in line:
                continue
            try:
                parts = json.loads(line)["payload"]["parts"]
            except (ValueError, KeyError, TypeError):
                continue
            for part in parts if isinstance(parts, list) else []:
                if not isinstance(part, dict) or part.get("file") != file_name:
                    continue
                envelope = part.get("envelope")
                if (
                    isinstance(envelope, dict)
                    and isinstance(envelope.get("seq"), int)
                    and (best is None or envelope["seq"] > best["seq"])
                ):
                    best = envelope
    return best
