"""A quizzed night in three child processes, one after another: the quiz before, the night, the
quiz after. Each child starts, does its part on the scratch copy of the graph, writes what it has
to say as plain JSON and exits, so its memory is gone before the next starts: the conversation
layer the quiz boots (spaCy, WordNet) and the learner (torch, training, calibration) are never
resident together, and the parent (the flow run: Prefect, DuckDB, the live graph) loads neither.

The parent makes the snapshot, never opens it (a DuckDB file has one writer: the child holds it),
compares the two quizzes, and only on a stable quiz replays the night's journaled writes on the
live graph and installs the learner's files (resident.learning.quiz, the same rule as in one
process). A child that fails or is killed raises NightStageFailed; the scratch copy is removed
and nothing reached the graph or the learner's files. A child whose parent is killed ends
itself (the live graph was never written: only the parent replays the journal). Children are
fresh interpreters (`python -m`), not forks: none inherits the parent's pages.

Child command line: `python -m <module> <request.json> <result.json>`; the night's child is this
module (`night` names the night function as `module:attribute`), the quiz's is given by the caller
(it boots MAX, which lives above this layer: resident.daemon.quiz_process).
"""

from __future__ import annotations

import ctypes
import gc
import importlib
import json
import os
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, SecretStr

from resident.config import Settings
from resident.errors import NightStageFailed
from resident.hidden_imports import hidden
from resident.learning.checkpoint import CHECKPOINT_DIR
from resident.learning.quiz import (
    Guarded,
    Journal,
    QuizAnswer,
    QuizItem,
    QuizResult,
    compare,
    install,
    scratch_files,
)
from resident.memory.client import GraphStore

#: The night a flow runs: resident.learning.consolidation.consolidate.
CONSOLIDATE = "resident.learning.consolidation:consolidate"
#: Record types a journaled call may carry (rebuilt from JSON by name, nothing else is).
RECORD_MODULE = "resident.records"
#: Lines of a failed child's log quoted in its error.
LOG_LINES = 20
#: How often a child looks whether its parent is still there (seconds).
ORPHAN_POLL_S = 1.0


def run_night(
    graph: GraphStore,
    settings: Settings,
    now: datetime,
    quiz_module: str,
    night: str = CONSOLIDATE,
) -> Guarded:
    """One night on a snapshot of `graph`, quizzed before and after, each stage a child process;
    its writes applied to `graph` and its learner files kept only when no answer changed."""
    from resident.learning.consolidation import NightReport

    with scratch_files(graph, settings, now, "night") as scratch:
        # The parent waits beside each child: DuckDB's cache of what the snapshot copied goes.
        release = getattr(graph, "release_memory", None)
        if release is not None:
            release()
        request = {
            "settings": settings_json(scratch),
            "now": now.isoformat(),
            "parent": os.getpid(),
        }
        first = run_child(quiz_module, {**request, "items": None}, scratch.data_dir, "quiz-before")
        items = [QuizItem.model_validate(i) for i in first["items"]]
        done = run_child(__name__, {**request, "night": night}, scratch.data_dir, "night")
        second = run_child(
            quiz_module,
            {**request, "items": [i.model_dump() for i in items]},
            scratch.data_dir,
            "quiz-after",
        )
        before, after = _answers(first), _answers(second)
        result = QuizResult(
            asked=len(items), changed=compare(before, after), before=before, after=after
        )
        applied = 0
        if result.stable:
            journal = Journal(graph, [decode_call(c) for c in done["calls"]])
            applied = journal.replay_on(graph)
            install(scratch.data_dir / CHECKPOINT_DIR, settings.data_dir / CHECKPOINT_DIR)
        return Guarded(NightReport.model_validate(done["report"]), result, applied)


def _answers(reply: dict[str, Any]) -> dict[str, QuizAnswer]:
    return {q: QuizAnswer.model_validate(a) for q, a in reply["answers"].items()}


