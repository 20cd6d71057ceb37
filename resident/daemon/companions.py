"""Companion processes of `resident up`: started once the daemon is ready, stopped before it
exits, in reverse order. The Prefect server and flows worker are the first such companions.

The hook: `flows/companions.py` (issue 5) defines `companions(ctx: DaemonContext) ->
list[Companion]`; `resident up` asks it unless `--no-flows`. A Companion is anything with a
`name`, `start(ctx)` and `stop(timeout)`; ProcessCompanion covers a child process.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Protocol

from resident.config import Settings
from resident.errors import ResidentError
from resident.processes import stop_process_group

LOGS_DIR = "logs"


@dataclass(frozen=True)
class DaemonContext:
    """What a companion may need to know about the daemon it runs beside."""

    settings: Settings
    url: str
    session_id: str
    #: The service token (tokens.json "service"): what a flows worker uses on the graph API.
    service_token: str

    @property
    def data_dir(self) -> Path:
        return self.settings.data_dir

    def env(self) -> dict[str, str]:
        """Environment a companion process is given on top of the daemon's own."""
        return {
            "RESIDENT_DATA_DIR": str(self.data_dir),
            "RESIDENT_DAEMON_URL": self.url,
            "RESIDENT_SESSION_ID": self.session_id,
        }


class Companion(Protocol):
    name: str

    def start(self, ctx: DaemonContext) -> None: ...
    def stop(self, timeout: float) -> None: ...


class CompanionFailed(ResidentError):
    code = "companion_failed"


class ProcessCompanion:
    """A child process with its own session (Ctrl-C in the terminal reaches only the daemon,
    which stops its companions in order), its output in data/logs/<name>.log.

    `ready` is polled after start until it returns True, the process exits, or `ready_timeout`
    seconds pass (CompanionFailed in the last two cases).
    """

    def __init__(self, name: str, argv: Sequence[str], *, env: Mapping[str, str] | None = None,
                 cwd: Path | None = None, ready: Callable[[], bool] | None = None,
                 ready_timeout: float = 60.0) -> None:
        self.name = name
        self.argv = list(argv)
        self.extra_env = dict(env or {})
        self.cwd = cwd
        self.ready = ready
        self.ready_timeout = ready_timeout
        self.process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    @property
    def log_path(self) -> Path | None:
        return None if self._log is None else Path(self._log.name)

    def start(self, ctx: DaemonContext) -> None:
        logs = ctx.data_dir / LOGS_DIR
        logs.mkdir(parents=True, exist_ok=True)
        self._log = open(logs / f"{self.name}.log", "ab")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            self.argv, cwd=self.cwd, stdin=subprocess.DEVNULL, stdout=self._log,
            stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, **ctx.env(), **self.extra_env})
        if self.ready is None:
            return
        deadline = time.monotonic() + self.ready_timeout
        while not self.ready():
            if self.process.poll() is not None:
                raise CompanionFailed(f"{self.name} exited with status {self.process.returncode} "
                                      f"before it was ready; see {logs / (self.name + '.log')}")
            if time.monotonic() > deadline:
                self.stop(5.0)
                raise CompanionFailed(f"{self.name} was not ready after {self.ready_timeout} s")
            time.sleep(0.2)

    def stop(self, timeout: float) -> None:
        """SIGTERM to the companion's process group, SIGKILL after `timeout` seconds."""
        stop_process_group(self.process, timeout)
        if self._log is not None:
            self._log.close()


def flow_companions(ctx: DaemonContext) -> list[Companion]:
    """The companions `flows/companions.py` declares (issue 5), or none while it does not exist."""
    try:
        from flows.companions import companions
    except ModuleNotFoundError as exc:
        if exc.name in ("flows", "flows.companions"):
            return []
        raise
    found: list[Companion] = companions(ctx)
    return found
