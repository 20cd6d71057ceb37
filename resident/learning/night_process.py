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

The night itself is three children, one after another, so the learner never holds the graph:
`night-read` opens the scratch graph, reads what training needs, harvests the day's experience
and reviews the open proposals (resident.learning.consolidation.prepare); `night-learn` trains,
evaluates, calibrates and chooses on that plain data without DuckDB or pyarrow
(resident.learning.night_learn); `night-write` opens the graph again and writes the proposals and
duplicate candidates (consolidation.finish). Each hands the next plain data through a file in the
scratch folder, its owner's alone (resident.learning.child). The journal the parent replays is
the reading stage's writes, then the writing stage's: the order of one process's night.

Child command line: `python -m <module> <request.json> <result.json>`; the night's graph stages
are this module, the learner's is resident.learning.night_learn, the quiz's is given by the
caller (it boots MAX, which lives above this layer: resident.daemon.quiz_process). A test may
name a whole night function instead (`night`, `module:attribute`: one stage, `night`).
"""

from __future__ import annotations

import ctypes
import gc
import importlib
import json
import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, SecretStr

from resident.config import Settings
from resident.errors import NightStageFailed
from resident.learning.checkpoint import CHECKPOINT_DIR
from resident.learning.child import child_main as child_main  # the quiz's child runs it too
from resident.learning.child import read_handoff, write_handoff
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

#: The learner's stage (resident.learning.night_learn).
LEARNER = "resident.learning.night_learn"
#: Record types a journaled call may carry (rebuilt from JSON by name, nothing else is).
RECORD_MODULE = "resident.records"
#: Lines of a failed child's log quoted in its error.
LOG_LINES = 20


def run_night(
    graph: GraphStore,
    settings: Settings,
    now: datetime,
    quiz_module: str,
    night: str | None = None,
    learn: str | None = None,
) -> Guarded:
    """One night on a snapshot of `graph`, quizzed before and after, each stage a child process;
    its writes applied to `graph` and its learner files kept only when no answer changed.
    `night`: a whole night function run as one stage instead of the three; `learn`: the learning
    function the learner's stage runs (resident.learning.night_learn.learn); both
    `module:attribute`, for the tests' probes."""
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
        if night is None:
            done = run_stages(request, scratch.data_dir, learn)
        else:
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


def run_stages(request: dict[str, Any], work: Path, learn: str | None) -> dict[str, Any]:
    """The night as three children (the module docstring): its report and journaled writes."""
    files = {"input": str(work / "night.input.pkl"), "learned": str(work / "night.learned.pkl")}
    read = run_child(__name__, {**request, **files, "stage": "read"}, work, "night-read")
    run_child(LEARNER, {**request, **files, "learn": learn}, work, "night-learn")
    write = run_child(__name__, {**request, **files, "stage": "write"}, work, "night-write")
    return {"report": write["report"], "calls": read["calls"] + write["calls"]}


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


def night_child(settings: Settings, now: datetime, request: dict[str, Any]) -> dict[str, Any]:
    """A graph stage of the night on the scratch graph, through a journal: the reading stage
    (its input for the learner to a file), the writing stage (the learner's result from a file;
    the night's report), or a whole night function a test names; the journaled writes back."""
    from resident.learning.consolidation import finish, prepare

    scratch = RestingGraph(settings)
    journal = Journal(scratch)
    reply: dict[str, Any] = {}
    try:
        if "night" in request:
            module, _, attr = str(request["night"]).partition(":")
            report = getattr(importlib.import_module(module), attr)(journal, settings, now)
            reply["report"] = report.model_dump(mode="json")
        elif request["stage"] == "read":
            write_handoff(Path(request["input"]), prepare(journal, settings, now))
        else:
            inp, learned = (read_handoff(Path(request[k])) for k in ("input", "learned"))
            report = finish(journal, inp, learned, settings, now)
            reply["report"] = report.model_dump(mode="json")
    finally:
        scratch.close()
    return {**reply, "calls": [encode_call(c) for c in journal.calls]}


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
