"""The night itself in three child processes (resident.learning.night_process): the graph is read
(and the open proposals reviewed) by one, the learner trains on that plain data in another that
never loads DuckDB or pyarrow, and a third writes what it proposes. What a night learns is what
one process learns; a learner that fails is a typed error, and one whose parent is killed ends
itself; either way the graph and the learner's files are as they were."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from resident.config import Settings
from resident.errors import NightStageFailed
from resident.learning.checkpoint import checkpoint_path
from resident.learning.consolidation import consolidate
from resident.learning.night_process import run_night, settings_json
from resident.memory.duck_store import DuckStore
from tests.learning.learn_probe import NOTE_FILE
from tests.learning.test_consolidation import NOW, _fill, _small_settings
from tests.learning.test_night_process import orphan_ends

pytest.importorskip("torch")
QUIZ = "resident.daemon.quiz_process"
PROBE = "tests.learning.learn_probe"
#: What the learner's process must never load: the graph's engine and its Arrow exchange.
GRAPH_MODULES = ("duckdb", "pyarrow", "pandas")

#: The parent in a fresh interpreter, as a flow run is.
PARENT = """
import json, sys
from datetime import datetime
from resident.config import Settings
from resident.learning.night_process import run_night
from resident.memory.duck_store import DuckStore
s = Settings.model_validate(json.loads(sys.argv[1]))
with DuckStore.open(s) as graph:
    run_night(graph, s, datetime.fromisoformat(sys.argv[2]), sys.argv[3], learn=sys.argv[4])
"""


def _count(store: DuckStore, table: str = "claims") -> int:
    row = store._cur.execute(f"SELECT count(*) FROM {table}").fetchone()
    assert row is not None
    return int(row[0])


def _counts(store: DuckStore) -> tuple[int, int]:
    """Claims, and rows of the replay buffer (the reading stage's harvest writes there)."""
    return _count(store), _count(store, "replay_buffer")


def _filled(settings: Settings, where: Path | None = None) -> Settings:
    s = _small_settings(settings)
    if where is not None:
        s = s.model_copy(update={"data_dir": where})
        where.mkdir()
    with DuckStore.open(s, create=True) as store:
        _fill(store)
    return s


def test_the_learner_never_loads_the_graph_s_modules_and_learns_what_one_process_learns(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    split, one = _filled(settings), _filled(settings, tmp_path / "one")
    with DuckStore.open(one) as store:
        alone = consolidate(store, one, NOW)
    note = tmp_path / "learn.json"
    monkeypatch.setenv(NOTE_FILE, str(note))
    with DuckStore.open(split) as store:
        before = _count(store)
        g = run_night(store, split, NOW, QUIZ, learn=f"{PROBE}:noting_learn")
        after = _count(store)
    got = json.loads(note.read_text())
    loaded = set(got["modules"])
    assert got["pid"] != os.getpid()
    # The learner's process trained (torch and the learner are loaded) without the graph's
    # engine, its Arrow exchange or the graph's modules.
    assert {"torch", "resident.learning.ff", "resident.learning.subsume"} <= loaded
    assert not {m for m in loaded if m.partition(".")[0] in GRAPH_MODULES}
    assert not loaded & {"resident.memory.client", "resident.memory.duck_store"}
    # What it learned is what one process learns, and it reached the graph.
    r = g.report
    assert alone.proposals, "the small graph gives the night something to propose"
    assert (r.version, r.mrr, r.hits10, r.positives, r.held_out) == (
        alone.version,
        alone.mrr,
        alone.hits10,
        alone.positives,
        alone.held_out,
    )
    assert (r.calibration, r.names_calibration) == (alone.calibration, alone.names_calibration)
    assert [(p.triple, p.score, p.trail) for p in r.proposals] == [
        (p.triple, p.score, p.trail) for p in alone.proposals
    ]
    assert (r.duplicates, r.pending, r.history) == (alone.duplicates, alone.pending, alone.history)
    assert (r.buffer_rows, r.replayed) == (alone.buffer_rows, alone.replayed) and r.buffer_rows > 0
    assert g.quiz.stable and g.applied > 0
    assert after == before + len(r.proposals)
    assert checkpoint_path(split.data_dir).exists()
    assert not list(split.data_dir.glob("night-*")), "the scratch copy is gone"


def test_a_learner_that_fails_is_a_typed_error_and_changes_nothing(settings: Settings) -> None:
    s = _filled(settings)
    with DuckStore.open(s) as store:
        before = _counts(store)
        with pytest.raises(NightStageFailed) as caught:
            run_night(store, s, NOW, QUIZ, learn=f"{PROBE}:failing_learn")
        # The reading stage harvested on the scratch copy: none of it came back.
        assert _counts(store) == before
    assert caught.value.stage == "night-learn"
    assert "InvalidInput: the learner's probe refuses to train" in str(caught.value)
    assert not checkpoint_path(s.data_dir).exists()
    assert not list(s.data_dir.glob("night-*")), "the scratch copy is gone"


def test_a_learner_whose_parent_is_killed_ends_and_changes_nothing(
    settings: Settings, tmp_path: Path
) -> None:
    s = _filled(settings)
    with DuckStore.open(s) as store:
        before = _counts(store)
    note = tmp_path / "learn.json"
    argv = [sys.executable, "-c", PARENT, json.dumps(settings_json(s)), NOW.isoformat(), QUIZ]
    parent = subprocess.Popen(
        [*argv, f"{PROBE}:waiting_learn"],
        env={**os.environ, NOTE_FILE: str(note)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )

    # The learner's child runs (the reading stage has harvested): only then the parent dies.
    def running() -> int | None:
        return (
            int(json.loads(note.read_text())["pid"]) if note.exists() and note.read_text() else None
        )

    orphan_ends(parent, running, "learner")
    with DuckStore.open(s) as graph:
        assert _counts(graph) == before
    assert not checkpoint_path(s.data_dir).exists()
