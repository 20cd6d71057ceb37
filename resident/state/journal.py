"""One durable write per turn: the state files a turn changes are carried by the event log's
one fsync instead of each syncing itself.

Inside `EventLog.grouped()` (a conversation turn) a `Commit` is open. A `StateFile` made with
`journal=<the event log's folder>` then defers its write: at the end of the group the log gets
one `state_journal` event holding each changed file's new envelope, the log is fsynced once
(the turn's one commit), and only then are the files replaced, without a sync of their own,
at most once per `events.state_checkpoint_s` (a later write, or the housekeeping tick's own
synced write, brings the file up to date).
A kill (or a power cut) after the fsync loses nothing: `StateFile.load` takes a journalled
envelope newer than the file (`newest_envelope`). Outside a group, and for files holding what
people said (people.json, threads.json: Rule 8 keeps that out of the log), writes sync as before.
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
_MARKER = f'"kind":"{JOURNAL_KIND}"'.encode()


@dataclass
class _Pending:
    envelope: dict[str, Any]
    #: Writes the envelope to its file once the log holds it (no sync of its own), or keeps
    #: it for later when the file was replaced less than `checkpoint_s` seconds ago.
    write: Callable[[dict[str, Any], float], None]


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
        self, path: Path, envelope: dict[str, Any], write: Callable[[dict[str, Any], float], None]
    ) -> None:
        self._pending[path] = _Pending(envelope, write)

    def __bool__(self) -> bool:
        return bool(self._pending)

    def payload(self) -> dict[str, Any]:
        """The `state_journal` event's payload: each file's name and its new envelope."""
        return {
            "parts": [
                {"file": path.name, "envelope": p.envelope} for path, p in self._pending.items()
            ]
        }

    def apply(self) -> None:
        """Replace the files, now that the log holds their content."""
        pending, self._pending = self._pending, {}
        for p in pending.values():
            p.write(p.envelope, self.checkpoint_s)


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
