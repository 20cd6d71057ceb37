"""The house's one process supervisor: the children of `resident up` (the Prefect server, the
flows worker) and of `resident flows up`, each in a process group of its own, all children of
one parent.

A child is started through `resident.house.orphan_guard`, so it stops itself when its parent dies,
however it dies (kill -9 included). While the parent lives, a watch thread restarts a child
that exits on its own, after a backoff that doubles with each quick failure (an event and a line
on the console each time), and reports every change of state (what daemon.json records).

Why our own and not supervisord or circus: both run as a daemon of their own that outlives
`resident up`, which is exactly the orphan this module exists to prevent, and neither lets the
daemon's event log and daemon.json hear about a restart without a second IPC channel.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import IO, Any

import psutil

from resident.errors import CompanionError

LOGS_DIR = "logs"


class ChildState(StrEnum):
    STARTING = "starting"
    RUNNING = "running"
    RESTARTING = "restarting"
    FAILED = "failed"
    STOPPED = "stopped"


@dataclass(frozen=True)
class Backoff:
    """Delay before restart n (1, 2, ...): base * 2**(n-1), at most `cap`; a child that ran
    `stable_seconds` before it died starts again from the base."""

    base: float = 1.0
    cap: float = 30.0
    stable_seconds: float = 60.0

    def delay(self, failures: int) -> float:
        return float(min(self.cap, self.base * 2 ** max(0, failures - 1)))


def guarded_argv(argv: Sequence[str], parent_pid: int) -> list[str]:
    """`python -m X ...` / `python -c C ...` run under resident.house.orphan_guard, which watches
    `parent_pid`; any other command is returned as it is (it cannot be watched from inside)."""
    argv = list(argv)
    if len(argv) >= 3 and argv[0] == sys.executable and argv[1] in ("-m", "-c"):
        return [sys.executable, "-m", "resident.house.orphan_guard", str(parent_pid), *argv[1:]]
    return argv


def stop_group(pid: int, timeout: float, wait: Callable[[float], bool] | None = None) -> None:
    """SIGTERM to process group `pid`, SIGKILL to what is left after `timeout` seconds.

    `wait(timeout)` returns True once the leader has exited (Popen.wait for a child of ours);
    without it the group is polled until empty.
    """
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGTERM)
    if wait is not None:
        wait(timeout)
    deadline = time.monotonic() + timeout
    while group_alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def group_alive(pgid: int) -> bool:
    """True while any process of group `pgid` lives (zombies do not count)."""
    for proc in psutil.process_iter(["pid"]):
        try:
            if os.getpgid(proc.pid) == pgid and proc.status() != psutil.STATUS_ZOMBIE:
                return True
        except (ProcessLookupError, psutil.Error, OSError):
            continue
    return False


@dataclass
class Child:
    """One supervised process, its output appended to <log_dir>/<name>.log.

    `ready` is polled after each start until True; the child failing or `ready_timeout` passing
    first is a CompanionError (and the child is stopped).
    """

    name: str
    argv: list[str]
    env: Mapping[str, str] = field(default_factory=dict)
    log_dir: Path = Path(LOGS_DIR)
    cwd: Path | None = None
    ready: Callable[[], bool] | None = None
    ready_timeout: float = 60.0
    #: A port the child serves on, for daemon.json and `resident flows env`.
    port: int | None = None
    #: Run under resident.house.orphan_guard (dies with this process).
    watch_parent: bool = True
    process: subprocess.Popen[bytes] | None = None
    state: ChildState = ChildState.STOPPED
    restarts: int = 0
    failures: int = 0
    started_at: float = 0.0
    exit_code: int | None = None
    #: Called before each spawn (a port check); raising refuses the start.
    before_start: Callable[[], None] | None = None
    #: Descendants last seen, so that a flow run in a session of its own does not outlive a
    #: worker killed with -9.
    _descendants: list[psutil.Process] = field(default_factory=list, repr=False)
    _log: IO[bytes] | None = field(default=None, repr=False)

    @property
    def log_path(self) -> Path:
        return self.log_dir / f"{self.name}.log"

    @property
    def pid(self) -> int | None:
        return None if self.process is None else self.process.pid

    def spawn(self) -> None:
        """Start the process (its own process group) without waiting for it to be ready."""
        if self.before_start is not None:
            self.before_start()
        self.log_dir.mkdir(parents=True, exist_ok=True)
        if self._log is None:
            self._log = open(self.log_path, "ab")  # noqa: SIM115 - closed in stop()
        argv = guarded_argv(self.argv, os.getpid()) if self.watch_parent else self.argv
        # A group of its own: Ctrl-C in the terminal reaches only the parent, which stops its
        # children in order; stopping a child's group takes its own children (flow runs) too.
        self.process = subprocess.Popen(
            argv,
            cwd=self.cwd,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            process_group=0,
            env={**os.environ, **self.env},
        )
        self.state = ChildState.STARTING
        self.started_at = time.monotonic()
        self.exit_code = None

    def wait_ready(self, stop: threading.Event | None = None) -> None:
        if self.ready is None:
            self.state = ChildState.RUNNING
            return
        deadline = time.monotonic() + self.ready_timeout
        while not self.ready():
            if not self.running():
                code = None if self.process is None else self.process.returncode
                self.state = ChildState.FAILED
                raise CompanionError(
                    f"{self.name} exited with status {code} before it was "
                    f"ready; see {self.log_path}"
                )
            if time.monotonic() > deadline or (stop is not None and stop.is_set()):
                self.stop(5.0)
                self.state = ChildState.FAILED
                raise CompanionError(
                    f"{self.name} was not ready after {self.ready_timeout:.0f}"
                    f" s; see {self.log_path}"
                )
            time.sleep(0.2)
        self.state = ChildState.RUNNING

    def start(self) -> None:
        self.spawn()
        self.wait_ready()

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def note_descendants(self) -> None:
        if self.running() and self.process is not None:
            with contextlib.suppress(psutil.Error):
                self._descendants = psutil.Process(self.process.pid).children(recursive=True)

    def reap(self) -> None:
        """After the leader exited: what is left of its group and its descendants (flow runs)
        goes too."""
        if self.process is None:
            return
        self.exit_code = self.process.poll()
        for proc in self._descendants:
            with contextlib.suppress(psutil.Error):
                if proc.is_running():
                    proc.kill()
        self._descendants = []
        if group_alive(self.process.pid):
            stop_group(self.process.pid, 5.0)

    def stop(self, timeout: float = 20.0) -> None:
        """SIGTERM to the child's group, SIGKILL after `timeout`; the log is closed."""
        if self.process is not None:
            proc = self.process

            def wait(t: float) -> bool:
                try:
                    proc.wait(t)
                except subprocess.TimeoutExpired:
                    return False
                return True

            self.note_descendants()
            if proc.poll() is None or group_alive(proc.pid):
                stop_group(proc.pid, timeout, wait)
            proc.wait()
            self.reap()
            self.exit_code = proc.returncode
        self.state = ChildState.STOPPED
        if self._log is not None:
            self._log.close()
            self._log = None

    def status(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "state": self.state.value,
            "pid": self.pid,
            "port": self.port,
            "restarts": self.restarts,
            "exit_code": self.exit_code,
            "log": str(self.log_path),
            "create_time": _create_time(self.pid) if self.running() else None,
        }