def run_child(module: str, request: dict[str, Any], work: Path, stage: str) -> dict[str, Any]:
    """Run `python -m module` on `request` in a fresh interpreter and return its JSON result;
    NightStageFailed when it exits badly, is killed, or leaves no result."""
    req, res, log = (work / f"{stage}.{x}" for x in ("request.json", "result.json", "log"))
    # The request carries the settings (secrets included): only its owner may read it.
    fd = os.open(req, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(request, fh)
    with log.open("wb") as out:
        code = subprocess.call(
            [sys.executable, "-m", module, str(req), str(res)],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=dict(os.environ),
        )
    reply: dict[str, Any] = json.loads(res.read_text("utf-8")) if res.exists() else {}
    if code == 0 and "error" not in reply and res.exists():
        return reply
    if "error" in reply:
        problem = f"{reply['error']['type']}: {reply['error']['message']}"
    elif code < 0:
        problem = f"killed by signal {-code}"
    else:
        problem = f"exit status {code}"
    tail = log.read_text("utf-8", errors="replace").splitlines()[-LOG_LINES:]
    raise NightStageFailed(stage, problem + ("\n" + "\n".join(tail) if tail else ""))


def child_main(handle: Callable[[Settings, datetime, dict[str, Any]], dict[str, Any]]) -> None:
    """A child's whole life: read the request named on the command line, `handle` it, write the
    result (or the error, typed by name) as JSON; exit 0 only on success."""
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


def night_child(settings: Settings, now: datetime, request: dict[str, Any]) -> dict[str, Any]:
    """The night's stage: open the scratch graph, run the night through a journal, hand back
    its report and the journaled writes."""
    module, _, attr = str(request["night"]).partition(":")
    night = getattr(importlib.import_module(module), attr)
    scratch = RestingGraph(settings)
    try:
        journal = Journal(scratch)
        report = night(journal, settings, now)
    finally:
        scratch.close()
    return {
        "report": report.model_dump(mode="json"),
        "calls": [encode_call(c) for c in journal.calls],
    }


class RestingGraph:
    """The scratch graph as the night's child holds it: opened on first use, closed by `rest()`
    while the learner trains (DuckDB's buffers, catalog and connection go, the freed heap is
    given back) and opened again by the next call. The night reads what training needs first
    (resident.learning.consolidation), so DuckDB's connection, buffers and catalog are not held
    beside training's peak (its loaded library's code pages stay: benchmarks/RESULTS-learning.md
    10.5)."""

    def __init__(self, settings: Settings) -> None:
        self._settings = settings
        self._store: Any = None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.store(), name)

    def store(self) -> Any:
        if self._store is None:
            from resident.memory.duck_store import DuckStore

            self._store = DuckStore.open(self._settings)
        return self._store

    @property
    def resting(self) -> bool:
        return self._store is None

    def rest(self) -> None:
        self.close()
        gc.collect()
        trim_heap()

    def close(self) -> None:
        store, self._store = self._store, None
        if store is not None:
            store.close()


def trim_heap() -> None:
    """Hand the heap's free pages back to the system (glibc's malloc_trim; nothing elsewhere)."""
    try:
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):
        return


def settings_json(s: Settings) -> dict[str, Any]:
    """Settings as JSON a child rebuilds with Settings.model_validate: secrets in clear (the
    request file is the owner's alone), paths as text."""
    return dict(json.loads(json.dumps(s.model_dump(mode="python"), default=_plain)))


def _plain(value: Any) -> Any:
    if isinstance(value, SecretStr):
        return value.get_secret_value()
    if isinstance(value, (Path, datetime)):
        return str(value) if isinstance(value, Path) else value.isoformat()
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    raise TypeError(f"not JSON: {type(value).__name__}")


Call = tuple[str, tuple[Any, ...], dict[str, Any]]


def encode_call(call: Call) -> dict[str, Any]:
    name, args, kwargs = call
    return {
        "name": name,
        "args": [_encode(a) for a in args],
        "kwargs": {k: _encode(v) for k, v in kwargs.items()},
    }


def decode_call(data: dict[str, Any]) -> Call:
    return (
        str(data["name"]),
        tuple(_decode(a) for a in data["args"]),
        {k: _decode(v) for k, v in data["kwargs"].items()},
    )


def _encode(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return {"$record": type(value).__name__, "value": value.model_dump(mode="json")}
    if isinstance(value, datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, (list, tuple)):
        return [_encode(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"a journaled write carries {type(value).__name__}, not JSON")


def _decode(value: Any) -> Any:
    if isinstance(value, list):
        return [_decode(v) for v in value]
    if isinstance(value, dict) and "$datetime" in value:
        return datetime.fromisoformat(value["$datetime"])
    if isinstance(value, dict) and "$record" in value:
        kind = getattr(importlib.import_module(RECORD_MODULE), value["$record"], None)
        if not (isinstance(kind, type) and issubclass(kind, BaseModel)):
            raise TypeError(f"not a record type: {value['$record']}")
        return kind.model_validate(value["value"])
    return value


if __name__ == "__main__":
    child_main(night_child)
