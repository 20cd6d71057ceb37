"""The learner's checkpoint under the data directory: model, optimizers, vocabulary, version and
training history, and beside it the ledger of its proposals, each written atomically (temp file,
fsync, rename, fsync of the folder), so a kill at any moment leaves the previous file or the new
one, never half of one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from resident.errors import InvalidInput
from resident.learning.proposals import Ledger
from resident.state.atomic import replace_with

CHECKPOINT_DIR = "learning"
CHECKPOINT_FILE = "ff.ckpt"
FORMAT = 1


def checkpoint_path(data_dir: Path) -> Path:
    return data_dir / CHECKPOINT_DIR / CHECKPOINT_FILE


def save_checkpoint(path: Path, payload: dict[str, Any]) -> Path:
    import torch

    path.parent.mkdir(parents=True, exist_ok=True)
    replace_with(path, lambda fh: torch.save({"format": FORMAT, **payload}, fh))
    return path


def load_checkpoint(path: Path) -> dict[str, Any] | None:
    """The last checkpoint, or None when there is none yet; a damaged one is a typed error
    (never silently a fresh start: a restart resumes, it does not start over)."""
    import torch

    if not path.exists():
        return None
    try:
        data = torch.load(path, map_location="cpu", weights_only=False)
    except Exception as exc:
        raise InvalidInput(f"checkpoint {path} is unreadable: {exc}") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidInput(f"checkpoint {path} has an unknown format")
    return data


LEDGER_FILE = "proposals.json"


def ledger_path(data_dir: Path) -> Path:
    return data_dir / CHECKPOINT_DIR / LEDGER_FILE


def load_ledger(data_dir: Path) -> Ledger:
    """Every proposal the learner made (empty before the first night); damaged: a typed error."""
    path = ledger_path(data_dir)
    if not path.exists():
        return Ledger()
    try:
        return Ledger.model_validate_json(path.read_bytes())
    except ValueError as exc:
        raise InvalidInput(f"proposal ledger {path} is unreadable: {exc}") from exc


def save_ledger(data_dir: Path, ledger: Ledger) -> Path:
    path = ledger_path(data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    body = ledger.model_dump_json(indent=1).encode()
    replace_with(path, lambda fh: fh.write(body))
    return path
