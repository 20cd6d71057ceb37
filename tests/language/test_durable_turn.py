"""One durable write per turn (issue 21): a statement's claims and events commit in one graph
transaction (the log file gets the lines unsynced), a turn that writes no graph syncs the log
once, "Thanks!" syncs nothing; whatever the reply acknowledges survives a kill of the process
when it is returned."""

from __future__ import annotations

import os
from typing import Any

import pytest

from resident.events import read_events
from tests.language.test_conversation import Max


def _log_fsyncs(m: Max, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record each fsync of the event log's file from now on."""
    log_fd = m.resident.events._fd
    calls: list[int] = []
    real = os.fsync

    def counting(fd: Any) -> None:
        if fd == log_fd:
            calls.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", counting)
    return calls


def test_a_turn_syncs_its_events_once(max_: Max, monkeypatch: pytest.MonkeyPatch) -> None:
    pid = max_.say("Hi, I'm Marta.").person_id
    calls = _log_fsyncs(max_, monkeypatch)
    turn = max_.say("Tom loves hiking and he hates cilantro.", pid)
    # heard and replied (and any appraisal): three or more events, committed with the claims
    # in the graph's one transaction, and in the log file unsynced.
    assert calls == []
    kinds = [e.kind for e in max_.events(turn.correlation_id)]
    assert kinds[0] == "turn_heard" and kinds[-1] == "turn_replied"
    rows = max_.graph.unlogged_turn_events()[max_.resident.session.session_id]
    seqs = {e.seq for e in max_.events(turn.correlation_id)}
    assert seqs <= {seq for seq, _ in rows}
    # A question writes no graph: its events cost the log's one fsync.
    max_.say("What does Tom love?", pid)
    assert len(calls) == 1


def test_thanks_costs_no_sync(max_: Max, monkeypatch: pytest.MonkeyPatch) -> None:
    pid = max_.say("Hi, I'm Marta.").person_id
    calls = _log_fsyncs(max_, monkeypatch)
    turn = max_.say("Thanks!", pid)
    assert turn.intent == "praise"
    assert calls == []
    # The appraisal and the reply are in the log file (with the OS) when the turn returns; the
    # next sync takes them to the disk.
    kinds = {e.kind for e in read_events(max_.resident.events.path)}
    assert {"appraisal", "turn_replied"} <= kinds
    max_.resident.events.sync()
    assert len(calls) == 1


def test_a_turn_that_fails_still_syncs_what_it_logged(
    max_: Max, monkeypatch: pytest.MonkeyPatch
) -> None:
    from resident.errors import GraphBusy

    pid = max_.say("Hi, I'm Marta.").person_id

    def busy(*args: Any, **kwargs: Any) -> Any:
        raise GraphBusy("the graph is busy")

    monkeypatch.setattr(max_.graph, "write_statements", busy)
    calls = _log_fsyncs(max_, monkeypatch)
    with pytest.raises(GraphBusy):
        max_.say("Tom loves hiking.", pid)
    assert len(calls) == 1
    assert any(e.kind == "turn_failed" for e in read_events(max_.resident.events.path))
