"""The one supervisor: restarts with backoff (an event, a console line), children die with their
parent however it dies, leftovers of a crash are replaced, one worker per data directory."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psutil
import pytest

from resident.errors import CompanionError
from resident.house.prefect import WorkerLock
from resident.house.supervisor import Backoff, Child, ChildState, Supervisor, replace_leftovers

SLEEPER = "import time\nwhile True: time.sleep(0.05)\n"


def _wait(cond: Any, timeout: float = 30.0, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} after {timeout} s")
        time.sleep(0.05)


def _gone(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def test_backoff_doubles_to_its_cap() -> None:
    b = Backoff(base=1.0, cap=8.0)
    assert [b.delay(n) for n in (1, 2, 3, 4, 5, 9)] == [1.0, 2.0, 4.0, 8.0, 8.0, 8.0]


def test_a_child_that_dies_is_restarted_with_an_event_and_a_line(tmp_path: Path) -> None:
    lines: list[str] = []
    events: list[tuple[str, dict[str, Any]]] = []
    states: list[list[dict[str, Any]]] = []
    sup = Supervisor(
        backoff=Backoff(base=0.1, cap=0.2),
        echo=lines.append,
        emit=lambda k, p: events.append((k, p)),
        on_change=states.append,
    )
    child = Child("sleeper", [sys.executable, "-c", SLEEPER], log_dir=tmp_path)
    try:
        sup.start(child)
        first = child.pid
        assert first is not None
        os.kill(first, signal.SIGKILL)
        _wait(lambda: child.pid != first and child.state is ChildState.RUNNING, what="restart")
        assert child.restarts == 1
        assert [k for k, _ in events] == ["companion_exited", "companion_restarted"]
        assert events[0][1]["exit_code"] == -9
        assert any("sleeper exited (status -9)" in line for line in lines)
        assert any(s[0]["state"] == "restarting" for s in states)
        assert _gone(first)
    finally:
        sup.stop(5)
    assert child.pid is not None and _gone(child.pid)
    assert states[-1][0]["state"] == "stopped"


PARENT = """
import sys, time, json
from pathlib import Path
from resident.house.supervisor import Child, Supervisor
sup = Supervisor()
for i in range(2):
    sup.start(Child(f"c{i}", [sys.executable, "-c", "import time\\nwhile True: time.sleep(0.05)"],
                    log_dir=Path(sys.argv[1])))
Path(sys.argv[1], "pids.json").write_text(json.dumps([c.pid for c in sup.children]))
while True:
    time.sleep(1)
"""


def test_children_die_with_a_parent_killed_by_sigkill(tmp_path: Path) -> None:
    parent = subprocess.Popen([sys.executable, "-c", PARENT, str(tmp_path)], start_new_session=True)
    try:
        _wait((tmp_path / "pids.json").exists, 60, "children")
        pids = json.loads((tmp_path / "pids.json").read_text())
        assert all(not _gone(p) for p in pids)
        parent.kill()
        parent.wait()
        _wait(lambda: all(_gone(p) for p in pids), 30, "children exiting after their parent")
    finally:
        with __import__("contextlib").suppress(ProcessLookupError):
            os.killpg(parent.pid, signal.SIGKILL)
        for p in (
            json.loads((tmp_path / "pids.json").read_text() or "[]")
            if (tmp_path / "pids.json").exists()
            else []
        ):
            with __import__("contextlib").suppress(ProcessLookupError):
                os.killpg(p, signal.SIGKILL)


def test_leftovers_are_replaced_and_a_reused_pid_is_left_alone(tmp_path: Path) -> None:
    left = subprocess.Popen([sys.executable, "-c", SLEEPER], process_group=0)
    try:
        born = psutil.Process(left.pid).create_time()
        assert replace_leftovers([{"name": "x", "pid": left.pid, "create_time": born - 100}]) == []
        assert left.poll() is None, "a pid whose create time differs is someone else's"
        assert replace_leftovers([{"name": "x", "pid": left.pid, "create_time": born}]) == [
            f"x (pid {left.pid})"
        ]
        assert left.wait(10) == -signal.SIGTERM
    finally:
        if left.poll() is None:
            left.kill()
            left.wait()


def test_a_second_worker_for_one_data_directory_is_refused(tmp_path: Path) -> None:
    first = WorkerLock(tmp_path)
    first.acquire()
    try:
        probe = subprocess.run(
            [
                sys.executable,
                "-c",
                "import sys; from pathlib import Path\n"
                "from resident.house.prefect import WorkerLock\n"
                "WorkerLock(Path(sys.argv[1])).acquire()",
                str(tmp_path),
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert probe.returncode != 0
        assert f"pid {os.getpid()}" in probe.stderr and "refused" in probe.stderr
        with pytest.raises(CompanionError):
            WorkerLock(tmp_path).acquire()  # flock is per open file: refused here too
    finally:
        first.release()
    again = WorkerLock(tmp_path)
    again.acquire()
    again.release()
