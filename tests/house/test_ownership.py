"""One owner per data directory: the lock decides, daemon.json says who, stale files don't block."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from resident.errors import DaemonRunning
from resident.house.ownership import (
    INFO_FILE,
    DaemonInfo,
    DaemonLock,
    live_daemon,
    lock_held,
    read_info,
)


def _info(data_dir: Path, pid: int) -> DaemonInfo:
    return DaemonInfo(
        pid=pid,
        host="127.0.0.1",
        port=1234,
        url="http://127.0.0.1:1234",
        session_id="01TESTSESSION",
        started_at=datetime(2026, 1, 1, tzinfo=UTC),
        data_dir=str(data_dir),
    )


def test_second_owner_is_refused_naming_the_first(tmp_path: Path) -> None:
    first = DaemonLock(tmp_path)
    first.acquire()
    first.publish(_info(tmp_path, os.getpid()))
    second = DaemonLock(tmp_path)
    with pytest.raises(DaemonRunning, match=f"pid {os.getpid()}.*http://127.0.0.1:1234"):
        second.acquire()
    assert live_daemon(tmp_path) == _info(tmp_path, os.getpid())
    first.release()
    assert not (tmp_path / INFO_FILE).exists()
    assert not lock_held(tmp_path)
    assert live_daemon(tmp_path) is None
    second.acquire()
    second.release()


def test_lock_is_seen_from_another_process(tmp_path: Path) -> None:
    lock = DaemonLock(tmp_path)
    lock.acquire()
    try:
        probe = subprocess.run(
            [
                sys.executable,
                "-c",
                "import sys; from pathlib import Path; from resident.house.ownership import "
                "lock_held; print(lock_held(Path(sys.argv[1])))",
                str(tmp_path),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        assert probe.stdout.strip() == "True"
    finally:
        lock.release()


def test_stale_daemon_json_neither_blocks_nor_fools(tmp_path: Path) -> None:
    # What a SIGKILLed daemon leaves: daemon.json naming a dead pid, and no lock held.
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    (tmp_path / INFO_FILE).write_text(_info(tmp_path, dead.pid).model_dump_json())
    assert read_info(tmp_path) is not None
    assert live_daemon(tmp_path) is None
    lock = DaemonLock(tmp_path)
    lock.acquire()  # not refused
    assert not (tmp_path / INFO_FILE).exists(), "the stale file is cleared at once"
    lock.release()


def test_daemon_json_of_a_live_pid_without_the_lock_is_stale(tmp_path: Path) -> None:
    # A reused pid: the process lives but holds no lock, so it is not our daemon.
    (tmp_path / INFO_FILE).write_text(_info(tmp_path, os.getpid()).model_dump_json())
    assert live_daemon(tmp_path) is None


def test_torn_daemon_json_reads_as_absent(tmp_path: Path) -> None:
    (tmp_path / INFO_FILE).write_text('{"pid": 12')
    assert read_info(tmp_path) is None
    (tmp_path / INFO_FILE).write_text(json.dumps({"pid": "x"}))
    assert read_info(tmp_path) is None
