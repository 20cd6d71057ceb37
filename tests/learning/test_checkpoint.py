"""A checkpoint survives kill -9 during a save: the file is always a whole checkpoint.

The kill lands mid-save by construction, not by timing: the child writes half of the new
checkpoint's bytes and says so, and only then is it killed. The test checks that it did land
there (half the bytes sit in a temp file beside the checkpoint), so a kill that came after the
save finished fails it, and so does a save that writes the checkpoint in place."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from resident.learning.checkpoint import load_checkpoint

pytest.importorskip("torch")


def test_kill_during_save_leaves_a_whole_checkpoint(tmp_path: Path) -> None:
    path = tmp_path / "learning" / "ff.ckpt"
    child = Path(__file__).with_name("ckpt_child.py")
    proc = subprocess.Popen([sys.executable, str(child), str(path)], stdout=subprocess.PIPE)
    assert proc.stdout is not None
    try:
        assert proc.stdout.readline().strip() == b"saved 1"
        mid = proc.stdout.readline().decode().split()
        assert mid[:1] == ["mid-save"], mid
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    written = int(mid[1])
    # The kill landed mid-save: the new checkpoint's first half is in a temp file beside it.
    temps = [p for p in path.parent.iterdir() if p.name.startswith(f".{path.name}.")]
    assert [p.stat().st_size for p in temps] == [written] and written > 0
    # ... and the checkpoint itself is the previous one, whole.
    data = load_checkpoint(path)
    assert data is not None and data["version"] == 1
    assert tuple(data["model"]["w"].shape) == (400, 400)
