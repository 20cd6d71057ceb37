"""One owner per data directory: an OS file lock on daemon.lock, and daemon.json saying who.

The lock, not the JSON file, decides: the kernel drops a dead process's lock, so a daemon.json
left behind by a killed daemon never blocks the next `resident up` nor fools `open_graph`.
"""

from __future__ import annotations

import fcntl
import json
import os
import threading
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from pydantic import BaseModel, ConfigDict, ValidationError

from resident.errors import DaemonRunning
from resident.state.atomic import pid_alive, write_atomic

LOCK_FILE = "daemon.lock"
INFO_FILE = "daemon.json"


class DaemonInfo(BaseModel):
    """What daemon.json holds: enough for another process to find and address the owner."""

    model_config = ConfigDict(frozen=True)

    pid: int
    host: str
    port: int
    url: str
    session_id: str
    started_at: datetime
    data_dir: str
    #: The supervisor's view of each companion: name, state, pid, port, restarts, create_time.
    companions: tuple[dict[str, Any], ...] = ()


def read_info(data_dir: Path) -> DaemonInfo | None:
    """daemon.json as written, or None when absent or unreadable (a torn or foreign file)."""
    try:
        return DaemonInfo.model_validate_json((data_dir / INFO_FILE).read_bytes())
    except (FileNotFoundError, ValidationError, OSError):
        return None


def lock_held(data_dir: Path) -> bool:
    """True while some process holds daemon.lock (this one included)."""
    path = data_dir / LOCK_FILE
    try:
        fh = open(path, "rb")  # noqa: SIM115 - held only for the probe below
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fh.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    else:
        fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
        return False
    finally:
        fh.close()


def live_daemon(data_dir: Path) -> DaemonInfo | None:
    """The daemon that owns `data_dir` now, or None. A stale daemon.json does not count."""
    info = read_info(data_dir)
    if info is None or not pid_alive(info.pid) or not lock_held(data_dir):
        return None
    return info


class DaemonLock:
    """Held by `resident up` for its whole life; a second owner is refused at once."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self._fh: IO[bytes] | None = None
        self._publishing = threading.Lock()
        #: daemon.json as a daemon that died without cleaning up left it (its companions may
        #: still run); read at acquire(), before the file is cleared.
        self.left_behind: DaemonInfo | None = None

    def acquire(self) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        fh = open(self.data_dir / LOCK_FILE, "ab")  # noqa: SIM115 - held until release()
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            fh.close()
            info = read_info(self.data_dir)
            who = (
                f"pid {info.pid}, {info.url}, session {info.session_id}"
                if info
                else "a process that has not published daemon.json yet"
            )
            raise DaemonRunning(
                f"MAX is already up on {self.data_dir} ({who}); stop it first "
                "(Ctrl-C or SIGTERM) or use another --data-dir"
            ) from None
        self._fh = fh
        # Whatever daemon.json is here now was left by a daemon that died without cleaning up.
        self.left_behind = read_info(self.data_dir)
        (self.data_dir / INFO_FILE).unlink(missing_ok=True)

    def publish(self, info: DaemonInfo) -> None:
        """Write daemon.json atomically (temp file, fsync, rename)."""
        if self._fh is None:
            raise RuntimeError("publish() before acquire()")
        data = json.dumps(info.model_dump(mode="json"), indent=2) + "\n"
        # The supervisor's thread republishes as companions change: one writer at a time.
        with self._publishing:
            write_atomic(self.data_dir / INFO_FILE, data.encode("utf-8"), mode=0o644)

    def release(self) -> None:
        if self._fh is None:
            return
        info = read_info(self.data_dir)
        if info is not None and info.pid == os.getpid():
            (self.data_dir / INFO_FILE).unlink(missing_ok=True)
        fcntl.flock(self._fh.fileno(), fcntl.LOCK_UN)
        self._fh.close()
        self._fh = None
