"""A quizzed night in child processes (resident.learning.night_process): the quiz before, the
night and the quiz after each run in a fresh interpreter of their own, the parent loads neither
the conversation layer nor torch, and the quiz's rule holds as in one process: applied when no
answer changed, rolled back when one did; a child that fails or is killed is a typed error and
leaves the graph and the learner's files as they were."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest

from resident.config import Settings
from resident.errors import NightStageFailed
from resident.learning.checkpoint import checkpoint_path
from resident.learning.consolidation import all_claims, consolidate
from resident.learning.night_process import RestingGraph, run_night, settings_json
from resident.learning.quiz import Journal
from resident.memory.duck_store import DuckStore
from tests.learning.night_probe import PID_FILE
from tests.learning.test_consolidation import NOW, _fill, _small_settings

pytest.importorskip("torch")
QUIZ = "resident.daemon.quiz_process"

#: The parent in a fresh interpreter, as a flow run is: which heavy layers it loaded itself.
PARENT = """
import json, os, sys
from datetime import datetime
from resident.config import Settings
from resident.learning.night_process import run_night
from resident.memory.duck_store import DuckStore
s = Settings.model_validate(json.loads(sys.argv[1]))
with DuckStore.open(s) as graph:
    g = run_night(graph, s, datetime.fromisoformat(sys.argv[2]), sys.argv[3], sys.argv[4])
print(json.dumps({
    "pid": os.getpid(),
    "loaded": sorted(m for m in ("torch", "spacy", "resident.language") if m in sys.modules),
    "stable": g.quiz.stable, "asked": g.quiz.asked, "applied": g.applied,
    "proposals": [p.claim_id for p in g.report.proposals], "version": g.report.version,
}))
"""


def _count(store: DuckStore) -> int:
    row = store._cur.execute("SELECT count(*) FROM claims").fetchone()
    assert row is not None
    return int(row[0])


def test_each_stage_runs_in_its_own_process_and_a_stable_night_is_applied(
    settings: Settings, tmp_path: Path
) -> None:
    s = _small_settings(settings)
    with DuckStore.open(s, create=True) as store:  # closed: the parent below opens it
        _fill(store)
        before = _count(store)
    pid_file = tmp_path / "night.pid"
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            PARENT,
            json.dumps(settings_json(s)),
            NOW.isoformat(),
            QUIZ,
            "tests.learning.night_probe:noting_night",
        ],
        capture_output=True,
        text=True,
        env={**os.environ, PID_FILE: str(pid_file)},
    )
    assert out.returncode == 0, out.stderr[-3000:]
    got = json.loads(out.stdout.strip().splitlines()[-1])
    # The quiz answered (the conversation layer ran) and the night trained (torch ran), but
    # neither in the parent: each stage was a child of its own.
    assert got["loaded"] == []
    assert int(pid_file.read_text()) != got["pid"]
    assert got["stable"] and got["asked"] == 36
    assert got["applied"] > 0
    with DuckStore.open(s) as graph:
        assert _count(graph) == before + len(got["proposals"])
        for claim_id in got["proposals"]:
            assert graph.peek_claim(claim_id).provenance == f"inference:ff@{got['version']}"
    assert checkpoint_path(s.data_dir).exists()
    assert not list(s.data_dir.glob("night-*")), "the scratch copy is gone"


def test_a_night_that_changes_an_answer_is_rolled_back_across_processes(
    store: DuckStore, settings: Settings
) -> None:
    s = _small_settings(settings)
    _fill(store)
    before = _count(store)
    g = run_night(store, s, NOW, QUIZ, "tests.learning.night_probe:careless_night")
    assert not g.quiz.stable and "What is c0?" in g.quiz.changed
    assert g.quiz.asked == 36 and sum(1 for a in g.quiz.before.values() if a.held) >= 30
    assert g.applied == 0 and _count(store) == before
    assert g.report.version == 1, "the report came back from the child all the same"
    assert not checkpoint_path(s.data_dir).exists(), "the learner's files were not kept"


#: Another process opening the graph read-write: DuckDB refuses while a connection holds it.
OPEN = """
import json, sys
from resident.config import Settings
from resident.memory.duck_store import DuckStore
with DuckStore.open(Settings.model_validate(json.loads(sys.argv[1]))) as graph:
    print(graph._cur.execute("SELECT count(*) FROM claims").fetchone()[0])
