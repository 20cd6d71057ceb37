"""A damaged graph is refused at boot (issue 22, finding 3): truncated to half or bit-flipped,
`resident up` stops with ONE line naming the file and the recovery (the last good snapshot and
the `resident restore` command), never a traceback, and the file is left byte for byte as it
was; `resident restore` puts the snapshot back and keeps the damaged file beside it; /healthz
reads every table. Each case failed on main (it booted, or it printed a traceback)."""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.graph import build_graph
from resident.config import load_settings
from resident.errors import GraphDamaged
from resident.memory.duck_store import DuckStore
from resident.memory.integrity import check_graph

BIN = Path(sys.executable).parent
SNAPSHOT = "graph-20260101T000000Z.duckdb"


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("good")
    build_graph(str(folder), 50_000)
    return folder / "graph.duckdb"


def _damaged(good: Path, data_dir: Path, how: str) -> Path:
    (data_dir / "snapshots").mkdir(parents=True)
    shutil.copyfile(good, data_dir / "snapshots" / SNAPSHOT)
    data = bytearray(good.read_bytes())
    if how == "truncated":
        data = data[: len(data) // 2]
    elif how == "header":
        for i in range(4096, 12288, 97):  # the database headers, where the catalog starts
            data[i] ^= 0x10
    else:
        rng = random.Random(22)
        for _ in range(64):
            data[rng.randrange(len(data) // 8, len(data))] ^= 0xFF
    path = data_dir / "graph.duckdb"
    path.write_bytes(bytes(data))
    return path


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_whole_graph_passes(good: Path) -> None:
    report = check_graph(good, good.parent / "snapshots")
    assert report.tables >= 12


@pytest.mark.parametrize("how", ["truncated", "header", "flipped"])
def test_a_damaged_graph_is_refused_in_one_line(good: Path, data_dir: Path, how: str) -> None:
    path = _damaged(good, data_dir, how)
    before = _digest(path)
    with pytest.raises(GraphDamaged) as err:
        check_graph(path, data_dir / "snapshots")
    line = str(err.value)
    assert "\n" not in line and str(path) in line
    assert str(data_dir / "snapshots" / SNAPSHOT) in line and f"restore {SNAPSHOT}" in line
    assert _digest(path) == before


def _resident(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RESIDENT_", "PREFECT_"))}
    return subprocess.run(
        [str(BIN / "resident"), "--data-dir", str(data_dir), *args],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


def test_up_refuses_then_restore_brings_the_snapshot_back(good: Path, data_dir: Path) -> None:
    path = _damaged(good, data_dir, "truncated")
    before = _digest(path)
    up = _resident(data_dir, "up", "--port", "0", "--no-flows")
    assert up.returncode == 2, up.stdout + up.stderr
    assert "Traceback" not in up.stderr
    [line] = [x for x in up.stderr.splitlines() if x.strip()]
    assert str(path) in line and f"restore {SNAPSHOT}" in line
    assert _digest(path) == before, "the damaged file is never overwritten"

    restored = _resident(data_dir, "restore", SNAPSHOT)
    assert restored.returncode == 0, restored.stderr
    [aside] = list(data_dir.glob("graph.duckdb.damaged-*"))
    assert _digest(aside) == before and _digest(path) == _digest(good)
    check_graph(path, data_dir / "snapshots")


def test_restore_refuses_a_damaged_snapshot(good: Path, data_dir: Path) -> None:
    _damaged(good, data_dir, "truncated")
    snap = data_dir / "snapshots" / SNAPSHOT
    snap.write_bytes(snap.read_bytes()[: snap.stat().st_size // 2])
    done = _resident(data_dir, "restore", SNAPSHOT)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert not list(data_dir.glob("graph.duckdb.damaged-*"))


def test_health_reads_every_table(good: Path, data_dir: Path) -> None:
    shutil.copyfile(good, data_dir / "graph.duckdb")
    store = DuckStore.open(load_settings(data_dir=data_dir, env={}))
    try:
        assert store.read_each_table() >= 12
    finally:
        store.close()
