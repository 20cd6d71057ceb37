"""The event log: append-only JSON lines per session, flushed per event, readable by DuckDB."""

from __future__ import annotations

import fcntl
import json
import os
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import pytest

from resident.clock import ManualClock
from resident.config import EventSettings
from resident.errors import InvalidInput
from resident.events import EventLog, read_events
from resident.session import Session

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _log(tmp_path: Path, policy: str = "always") -> tuple[EventLog, ManualClock]:
    clock = ManualClock(T0)
    session = Session.mint(clock)
    return EventLog(tmp_path / "events", session, EventSettings(fsync=policy), clock), clock


def test_every_event_carries_session_and_correlation(tmp_path: Path) -> None:
    log, clock = _log(tmp_path)
    corr = log.session.new_correlation_id()
    first = log.emit("boot", {"first_boot": True})
    clock.advance(seconds=5)
    second = log.emit("appraisal", {"appraised": "praise"}, corr)
    assert (first.seq, second.seq) == (1, 2)
    assert log.path.name == f"{log.session.session_id}.jsonl"
    lines = [json.loads(x) for x in log.path.read_text().splitlines()]
    assert lines[1] == {
        "session_id": log.session.session_id,
        "correlation_id": corr,
        "seq": 2,
        "kind": "appraisal",
        "occurred_at": "2026-01-01T00:00:05Z",
        "payload": {"appraised": "praise"},
    }
    assert lines[0]["correlation_id"] is None


@pytest.mark.parametrize("policy", ["always", "interval", "never"])
def test_each_event_is_on_disk_before_emit_returns(tmp_path: Path, policy: str) -> None:
    # Another reader sees the line at once, whatever the fsync policy: it is flushed per event.
    log, _ = _log(tmp_path, policy)
    for n in range(3):
        log.emit("tick", {"n": n})
        assert len(log.path.read_text().splitlines()) == n + 1
    log.close()


def test_duckdb_reads_the_log_with_read_json(tmp_path: Path) -> None:
    log, clock = _log(tmp_path)
    corr = log.session.new_correlation_id()
    log.emit("boot", {"restored": {"mood": {"seq": 3, "file": "state/mood.json"}}})
    clock.advance(minutes=1)
    log.emit(
        "appraisal",
        {"appraised": "hostility", "person_id": "person:ana", "impulse": [-0.25, 0.2, -0.1]},
        corr,
    )
    log.emit("shutdown", {"awake_s": 60.0, "mood": None})
    log.close()
    other, _ = _log(tmp_path)  # a second session, a second file
    other.emit("boot", {"first_boot": False})
    other.close()
    pattern = str(tmp_path / "events" / "*.jsonl")
    con = duckdb.connect()
    rows = con.execute(
        "SELECT session_id, correlation_id, seq, kind, occurred_at, payload "
        "FROM read_json(?, format = 'newline_delimited') ORDER BY session_id, seq",
        [pattern],
    ).fetchall()
    assert len(rows) == 4
    assert {r[0] for r in rows} == {log.session.session_id, other.session.session_id}
    by_kind = {(r[0], r[3]): r for r in rows}
    appraisal = by_kind[(log.session.session_id, "appraisal")]
    assert appraisal[1] == corr
    assert appraisal[4].replace(tzinfo=UTC) == datetime(2026, 1, 1, 0, 1, tzinfo=UTC)
    person = con.execute(
        "SELECT payload.person_id FROM read_json(?, format = 'newline_delimited') "
        "WHERE kind = 'appraisal'",
        [pattern],
    ).fetchone()
    assert person == ("person:ana",)
    counts = con.execute(
        "SELECT session_id, count(*) FROM read_json(?, format = 'newline_delimited') "
        "GROUP BY ALL ORDER BY 1",
        [pattern],
    ).fetchall()
    assert sorted(n for _, n in counts) == [1, 3]


def test_a_torn_last_line_is_skipped_and_duckdb_can_ignore_it(tmp_path: Path) -> None:
    log, _ = _log(tmp_path)
    log.emit("a", {"n": 1})
    log.emit("b", {"n": 2})
    log.close()
    with log.path.open("ab") as fh:
        fh.write(b'{"session_id":"01J","kind":"c","pay')
    assert [e.kind for e in read_events(log.path)] == ["a", "b"]
    n = (
        duckdb.connect()
        .execute(
            "SELECT count(*) FROM read_json(?, format = 'newline_delimited', ignore_errors = true) "
            "WHERE kind IS NOT NULL",
            [str(log.path)],
        )
        .fetchone()
    )
    assert n == (2,)


def test_a_bad_line_in_the_middle_is_an_error_not_skipped(tmp_path: Path) -> None:
    log, _ = _log(tmp_path)
    log.emit("a", {})
    with log.path.open("ab") as fh:
        fh.write(b"not an event\n")
    log.emit("b", {})
    log.close()
    with pytest.raises(InvalidInput, match="line 2"):
        list(read_events(log.path))


def test_a_payload_that_is_not_json_is_refused_and_nothing_written(tmp_path: Path) -> None:
    log, _ = _log(tmp_path)
    with pytest.raises(InvalidInput):
        log.emit("bad", {"when": object()})
    with pytest.raises(InvalidInput):
        log.emit("bad", {"x": float("nan")})
    assert log.path.read_text() == ""
    assert log.emit("good", {}).seq == 1


def test_the_log_is_append_only(tmp_path: Path) -> None:
    log, _ = _log(tmp_path)
    log.emit("a", {})
    assert log._fd is not None and fcntl.fcntl(log._fd, fcntl.F_GETFL) & os.O_APPEND
    first = log.path.read_bytes()
    log.emit("b", {})
    assert log.path.read_bytes().startswith(first)
    log.close()
    with pytest.raises(InvalidInput, match="closed"):
        log.emit("c", {})
