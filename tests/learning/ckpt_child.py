"""Saves checkpoints in a loop until killed (test_checkpoint kills it with SIGKILL)."""

import sys
from pathlib import Path

import torch

from resident.learning.checkpoint import save_checkpoint

path = Path(sys.argv[1])
i = 0
print("ready", flush=True)
while True:
    i += 1
    save_checkpoint(path, {"version": i, "model": {"w": torch.randn(400, 400)}})
