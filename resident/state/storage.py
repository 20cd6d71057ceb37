"""The disk under the data directory: telling a full disk from any other failure, and probing
each write path a turn uses (graph, state files, event log) for /healthz.

A full disk surfaces in many shapes: OSError ENOSPC from our own writes, a DuckDB error whose
text says "No space left on device" (a failed WAL write), or DuckDB's fatal "database has been
invalidated" after a checkpoint could not be written. All of them become StorageFull.
"""

from __future__ import annotations

import errno
import os
import shutil
import threading
from datetime import datetime
from pathlib import Path

from pydantic import BaseModel

from resident.errors import StorageFull
from resident.state.statefile import StateFile

#: errno values that mean "no room": the disk is full, or this user's quota is.
_FULL = {errno.ENOSPC, errno.EDQUOT}
_FULL_TEXT = ("no space left on device", "disk quota exceeded")
#: What a probe writes: one page, as much as the smallest real write needs.
PROBE_BYTES = 4096
PROBE_STATE = "healthz.json"
PROBE_EVENTS = ".healthz-probe"
#: Two health checks at once would share the probe files.
_probing = threading.Lock()


def is_storage_full(exc: BaseException | None) -> bool:
    """True when `exc` (or anything it was raised from) is a full disk."""
    seen = 0
    while exc is not None and seen < 16:
        if isinstance(exc, StorageFull):
            return True
        if isinstance(exc, OSError) and exc.errno in _FULL:
            return True
        if any(text in str(exc).lower() for text in _FULL_TEXT):
            return True
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return False


def storage_full(exc: BaseException, where: Path | None = None) -> StorageFull:
    """The StorageFull a person reads for `exc`."""
    place = f" under {where}" if where is not None else ""
    free = ""
    if where is not None:
        free = f" ({free_bytes(where):,} bytes free)"
    return StorageFull(
        f"the disk{place} is full{free}: nothing was written and the last good "
        f"state is kept; free some space and MAX carries on by himself "
        f"({type(exc).__name__}: {exc})"
    )


def free_bytes(path: Path) -> int:
    """Bytes this process may still write under `path` (its nearest existing parent)."""
    while not path.exists() and path != path.parent:
        path = path.parent
    return shutil.disk_usage(path).free


def probe_dir(directory: Path) -> None:
    """Write, fsync and remove one page in `directory`: OSError when its disk refuses."""
    with _probing:
        _probe_dir(directory)


def _probe_dir(directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / PROBE_EVENTS
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        view = memoryview(b"\0" * PROBE_BYTES)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)
        path.unlink(missing_ok=True)


class Probe(BaseModel):
    at: datetime
    padding: str


def probe_state(state_dir: Path, now: datetime) -> None:
    """A real StateFile write (temp file, fsync, last good link, rename) in `state_dir`, the
    same path mood, drives, body and people take."""
    with _probing:
        probe: StateFile[Probe] = StateFile(state_dir / PROBE_STATE, Probe, "healthz")
        probe.load()
        probe.write(Probe(at=now, padding="." * PROBE_BYTES), now)
