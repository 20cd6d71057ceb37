"""Write-through state files: atomic replace, a last good copy, and an honest load.

Every file that makes MAX himself (mood.json, drives.json, body.json, people.json) goes through
`StateFile`. A write lands whole or not at all (temp file, fsync, rename, fsync of the
directory); before the rename the file it replaces is kept as `<name>.last-good` (a hard link, so
there is no moment without a complete copy on disk). A load that finds the file corrupt, truncated
or empty falls back to the last good copy and says so; with both unusable the state is unknown and
the caller must report it as unknown, never invent a default.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import shutil
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from resident.state import journal as state_journal
from resident.state.atomic import replace_with

#: The envelope's own layout; bump it with a reader for the old one, never in place.
ENVELOPE_FORMAT = 1

M = TypeVar("M", bound=BaseModel)


class Source(StrEnum):
    """Where a load found its state."""

    PRIMARY = "primary"
    LAST_GOOD = "last_good"
    #: Neither file exists: a brand-new data directory (the caller decides whether that is a
    #: first boot or a loss).
    ABSENT = "absent"
    #: At least one file exists and none is usable.
    UNKNOWN = "unknown"
    #: The event log holds a newer version than the file (a turn's commit reached the log and
    #: the process died before the file was replaced): that version is used.
    JOURNAL = "journal"


@dataclass(frozen=True)
class Loaded(Generic[M]):
    """The outcome of `StateFile.load`: the state (None unless PRIMARY or LAST_GOOD) and why."""

    source: Source
    path: Path
    value: M | None = None
    #: The write counter of the copy used: which version of the file this is.
    seq: int | None = None
    format: int | None = None
    written_at: datetime | None = None
    #: One line per unusable file: "mood.json: truncated or not JSON (...)".
    problems: tuple[str, ...] = field(default=())

    def describe(self) -> dict[str, Any]:
        """What the boot event says about this file."""
        return {
            "file": str(self.path),
            "source": self.source.value,
            "seq": self.seq,
            "format": self.format,
            "written_at": self.written_at.isoformat() if self.written_at else None,
            "problems": list(self.problems),
        }


class _Unusable(Exception):
    pass


def _canonical(state: dict[str, Any]) -> bytes:
    return json.dumps(state, sort_keys=True, separators=(",", ":"), allow_nan=False).encode()


class StateFile(Generic[M]):
    """One state file of kind `kind` holding a pydantic model of type `model`.

    The file is an envelope: {"format", "kind", "seq", "written_at", "sha256", "state"}; `seq`
    counts writes over the file's whole life, so the boot event can say which version it restored.
    One process writes a given file (the daemon's lock sees to that); any process may load it.
    """

    def __init__(
        self,
        path: Path,
        model: type[M],
        kind: str,
        journal: Path | None = None,
        *,
        private: bool = False,
    ) -> None:
        self.path = path
        self.model = model
        self.kind = kind
        #: The event log's folder, for files whose writes a turn may carry in its one commit
        #: (resident/state/journal.py); None: every write syncs itself.
        self.journal = journal
        #: What people said (Rule 8): a turn carries it in its graph transaction, never in the
        #: log (boot restores it from there: memory/turn_store.py).
        self.private = private
        self.last_good = path.with_name(path.name + ".last-good")
        self.broken = path.with_name(path.name + ".broken")
        self._link_tmp = path.with_name(f".{path.name}.last-good.tmp")
        self._seq = 0
        #: Whether the file now at `path` is known good; only a good file becomes the last good
        #: copy, so a corrupt primary can never overwrite a good backup.
        self._primary_good = False
        #: The write counter of the version last handed to the disk: a deferred write older
        #: than it (another thread wrote meanwhile) is dropped, never written over it.
        self._disk_seq = 0
        #: When this process last replaced the file (time.monotonic; never: -inf).
        self._disk_at = float("-inf")
        self._lock = threading.Lock()

    @property
    def seq(self) -> int:
        return self._seq

    # reading

    def _read(self, path: Path) -> tuple[M, int, int, datetime]:
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raise
        except OSError as exc:
            raise _Unusable(f"unreadable ({exc.strerror})") from exc
        if not raw.strip():
            raise _Unusable("empty")
        try:
            envelope = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise _Unusable(f"truncated or not JSON ({exc})") from exc
        return self._value_of(envelope)

    def _value_of(self, envelope: Any) -> tuple[M, int, int, datetime]:
        if not isinstance(envelope, dict) or not isinstance(envelope.get("state"), dict):
            raise _Unusable("not a state envelope")
        if envelope.get("kind") != self.kind:
            raise _Unusable(f"holds {envelope.get('kind')!r}, not {self.kind!r}")
        if envelope.get("format") != ENVELOPE_FORMAT:
            raise _Unusable(f"envelope format {envelope.get('format')!r} is not known")
        digest = hashlib.sha256(_canonical(envelope["state"])).hexdigest()
        if envelope.get("sha256") != digest:
            raise _Unusable("checksum mismatch (the content changed after it was written)")
        try:
            value = self.model.model_validate(envelope["state"])
            seq = int(envelope["seq"])
            written_at = datetime.fromisoformat(envelope["written_at"])
        except (ValidationError, KeyError, TypeError, ValueError) as exc:
            raise _Unusable(f"state does not validate ({exc})") from exc
        return value, seq, ENVELOPE_FORMAT, written_at

    def load(self) -> Loaded[M]:
        """Read the file, falling back to the last good copy. Never writes anything."""
        problems: list[str] = []
        present = False
        for source, path in ((Source.PRIMARY, self.path), (Source.LAST_GOOD, self.last_good)):
            try:
                value, seq, fmt, written_at = self._read(path)
            except FileNotFoundError:
                continue
            except _Unusable as exc:
                present = True
                problems.append(f"{path.name}: {exc}")
                continue
            self._seq = max(self._seq, seq)
            self._disk_seq = max(self._disk_seq, seq)
            self._primary_good = source is Source.PRIMARY
            found = Loaded(source, path, value, seq, fmt, written_at, tuple(problems))
            return self._journalled(found)
        self._primary_good = False
        if present:
            return self._journalled(Loaded(Source.UNKNOWN, self.path, problems=tuple(problems)))
        return self._journalled(Loaded(Source.ABSENT, self.path))

    def _journalled(self, found: Loaded[M]) -> Loaded[M]:
        """`found`, or the event log's version of this file when it is newer."""
        if self.journal is None or self.private:
            return found  # a private file's newer version is restored at boot, from the graph
        # Only a log written to after the primary file can hold a newer version of it (every
        # version journalled before the file was replaced is in the file or older): boot reads
        # the recent logs, not the whole history. A last good copy is no such witness.
        since_ns = None
        if found.source is Source.PRIMARY:
            with contextlib.suppress(OSError):
                since_ns = found.path.stat().st_mtime_ns
        envelope = state_journal.newest_envelope(self.journal, self.path.name, since_ns)
        if envelope is None or (found.seq is not None and envelope["seq"] <= found.seq):
            return found
        try:
            value, seq, fmt, written_at = self._value_of(envelope)
        except _Unusable as exc:
            problem = f"{self.path.name} in the event log: {exc}"
            return dataclasses.replace(found, problems=(*found.problems, problem))
        self._seq = max(self._seq, seq)
        return Loaded(Source.JOURNAL, self.path, value, seq, fmt, written_at, found.problems)

    # writing

    def write(self, value: M, now: datetime) -> int:
        """Replace the file with `value` atomically, keeping the previous good file as the last
        good copy. Returns the new write counter. Raises OSError if the disk refuses (the file
        on disk is then still the previous complete version).

        Inside a turn's group commit (resident/state/journal.py) a journalled file defers:
        the event log carries the new version in the turn's one fsync, and the file is replaced
        after it, without a sync of its own."""
        state = value.model_dump(mode="json")
        with self._lock:
            seq = self._seq + 1
            envelope = {
                "format": ENVELOPE_FORMAT,
                "kind": self.kind,
                "seq": seq,
                "written_at": now.isoformat(),
                "sha256": hashlib.sha256(_canonical(state)).hexdigest(),
                "state": state,
            }
            commit = state_journal.active(self.journal)
            if commit is None:
                self._write(envelope, sync=True)
            else:
                commit.defer(self.path, envelope, self._write_deferred, private=self.private)
            self._seq = seq
        return seq

    def _write_deferred(self, envelope: dict[str, Any], checkpoint_s: float, sync: bool) -> None:
        with self._lock:
            if time.monotonic() - self._disk_at < checkpoint_s:
                # The log holds this version; the file catches up at a later write.
                return
            self._write(envelope, sync=sync)

    def restore(self, envelope: dict[str, Any]) -> bool:
        """Write `envelope` (a version a turn's commit carried) synced, when it is sound and
        newer than the file's own (or the file is unusable); whether it was written."""
        found = self.load()
        try:
            _, seq, _, _ = self._value_of(envelope)
        except _Unusable:
            return False
        if found.seq is not None and found.seq >= seq:
            return False
        with self._lock:
            self._write(envelope, sync=True)
            self._seq = max(self._seq, seq)
        return True

    def _write(self, envelope: dict[str, Any], *, sync: bool) -> None:
        if envelope["seq"] <= self._disk_seq:
            return  # a newer version is on disk already
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps(envelope, sort_keys=True, indent=1, allow_nan=False).encode() + b"\n"
        try:
            replace_with(
                self.path,
                lambda fh: fh.write(data),
                mode=0o600,
                before_rename=self._set_aside_current,
                sync=sync,
            )
        except BaseException:
            # A full disk (or any refusal) leaves the previous file and its last good copy as
            # they were, and no half-written temp file behind.
            with contextlib.suppress(OSError):
                self._link_tmp.unlink()
            raise
        self._disk_seq = envelope["seq"]
        self._disk_at = time.monotonic()
        self._primary_good = True

    def _set_aside_current(self) -> None:
        if not self.path.exists():
            return
        if self._primary_good:
            self._keep_last_good()
        else:
            # Keep the unusable file for a person to look at instead of overwriting it.
            os.replace(self.path, self.broken)

    def _keep_last_good(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self._link_tmp.unlink()
        try:
            os.link(self.path, self._link_tmp)
        except OSError:
            # No hard links on this filesystem: a full copy, made durable before it counts.
            shutil.copyfile(self.path, self._link_tmp)
            fd = os.open(self._link_tmp, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        os.replace(self._link_tmp, self.last_good)


class _AnyState(BaseModel):
    """Any state (its checksum vouches for it; the file's own model reads it at load)."""

    model_config = ConfigDict(extra="allow")


def restore(path: Path, envelope: Any) -> bool:
    """Write a carried `envelope` to the state file at `path` when it is newer than the file's
    own version (boot, before the file is loaded: memory/turn_store.py); whether it was."""
    kind = envelope.get("kind") if isinstance(envelope, dict) else None
    if not isinstance(kind, str):
        return False
    return StateFile(path, _AnyState, kind).restore(envelope)


class Held(Generic[M]):
    """A piece of state held in memory and written through to its StateFile on every change.

    `state` is None when the load found nothing usable: the piece is unknown, and stays unknown
    until a deliberate reset; it is never filled with a default behind anyone's back.
    """

    def __init__(self, file: StateFile[M], loaded: Loaded[M]) -> None:
        self.file = file
        self.loaded = loaded
        self._state: M | None = loaded.value

    @property
    def known(self) -> bool:
        return self._state is not None

    @property
    def state(self) -> M | None:
        return self._state

    def commit(self, state: M, now: datetime) -> None:
        """Write through first, then hold: if the disk refuses, memory keeps the old state too."""
        self.file.write(state, now)
        self._state = state
