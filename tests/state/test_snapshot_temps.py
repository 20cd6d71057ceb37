"""A snapshot killed before its rename leaves its temporary file; the next start removes it
(finding 7), and never a live writer's."""

from __future__ import annotations

import os
import subprocess
import sys

from resident.config import Settings
from resident.memory.duck_store import DuckStore
from resident.state.atomic import sweep_temps

KILLED_AT_RENAME = """
import os, sys
from pathlib import Path
from resident.config import load_settings
from resident.memory.duck_store import DuckStore
store = DuckStore.open(load_settings(data_dir=Path(sys.argv[1])))
os.replace = lambda *a: os.kill(os.getpid(), 9)  # killed the moment before the rename
store.snapshot(Path(sys.argv[1]) / "snapshots" / "graph-x.duckdb")
"""


def test_a_killed_snapshot_leaves_nothing_after_the_next_start(settings: Settings) -> None:
    DuckStore.open(settings, create=True).close()
    folder = settings.snapshots_dir
    env = {k: v for k, v in os.environ.items() if not k.startswith("RESIDENT_")}
    proc = subprocess.run(
        [sys.executable, "-c", KILLED_AT_RENAME, str(settings.data_dir)],
        env=env,
        capture_output=True,
        timeout=120,
    )
    assert proc.returncode == -9, proc.stderr
    left = [p for p in folder.iterdir() if p.name.endswith(".tmp")]
    assert left, "the kill left the snapshot's temporary file"
    live = folder / f".graph-y.duckdb.{os.getppid()}.0123abcd.tmp"
    live.write_bytes(b"being written")
    removed = sweep_temps(settings.snapshots_dir)
    assert set(left) <= set(removed)
    assert not any(p.exists() for p in left)
    assert live.exists(), "a snapshot a live process is writing is left alone"
    assert not (folder / "graph-x.duckdb").exists()
