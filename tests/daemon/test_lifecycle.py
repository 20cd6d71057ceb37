"""`resident up` from an empty directory to a clean exit, a refused second owner, a restart."""

from __future__ import annotations

import json
import signal
import stat
import time
from typing import Any

import duckdb
import pytest

from resident.memory.schema import SCHEMA_VERSION


@pytest.mark.slow
def test_first_run_second_owner_sigterm_and_restart(start_daemon: Any, tmp_path: Any) -> None:
    data = tmp_path / "fresh"
    first = start_daemon(data)
    # First run on an empty directory made everything.
    assert stat.S_IMODE((data / "tokens.json").stat().st_mode) == 0o600
    assert (data / "graph.duckdb").exists() and (data / "daemon.lock").exists()
    out = first.output()
    assert f"session_id {first.session_id}" in out and f"{first.url}/v1" in out

    intro = first.say("I'm Ana")
    told = first.say("Aspirin treats headache", person="Ana")
    with first.client() as c:
        mood_before = c.get("/v1/state").json()["mood"]

    # A second owner is refused at once, naming the first.
    second = start_daemon(data, ready=False)
    assert second.proc.wait(60) == 2
    refusal = second.output()
    assert "already up" in refusal and str(first.proc.pid) in refusal and first.url in refusal
    assert "Traceback" not in refusal

    # SIGTERM: a clean exit, state flushed, graph checkpointed, daemon.json gone.
    assert first.stop(signal.SIGTERM) == 0
    assert "MAX is down" in first.output()
    assert not (data / "daemon.json").exists()
    assert not (data / "graph.duckdb.wal").exists(), "checkpointed on the way out"
    con = duckdb.connect(str(data / "graph.duckdb"), read_only=True)
    try:
        assert con.execute("SELECT max(version) FROM schema_migrations").fetchone() == (
            SCHEMA_VERSION,
        )
    finally:
        con.close()
    events = [
        json.loads(line)
        for line in (data / "events" / f"{first.session_id}.jsonl").read_text().splitlines()
    ]
    assert events[-1]["kind"] == "shutdown"

    # Restart: only the session_id is new; people, graph and mood came back.
    again = start_daemon(data)
    assert again.session_id != first.session_id
    asked = again.say("What treats headache?", person="Ana")
    assert told["claims"][0]["id"] in [c["id"] for c in asked["claims"]]
    assert again.say("Hello", person=intro["person_id"])["person_id"] == "person:ana"
    with again.client() as c:
        mood_after = c.get("/v1/state").json()["mood"]
    assert mood_after["label"] == mood_before["label"]
    assert again.stop(signal.SIGINT) == 0, "Ctrl-C is as clean as SIGTERM"


@pytest.mark.slow
def test_a_killed_daemon_does_not_block_the_next(start_daemon: Any, tmp_path: Any) -> None:
    data = tmp_path / "killed"
    first = start_daemon(data)
    first.say("I'm Bo")
    assert first.stop(signal.SIGKILL) == -signal.SIGKILL
    assert (data / "daemon.json").exists(), "a killed daemon leaves its file behind"
    second = start_daemon(data)
    assert second.info["pid"] == second.proc.pid
    assert second.say("Hello", person="Bo")["person_id"] == "person:bo"


def test_up_refuses_a_non_loopback_host(start_daemon: Any, tmp_path: Any) -> None:
    daemon = start_daemon(tmp_path / "open", ready=False, env={"RESIDENT_DAEMON__HOST": "0.0.0.0"})
    assert daemon.proc.wait(60) == 2
    assert "daemon.host" in daemon.output() and "loopback" in daemon.output()
    assert not (tmp_path / "open" / "graph.duckdb").exists(), "refused before touching anything"


def test_housekeeping_probes_the_body_beside_turns(start_daemon: Any, tmp_path: Any) -> None:
    daemon = start_daemon(tmp_path / "busy", env={"RESIDENT_DAEMON__HOUSEKEEPING_SECONDS": "0.2"})
    log = daemon.data_dir / "events" / f"{daemon.session_id}.jsonl"
    deadline = time.monotonic() + 60
    kinds: set[str] = set()
    while time.monotonic() < deadline and "body_probe" not in kinds:
        daemon.say("Hello")
        kinds = {json.loads(line)["kind"] for line in log.read_text().splitlines()}
    assert "body_probe" in kinds, "the first round probes every part (none probed yet)"


def test_the_graph_is_checkpointed_when_max_is_quiet(start_daemon: Any, tmp_path: Any) -> None:
    daemon = start_daemon(
        tmp_path / "quiet",
        env={
            "RESIDENT_DAEMON__HOUSEKEEPING_SECONDS": "0.2",
            "RESIDENT_DAEMON__IDLE_CHECKPOINT_SECONDS": "1.0",
        },
    )
    wal = daemon.data_dir / "graph.duckdb.wal"
    daemon.say("I'm Rosa")
    daemon.say("Basil likes sun", person="Rosa")
    assert wal.exists() and wal.stat().st_size > 0, "DuckDB no longer checkpoints on its own"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and wal.exists() and wal.stat().st_size > 0:
        time.sleep(0.1)
    assert not wal.exists() or wal.stat().st_size == 0
