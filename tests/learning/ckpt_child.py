"""Saves a whole checkpoint (version 1), then starts saving version 2 and stops half-way through
writing its bytes, saying so on stdout; test_checkpoint kills it there with SIGKILL.

The pause is the child's own: torch.save, as save_checkpoint calls it, is wrapped to serialise
the real checkpoint and then write only its first half to the file it was handed. Everything
else (the temp file, fsync, rename) is the real save path."""

import io
import sys
import time
from pathlib import Path
from typing import Any

import torch

from resident.learning.checkpoint import save_checkpoint

path = Path(sys.argv[1])
save_checkpoint(path, {"version": 1, "model": {"w": torch.randn(400, 400)}})
print("saved 1", flush=True)

real_save = torch.save


def half_then_pause(obj: Any, fh: Any, *args: Any, **kwargs: Any) -> None:
    buf = io.BytesIO()
    real_save(obj, buf, *args, **kwargs)
    data = buf.getvalue()
    fh.write(data[: len(data) // 2])
    fh.flush()
    print(f"mid-save {len(data) // 2} of {len(data)}", flush=True)
    time.sleep(3600)


torch.save = half_then_pause
save_checkpoint(path, {"version": 2, "model": {"w": torch.randn(400, 400)}})
print("saved 2", flush=True)
