"""One durable write per turn (issue 21): a turn that writes the graph (a statement) commits its
claims, its events and the state it changes (mood, drives) in one graph transaction, the WAL's
one fdatasync, and the log file gets the lines without a sync of its own; a turn that writes no
graph (a question: its retrieval bump waits for the graph's next write, memory/retrievals.py)
syncs the log once; "Thanks!" syncs nothing (its lines are handed to the OS before the reply).
Nothing acknowledged is lost to SIGKILL; a turn killed after its one fsync, or after its graph
commit and before its lines reached the log, is recovered whole, each event exactly once."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from resident.clock import ManualClock
from resident.config import Settings, load_settings
from resident.daemon.boot import boot
from resident.events import EVENTS_DIR, read_events
from resident.memory.duck_store import DuckStore
from resident.state.journal import JOURNAL_KIND, newest_envelope
from tests.language.test_conversation import Max

CHILD = Path(__file__).with_name("turn_child.py")
STATEMENT = "My son Jonas plays the violin."
QUESTION = "What does Jonas play?"
THANKS = "Thanks!"


@pytest.fixture
def max_(settings: Settings) -> Iterator[Max]:
    m = Max(settings)
    yield m
    m.close()


def _fsyncs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What each os.fsync from now on syncs (the path of its descriptor)."""
    calls: list[str] = []
    real = os.fsync

    def counting(fd: Any) -> None:
        calls.append(os.readlink(f"/proc/self/fd/{fd}") if isinstance(fd, int) else str(fd))
        real(fd)

    monkeypatch.setattr(os, "fsync", counting)
    return calls


def test_each_kind_of_turn_syncs_once(max_: Max, monkeypatch: pytest.MonkeyPatch) -> None:
    pid = max_.say("Hi, I'm Marta.").person_id
    log = str(max_.resident.events.path)
    mood = max_.resident.emotions.file
    seen: dict[str, list[str]] = {}
    for text in (STATEMENT, QUESTION, THANKS):
        calls = _fsyncs(monkeypatch)
        seq_before = mood.seq
        turn = max_.say(text, pid)
        seen[turn.intent] = calls
        monkeypatch.undo()
        if turn.intent == "praise":
            # The praise moved the mood: its new version is in the file and in the log.
            assert mood.seq == seq_before + 1
            assert mood.load().seq == mood.seq
    assert set(seen) == {"statement", "question", "praise"}, seen
    # No state file syncs itself. The statement's one durable write is the graph's commit
    # (DuckDB's own fdatasync, seen by strace below), the question's the log's fsync; the
    # praise changes only MAX's mood: its lines are written, not synced.
    assert seen == {"statement": [], "question": [log], "praise": []}, seen
    # The statement's events are in the log file all the same, once each, and in the graph's
    # turn_events (the copy boot puts back if a kill kept them from the file).
    events = max_.events()
    seqs = [e.seq for e in events]
    assert len(seqs) == len(set(seqs))
    replied = [e for e in events if e.kind == "turn_replied" and e.payload["intent"] == "statement"]
    assert len(replied) == 1 and replied[0].payload["claim_ids"]
    rows = max_.graph.unlogged_turn_events()[max_.resident.session.session_id]
    assert replied[0].seq in {seq for seq, _ in rows}
    journalled = [e for e in max_.events() if e.kind == JOURNAL_KIND]
    assert journalled, "the praise's mood and drives ride on the log's fsync"
    files = {p["file"] for p in journalled[-1].payload["parts"]}
    assert files == {"mood.json", "drives.json"}


