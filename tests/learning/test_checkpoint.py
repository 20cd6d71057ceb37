"""A checkpoint survives kill -9 during a save: the file is always a whole checkpoint."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from resident.learning.checkpoint import load_checkpoint

pytest.importorskip("torch")


def test_kill_during_save_leaves_a_whole_checkpoint(tmp_path: Path) -> None:
    path = tmp_path / "learning" / "ff.ckpt"
    child = Path(__file__).with_name("ckpt_child.py")
    for delay in (0.3, 0.45, 0.7):
        proc = subprocess.Popen([sys.executable, str(child), str(path)], stdout=subprocess.PIPE)
        assert proc.stdout is not None and proc.stdout.readline().strip() == b"ready"
        deadline = time.monotonic() + 30
        while not path.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(delay)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        data = load_checkpoint(path)
        assert data is not None and data["version"] >= 1
        assert tuple(data["model"]["w"].shape) == (400, 400)