def _create_time(pid: int | None) -> float | None:
    if pid is None:
        return None
    try:
        return float(psutil.Process(pid).create_time())
    except psutil.Error:
        return None


Notify = Callable[[str], None]
Emit = Callable[[str, dict[str, Any]], None]


class Supervisor:
    """Children started in order, watched, restarted with backoff, stopped in reverse order.

    `echo` gets a console line and `emit(kind, payload)` an event on every restart;
    `on_change(statuses)` is called whenever a child's state changes.
    """

    def __init__(
        self,
        *,
        backoff: Backoff | None = None,
        echo: Notify | None = None,
        emit: Emit | None = None,
        on_change: Callable[[list[dict[str, Any]]], None] | None = None,
        poll_seconds: float = 0.25,
    ) -> None:
        self.backoff = backoff or Backoff()
        self.children: list[Child] = []
        self._echo = echo or (lambda line: None)
        self._emit = emit or (lambda kind, payload: None)
        self._on_change = on_change or (lambda statuses: None)
        self._poll = poll_seconds
        self._stop = threading.Event()
        self._mutex = threading.RLock()
        self._thread: threading.Thread | None = None

    def start(self, child: Child) -> None:
        """Start `child` and wait until it is ready (CompanionError if it is not); from then on
        it is watched."""
        with self._mutex:
            child.start()
            self.children.append(child)
        self._changed()
        self._ensure_watching()

    def statuses(self) -> list[dict[str, Any]]:
        with self._mutex:
            return [c.status() for c in self.children]

    def _changed(self) -> None:
        try:
            self._on_change(self.statuses())
        except Exception as exc:  # a report that fails must not stop the watch
            self._echo(f"supervisor: could not record companion states ({exc})")

    def _ensure_watching(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._watch, name="supervisor", daemon=True)
            self._thread.start()

    def _watch(self) -> None:
        while not self._stop.wait(self._poll):
            for child in list(self.children):
                if self._stop.is_set():
                    return
                if child.state is not ChildState.RUNNING:
                    continue
                if child.running():
                    child.note_descendants()
                else:
                    self._restart(child)

    def _restart(self, child: Child) -> None:
        ran = time.monotonic() - child.started_at
        child.reap()
        child.failures = 1 if ran >= self.backoff.stable_seconds else child.failures + 1
        delay = self.backoff.delay(child.failures)
        child.state = ChildState.RESTARTING
        self._echo(
            f"companion {child.name} exited (status {child.exit_code}) after {ran:.1f} s;"
            f" restarting in {delay:.1f} s (restart {child.restarts + 1})"
        )
        self._emit(
            "companion_exited",
            {
                "name": child.name,
                "exit_code": child.exit_code,
                "ran_seconds": round(ran, 3),
                "restart_in": delay,
                "restarts": child.restarts,
            },
        )
        self._changed()
        while True:
            if self._stop.wait(delay):
                return
            with self._mutex:
                if self._stop.is_set():
                    return
                child.restarts += 1
                try:
                    child.spawn()
                    child.wait_ready(self._stop)
                except (CompanionError, OSError) as exc:
                    child.reap()
                    child.failures += 1
                    delay = self.backoff.delay(child.failures)
                    child.state = ChildState.RESTARTING
                    self._echo(
                        f"companion {child.name} did not come back ({exc}); "
                        f"next try in {delay:.1f} s"
                    )
                    self._changed()
                    continue
            self._echo(f"companion {child.name} restarted (pid {child.pid})")
            self._emit(
                "companion_restarted",
                {"name": child.name, "pid": child.pid, "restarts": child.restarts},
            )
            self._changed()
            return

    def stop(self, timeout: float = 20.0) -> None:
        """Stop watching, then stop every child, the last started first."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join()
        with self._mutex:
            for child in reversed(self.children):
                child.stop(timeout)
        self._changed()


def replace_leftovers(records: Sequence[Mapping[str, Any]], timeout: float = 10.0) -> list[str]:
    """Stop the companions a crashed parent left running, as its daemon.json recorded them.

    A record counts only while its pid lives with the same create time (a reused pid is someone
    else's process and is left alone). Returns one line per process stopped.
    """
    stopped = []
    for rec in records:
        pid, born = rec.get("pid"), rec.get("create_time")
        if not isinstance(pid, int) or born is None:
            continue
        now_born = _create_time(pid)
        if now_born is None or abs(now_born - float(born)) > 0.01:
            continue
        stop_group(pid, timeout)
        stopped.append(f"{rec.get('name')} (pid {pid})")
    return stopped
