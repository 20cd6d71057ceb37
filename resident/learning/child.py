"""A child process of a night (resident.learning.night_process): its whole life is reading the
request named on its command line, doing its part and writing its result as JSON. This module
imports no graph and no learner, so a child loads only what its own part needs (the learner's
child never loads DuckDB or pyarrow: benchmarks/RESULTS-learning.md 13)."""

from __future__ import annotations

import json
import os
import pickle
import sys
import threading
import time
import traceback
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from resident.config import Settings
from resident.errors import InvalidInput
from resident.hidden_imports import hidden

#: How often a child looks whether its parent is still there (seconds).
ORPHAN_POLL_S = 1.0
#: The largest handoff between a night's stages (bytes): what one stage hands the next is read
#: whole into memory, so a runaway one is refused rather than read (2,000 terms: about 0.3 MB).
MAX_HANDOFF_BYTES = 1 << 30


def child_main(
    handle: Callable[[Settings, datetime, dict[str, Any]], dict[str, Any]], arrow: bool = True
) -> None:
    """A child's whole life: read the request named on the command line, `handle` it, write the
    result (or the error, typed by name) as JSON; exit 0 only on success. `arrow`: the child
    builds Arrow arrays (it opens a graph), so pyarrow is shown pandas as absent first."""
    if arrow:
        arrow_without_pandas()
    req, res = Path(sys.argv[1]), Path(sys.argv[2])
    request = json.loads(req.read_text("utf-8"))
    if "parent" in request:
        threading.Thread(target=_orphaned, args=(int(request["parent"]),), daemon=True).start()
    settings = Settings.model_validate(request["settings"])
    try:
        reply = handle(settings, datetime.fromisoformat(request["now"]), request)
    except Exception as exc:
        traceback.print_exc()
        error = {"type": type(exc).__name__, "message": str(exc)}
        res.write_text(json.dumps({"error": error}), "utf-8")
        sys.exit(1)
    res.write_text(json.dumps(reply), "utf-8")


def arrow_without_pandas() -> None:
    """pyarrow looks for pandas the first time it builds an array from Python objects, and
    imports it when installed (49 MiB resident: the night's replay harvest, experiences_table,
    brought it in). A child hands pyarrow no DataFrame, so pyarrow is shown pandas as absent for
    that first look (it does not look again); pandas itself stays importable."""
    if "pandas" in sys.modules:
        return
    import pyarrow as pa

    with hidden("pandas"):
        pa.array([0])


def _orphaned(parent: int) -> None:
    """End this child once its parent is gone (killed -9 mid-night): nobody would read what it
    writes, and the scratch copy it holds is the parent's to remove."""
    while os.getppid() == parent:
        time.sleep(ORPHAN_POLL_S)
    os._exit(1)


def write_handoff(path: Path, value: Any, limit: int = MAX_HANDOFF_BYTES) -> None:
    """Hand `value` (plain Python: records, numbers, text) to the next stage of a night through
    `path` in the night's scratch folder, readable by its owner alone (pickle runs what a file
    says: only this user's own stages may write or read one)."""
    body = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    if len(body) > limit:
        raise InvalidInput(f"a night's handoff of {len(body)} bytes passes its {limit}")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(body)


def read_handoff(path: Path, limit: int = MAX_HANDOFF_BYTES) -> Any:
    """What the previous stage handed over through `path` (write_handoff)."""
    info = path.stat()
    if info.st_size > limit:
        raise InvalidInput(f"a night's handoff of {info.st_size} bytes passes its {limit}")
    if info.st_uid != os.getuid() or info.st_mode & 0o077:
        raise InvalidInput(f"a night's handoff must be its owner's alone: {path}")
    with path.open("rb") as fh:
        return pickle.loads(fh.read())  # noqa: S301 (this user's own stage wrote it, 0600)
