"""A worker never writes the graph file while a daemon should own it: a crashed daemon's
daemon.json makes a flow wait and retry (saying so), never open the file embedded."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from resident.config import Settings
from resident.daemon.client import open_graph
from resident.errors import DaemonCrashed
from resident.house.ownership import INFO_FILE, DaemonInfo
from resident.maintenance import open_for_flow
from resident.memory.duck_store import DuckStore


def _leave_crashed_daemon_json(data_dir: Path) -> int:
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    info = DaemonInfo(
        pid=dead.pid,
        host="127.0.0.1",
        port=1,
        url="http://127.0.0.1:1",
        session_id="01CRASHED",
        started_at=datetime.now(UTC),
        data_dir=str(data_dir),
    )
    (data_dir / INFO_FILE).write_text(info.model_dump_json())
    return dead.pid


def test_embedded_only_when_max_is_down_on_purpose(settings: Settings) -> None:
    DuckStore.open(settings, create=True).close()
    graph = open_graph(settings)  # no daemon.json: MAX is down on purpose
    assert isinstance(graph, DuckStore)
    graph.close()
    pid = _leave_crashed_daemon_json(settings.data_dir)
    with pytest.raises(DaemonCrashed, match=f"pid {pid}.*crashed"):
        open_graph(settings)


def test_a_flow_waits_and_says_so_then_retries(settings: Settings) -> None:
    DuckStore.open(settings, create=True).close()
    _leave_crashed_daemon_json(settings.data_dir)
    said: list[str] = []
    with pytest.raises(DaemonCrashed):
        open_for_flow(settings, wait_seconds=0.3, poll_seconds=0.1, say=said.append)
    assert len(said) >= 2 and "retrying" in said[0] and "gave up waiting" in said[-1]
    # MAX comes back (here: a clean shutdown clears daemon.json): the next try opens the graph.
    (settings.data_dir / INFO_FILE).unlink()
    graph = open_for_flow(settings, wait_seconds=0.3, poll_seconds=0.1, say=said.append)
    graph.close()