"""


def _opened_elsewhere(s: Settings) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", OPEN, json.dumps(settings_json(s))], capture_output=True, text=True
    )


def test_the_night_s_graph_lets_go_of_its_file_while_resting_and_reopens_when_used(
    settings: Settings,
) -> None:
    s = _small_settings(settings)
    with DuckStore.open(s, create=True) as store:
        _fill(store)
        before = _count(store)
    graph = RestingGraph(s)
    try:
        first = all_claims(graph)
        assert len(first) == before and not graph.resting
        assert _opened_elsewhere(s).returncode != 0, "the night's child holds the file"
        graph.rest()
        assert graph.resting
        other = _opened_elsewhere(s)
        assert other.returncode == 0, other.stderr[-2000:]
        assert int(other.stdout.split()[-1]) == before
        # The next call opens the graph again and reads what it read before.
        assert all_claims(graph) == first and not graph.resting
    finally:
        graph.close()


class _Counting(RestingGraph):
    opened = 0

    def store(self) -> object:
        self.opened += int(self.resting)
        return super().store()


def test_a_night_rests_its_graph_while_it_trains_and_learns_the_same(
    settings: Settings, tmp_path: Path
) -> None:
    plain = _small_settings(settings)
    resting = plain.model_copy(update={"data_dir": tmp_path / "resting"})
    resting.data_dir.mkdir()
    for s in (plain, resting):
        with DuckStore.open(s, create=True) as store:
            _fill(store)
    with DuckStore.open(plain) as store:
        one = consolidate(Journal(store), plain, NOW)
    graph = _Counting(resting)
    try:
        journal = Journal(graph)
        other = consolidate(journal, resting, NOW)
    finally:
        graph.close()
    # Opened for the reads before training and again for the writes after it.
    assert graph.opened == 2
    assert (other.mrr, other.hits10, other.positives) == (one.mrr, one.hits10, one.positives)
    assert [(p.subject, p.object_entity) for p in other.proposals] == [
        (p.subject, p.object_entity) for p in one.proposals
    ]


@pytest.mark.parametrize(
    ("night", "says"),
    [("failing_night", "InvalidInput: the night's probe refuses"), ("killed_night", "signal 9")],
)
def test_a_child_that_fails_or_is_killed_is_a_typed_error_and_changes_nothing(
    store: DuckStore, settings: Settings, night: str, says: str
) -> None:
    s = _small_settings(settings)
    _fill(store)
    before = _count(store)
    with pytest.raises(NightStageFailed) as caught:
        run_night(store, s, NOW + timedelta(days=1), QUIZ, f"tests.learning.night_probe:{night}")
    assert caught.value.stage == "night" and says in str(caught.value)
    assert _count(store) == before
    assert not checkpoint_path(s.data_dir).exists()
    assert not list(s.data_dir.glob("night-*")), "the scratch copy is gone"


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in state


def orphan_ends(
    parent: subprocess.Popen[bytes], child_pid: Callable[[], int | None], what: str
) -> None:
    """Kill `parent` -9 once `child_pid()` names its waiting child, then wait until that
    orphaned child has ended itself (it looks for its parent every second; the generous bound
    only keeps a broken build from waiting forever)."""
    try:
        while (child := child_pid()) is None:
            assert parent.poll() is None, f"the parent ended before its {what} began"
            time.sleep(0.1)
        os.kill(parent.pid, signal.SIGKILL)
    finally:
        parent.kill()  # a test that failed above leaves no night waiting: it ends with it
        parent.wait()
    deadline = time.monotonic() + 120
    while _alive(child):
        assert time.monotonic() < deadline, f"the orphaned {what} is still running"
        time.sleep(0.1)


def test_a_night_whose_parent_is_killed_ends_and_changes_nothing(
    settings: Settings, tmp_path: Path
) -> None:
    s = _small_settings(settings)
    with DuckStore.open(s, create=True) as store:
        _fill(store)
        before = _count(store)
    pid_file = tmp_path / "night.pid"
    argv = [sys.executable, "-c", PARENT, json.dumps(settings_json(s)), NOW.isoformat(), QUIZ]
    parent = subprocess.Popen(
        [*argv, "tests.learning.night_probe:waiting_night"],
        env={**os.environ, PID_FILE: str(pid_file)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )

    # The night child has written to its scratch graph and waits: only then the parent dies.
    def written() -> int | None:
        return int(pid_file.read_text()) if pid_file.exists() and pid_file.read_text() else None

    orphan_ends(parent, written, "night")
    with DuckStore.open(s) as graph:
        assert _count(graph) == before
    assert not checkpoint_path(s.data_dir).exists()