def _child(data_dir: Path, mode: str, *texts: str, tracer: list[str] = ()) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RESIDENT_")}
    return subprocess.Popen(
        [*tracer, sys.executable, str(CHILD), str(data_dir), mode, *texts],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _acks(child: subprocess.Popen[str]) -> list[dict[str, Any]]:
    """The child's acknowledgements, up to "done" or its death."""
    assert child.stdout is not None
    acks = []
    for line in child.stdout:
        if line.strip() == "done":
            break
        acks.append(json.loads(line))
    return acks


def _kill(child: subprocess.Popen[str]) -> None:
    if child.poll() is None:
        # Under a tracer the child is strace: its tracee (MAX) is killed first, not left behind.
        tracees: list[str] = []
        with contextlib.suppress(OSError):
            tracees = Path(f"/proc/{child.pid}/task/{child.pid}/children").read_text().split()
        for pid in tracees:
            with contextlib.suppress(OSError):
                os.kill(int(pid), signal.SIGKILL)
        child.send_signal(signal.SIGKILL)
        child.wait(30)
        for pid in tracees:  # gone (or a zombie: its files, the graph's lock, are released)
            while _alive(pid):
                time.sleep(0.05)
    child.wait(30)


def _open_once_released(settings: Settings) -> DuckStore:
    """The graph, once the killed child's exit has released its lock (a traced process exits
    a moment after its kill)."""
    from resident.errors import GraphBusy

    deadline = time.monotonic() + 120
    while True:
        try:
            return DuckStore.open(settings)
        except GraphBusy:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def _alive(pid: str) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def _syncs_per_turn(trace: str, turns: int) -> list[list[str]]:
    """The fsync and fdatasync calls between each turn's markers, as `call file` strings."""
    out: list[list[str]] = [[] for _ in range(turns)]
    current = None
    for line in trace.splitlines():
        begin = re.search(r"MARK-BEGIN-(\d+)", line)
        if begin:
            current = int(begin.group(1))
            continue
        if re.search(r"MARK-END-\d+", line):
            current = None
            continue
        sync = re.search(r"\b(fsync|fdatasync)\(\d+<([^>]*)>\)", line)
        if sync and current is not None:
            out[current].append(f"{sync.group(1)} {Path(sync.group(2)).name}")
    return out


def _traced_turns(
    settings: Settings, tmp_path: Path, texts: tuple[str, ...]
) -> tuple[list[dict[str, Any]], str]:
    """A real child says `texts` under strace: its acks and the trace (skips where ptrace is
    not allowed)."""
    trace = tmp_path / "strace.txt"
    tracer = ["strace", "-f", "-y", "-e", "trace=fsync,fdatasync,newfstatat,stat", "-o", str(trace)]
    child = _child(settings.data_dir, "ack", *texts, tracer=tracer)
    try:
        acks = _acks(child)
    finally:
        _kill(child)
    if len(acks) != len(texts):
        why = child.stderr.read() if child.stderr else ""
        if "ptrace" in why or "Operation not permitted" in why:
            pytest.skip(f"strace cannot trace here: {why[-300:]}")
        raise AssertionError(f"child ended early: {why[-2000:]}")
    return acks, trace.read_text()


@pytest.mark.skipif(shutil.which("strace") is None, reason="strace is not installed")
def test_strace_counts_one_commit_per_turn(settings: Settings, tmp_path: Path) -> None:
    """Every fsync a real process makes in a turn, DuckDB's own included, seen by strace."""
    texts = (STATEMENT, QUESTION, THANKS, "My birthday is 3 May.", "My birthday is 4 May.")
    acks, trace = _traced_turns(settings, tmp_path, texts)
    assert [a["intent"] for a in acks] == ["statement", "question", "praise", *["statement"] * 2]
    statement, question, thanks, _, conflicting = _syncs_per_turn(trace, len(texts))
    log = next(s for s in question if s.endswith(".jsonl"))
    # A statement: one transaction carrying its claims, events and state journal (DuckDB syncs
    # its write-ahead log once); the log file gets the lines unsynced.
    assert statement == ["fdatasync graph.duckdb.wal"], statement
    # A question: the log alone; its retrieval bump rides on the graph's next write.
    assert question == [log], question
    # "Thanks!": nothing; its mood and drives are in the log's lines, handed to the OS.
    assert thanks == [], thanks
    # A second birthday: the claim, the conflict and the gap it files are three writes, one
    # transaction, one sync.
    assert conflicting == ["fdatasync graph.duckdb.wal"], conflicting
    store = _open_once_released(settings)
    try:
        [conflict] = store.open_conflicts()
        assert conflict.predicate == "birthday"
    finally:
        store.close()


def _reboot(data_dir: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """Boot MAX again on `data_dir`: what he holds, and the boot event's restored report."""
    settings = load_settings(data_dir=data_dir, env={})
    store = DuckStore.open(settings)
    try:
        clock = ManualClock(datetime(2026, 5, 2, tzinfo=UTC))
        again = boot(settings, store, clock, probes={})
        dump = again.dump()
        [booted] = [e for e in read_events(again.events.path) if e.kind == "boot"]
        again.shutdown(clock.now())
    finally:
        store.close()
    held = {"mood": dump["mood"], "drives": dump["drives"], "people": dump["people"]}
    return held, booted.payload["restored"]


def test_sigkill_right_after_an_acknowledged_turn_loses_nothing(settings: Settings) -> None:
    child = _child(settings.data_dir, "ack", STATEMENT, "You are useless", THANKS)
    try:
        acks = _acks(child)
        assert child.poll() is None, "the child should still be awake when it is killed"
    finally:
        _kill(child)
    assert child.returncode == -signal.SIGKILL
    assert [a["intent"] for a in acks] == ["statement", "hostility", "praise"]
    held, restored = _reboot(settings.data_dir)
    last = {k: acks[-1][k] for k in ("mood", "drives", "people")}
    assert held == last
    assert "person:marta" in held["people"]["people"]
    # The praise moved the mood: what came back is the last turn's, not an earlier one.
    assert acks[-1]["mood"] != acks[-2]["mood"]


def test_a_turn_killed_after_its_one_fsync_comes_back_from_the_log(settings: Settings) -> None:
    """Killed between the log's fsync and the state files' replacement: the log holds the
    praise's mood and drives, the files an older version, and boot takes the log's."""
    child = _child(settings.data_dir, "die-before-files", "You are useless", THANKS)
    try:
        acks = _acks(child)
    finally:
        _kill(child)
    assert child.returncode == -signal.SIGKILL
    assert [a["intent"] for a in acks] == ["hostility"], "the praise turn never returned"
    from resident.affect.emotions import mood_file

    on_disk = json.loads(mood_file(settings).path.read_text())
    journalled = newest_envelope(settings.data_dir / EVENTS_DIR, "mood.json")
    assert journalled is not None and journalled["seq"] > on_disk["seq"]
    held, restored = _reboot(settings.data_dir)
    assert restored["mood"]["source"] == "journal" and restored["drives"]["source"] == "journal"
    assert restored["mood"]["seq"] == journalled["seq"]
    assert held["mood"] == journalled["state"]
    assert held["mood"] != acks[-1]["mood"], "the praise's mood, not the hostile turn's"
    assert "person:marta" in held["people"]["people"]


def _log_lines(data_dir: Path) -> list[Any]:
    return [e for path in (data_dir / EVENTS_DIR).glob("*.jsonl") for e in read_events(path)]


def test_a_turn_killed_between_its_graph_commit_and_its_log_append_comes_back_once(
    settings: Settings,
) -> None:
    """The statement's transaction committed its claim and its events, and the process died
    before the lines reached the log file: boot appends them, each exactly once (a second boot
    appends nothing), and the claim is in the graph once."""
    child = _child(settings.data_dir, "die-after-graph-commit", "You are useless", STATEMENT)
    try:
        acks = _acks(child)
    finally:
        _kill(child)
    assert child.returncode == -signal.SIGKILL
    assert [a["intent"] for a in acks] == ["hostility"], "the statement turn never returned"
    [died] = {e.session_id for e in _log_lines(settings.data_dir)}
    before = [e for e in _log_lines(settings.data_dir) if e.session_id == died]
    heard = [e for e in before if e.kind == "turn_heard" and e.payload["intent"] == "statement"]
    assert len(heard) == 1, "the turn's first event was written before its first graph write"
    turn_id = heard[0].correlation_id
    assert not [e for e in before if e.kind == "turn_replied" and e.correlation_id == turn_id]

    for boot_round in range(2):
        _reboot(settings.data_dir)
        logged = [e for e in _log_lines(settings.data_dir) if e.session_id == died]
        seqs = [e.seq for e in logged]
        assert len(seqs) == len(set(seqs)), f"an event came back twice (boot {boot_round + 1})"
        turn = [e.kind for e in logged if e.correlation_id == turn_id]
        assert turn.count("turn_heard") == 1 and turn.count("turn_replied") == 1, turn
        [replied] = [e for e in logged if e.kind == "turn_replied" and e.correlation_id == turn_id]
        # Every event of the died session is back: its seqs run without a gap.
        assert sorted(seqs) == list(range(1, max(seqs) + 1))
    store = DuckStore.open(settings)
    try:
        claim_ids = replied.payload["claim_ids"]
        assert claim_ids and all(store.peek_claim(c).id == c for c in claim_ids)
        assert store.unlogged_turn_events() == {}, "boot deletes the rows it put back"
    finally:
        store.close()


def test_a_checkpoint_interval_of_zero_replaces_the_files_every_turn(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = load_settings(data_dir=data_dir, env={"RESIDENT_EVENTS__STATE_CHECKPOINT_S": "0"})
    m = Max(settings)
    try:
        pid = m.say("Hi, I'm Marta.").person_id
        m.say(THANKS, pid)
        mood = m.resident.emotions.file
        on_disk = json.loads(mood.path.read_text())
        assert on_disk["seq"] == mood.seq
        assert on_disk["state"] == m.resident.dump()["mood"]
    finally:
        m.close()


def test_a_turn_whose_later_write_fails_keeps_none_of_its_writes(
    max_: Max, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DuckDB has no savepoints: a write that fails after the turn's statements were written
    (and that the turn's code goes on past) spoils the turn, which is refused whole at its
    commit, never stored half; the log says so, synced."""
    import duckdb

    from resident.errors import GraphBusy

    pid = max_.say("Hi, I'm Marta.").person_id
    store = max_.graph
    real = store.write_statements

    def then_a_bad_write(*args: Any, **kwargs: Any) -> Any:
        stored = real(*args, **kwargs)
        try:
            with store._tx() as cur:
                cur.execute("INSERT INTO no_such_table VALUES (1)")
        except duckdb.Error:
            pass  # a caller that carries on
        return stored

    monkeypatch.setattr(store, "write_statements", then_a_bad_write)
    claims_before = store.counts()["claims"]
    with pytest.raises(GraphBusy):
        max_.say(STATEMENT, pid)
    monkeypatch.undo()
    assert store.counts()["claims"] == claims_before
    assert max_.events()[-1].kind == "turn_not_stored"
    # The next turn writes as usual.
    turn = max_.say("Tom plays chess.", pid)
    assert turn.claims and store.counts()["claims"] > claims_before


def test_turn_events_rows_go_once_the_log_has_synced_their_lines(
    max_: Max, monkeypatch: pytest.MonkeyPatch
) -> None:
    from resident.memory import turn_store

    monkeypatch.setattr(turn_store, "PRUNE_EVERY", 1)
    pid = max_.say("Hi, I'm Marta.").person_id
    session = max_.resident.session.session_id
    introduced = {seq for seq, _ in max_.graph.unlogged_turn_events()[session]}
    first = max_.say(STATEMENT, pid)
    held = {seq for seq, _ in max_.graph.unlogged_turn_events()[session]}
    assert {e.seq for e in max_.events(first.correlation_id)} <= held
    # The statement's own row stays while its lines are unsynced in the log ...
    max_.say("Tom plays chess.", pid)
    assert held <= {seq for seq, _ in max_.graph.unlogged_turn_events()[session]}
    # ... and goes with the first statement after the log's next sync (the question's).
    max_.say(QUESTION, pid)
    last = max_.say("Lena plays the piano.", pid)
    left = {seq for seq, _ in max_.graph.unlogged_turn_events()[session]}
    # The introduction's row stays too: it carries people.json's new version (replaced
    # unsynced), and no later turn carried a newer one.
    kept = {e.seq for e in max_.events(last.correlation_id)}
    assert introduced and left == kept | introduced
    # Each row held the lines exactly as the log wrote them.
    logged = {e.seq: e for e in max_.events()}
    for seq, line in max_.graph.unlogged_turn_events()[session]:
        assert json.loads(line) == logged[seq].model_dump(mode="json")


INTRODUCTION = "Hi, I'm Ana."
PLAN = "I'm going to visit Lena next week."


@pytest.mark.skipif(shutil.which("strace") is None, reason="strace is not installed")
def test_strace_introductions_and_plans_commit_once(settings: Settings, tmp_path: Path) -> None:
    """people.json, threads.json and spoken.json ride in the turn's graph transaction: a turn
    that meets someone, leaves a plan open, or greets a person again syncs the WAL once and no
    state file (before: 2-5 syncs, each file and its folder)."""
    texts = (INTRODUCTION, PLAN, "Hi, I'm Marta.", "This is my husband Tom.")
    acks, trace = _traced_turns(settings, tmp_path, texts)
    intents = [a["intent"] for a in acks]
    assert intents == ["introduction", "statement", "introduction", "statement"], intents
    per_turn = _syncs_per_turn(trace, len(texts))
    # Meeting Ana (people.json, spoken.json, her entity), Marta's plan (threads.json and its
    # claim), Marta again (seen now, her open thread taken), Tom: one commit each.
    assert per_turn == [["fdatasync graph.duckdb.wal"]] * len(texts), per_turn


def test_an_introduction_and_a_plan_killed_after_their_commit_come_back_from_the_graph(
    settings: Settings,
) -> None:
    """Killed after the graph committed the turn and before people.json, threads.json and the
    log got its new versions: boot writes the files back from the graph's row."""
    text = f"{INTRODUCTION} {PLAN}"
    child = _child(settings.data_dir, "die-after-graph-commit", "You are useless", text)
    try:
        acks = _acks(child)
    finally:
        _kill(child)
    assert child.returncode == -signal.SIGKILL
    assert [a["intent"] for a in acks] == ["hostility"], "the introduction never returned"
    from resident.language.threads import threads_file
    from resident.people.identity import people_file

    before = people_file(settings).load().value
    assert before is not None and "person:ana" not in before.people
    held, _ = _reboot(settings.data_dir)
    assert "person:ana" in held["people"]["people"]
    threads = threads_file(settings).load().value
    assert threads is not None
    [opened] = threads.threads["person:ana"]
    assert (opened.mood, opened.verb) == ("plan", "visit")
    booted = [e for e in _log_lines(settings.data_dir) if e.kind == "turn_state_restored"]
    assert booted and set(booted[-1].payload["files"]) >= {"people.json", "threads.json"}
    # Nothing of what Ana said reached a log (Rule 8): the rows' private lines have no seq.
    logged = "".join(p.read_text() for p in (settings.data_dir / EVENTS_DIR).glob("*.jsonl"))
    assert '"state_file"' not in logged and "visit" not in logged
    store = DuckStore.open(settings)
    try:
        assert store.carried_state() == {}, "boot deletes the rows it restored from"
    finally:
        store.close()


def test_a_row_carrying_a_state_file_stays_until_a_newer_version_is_carried(
    max_: Max, monkeypatch: pytest.MonkeyPatch
) -> None:
    from resident.memory import turn_store

    monkeypatch.setattr(turn_store, "PRUNE_EVERY", 1)
    pid = max_.say("Hi, I'm Marta.").person_id
    assert max_.graph.carried_state()["people.json"]["seq"] == max_.resident.people.file.seq
    for text in (QUESTION, STATEMENT, QUESTION, "Tom plays chess."):
        max_.say(text, pid)
    # Every older row went once the log synced; the newest people.json stays carried.
    carried = max_.graph.carried_state()
    assert carried["people.json"]["seq"] == max_.resident.people.file.seq
    max_.say(INTRODUCTION)
    max_.say(QUESTION, pid)
    max_.say("Lena plays the piano.", pid)
    assert max_.graph.carried_state()["people.json"]["seq"] == max_.resident.people.file.seq
    session = max_.resident.session.session_id
    rows = max_.graph._cur.execute(
        "SELECT count(*) FROM turn_events WHERE session_id = ?", [session]
    ).fetchone()
    assert rows is not None and rows[0] <= 3, "the superseded rows were deleted"


def test_a_snapshot_holds_no_turn_rows(max_: Max, tmp_path: Path) -> None:
    """The rows carry what people said (people.json): a copy for dbt never holds them."""
    max_.say(INTRODUCTION)
    assert max_.graph.carried_state()
    copy = max_.graph.snapshot(tmp_path / "snap.duckdb")
    import duckdb

    con = duckdb.connect(str(copy), read_only=True)
    try:
        assert con.execute("SELECT count(*) FROM turn_events").fetchone() == (0,)
    finally:
        con.close()
