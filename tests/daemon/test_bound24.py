"""A time bound on a turn's reading, on the real daemon (`resident up` in a subprocess): its
reader made to loop by a start-up hook (tests/daemon/bound24_hook), a turn that loops is
answered honestly within the budget plus generous slack, the daemon answers health checks
meanwhile and serves the next turn, and a kill -9 just after loses nothing acknowledged and
keeps nothing of the abandoned turn."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest

HOOK = Path(__file__).resolve().parent / "bound24_hook"
BUDGET_S = 3.0
#: For a loaded machine: the bound is what is asserted, never a short client timeout.
SLACK_S = 45.0


def _env() -> dict[str, str]:
    path = os.pathsep.join(p for p in (str(HOOK), os.environ.get("PYTHONPATH", "")) if p)
    return {
        "PYTHONPATH": path,
        "RESIDENT_CONVERSATION__READ_BUDGET_S": str(BUDGET_S),
        "RESIDENT_CONVERSATION__READ_BUDGET_S_PER_1000_CHARS": "0",
    }


def _events(data: Path, session_id: str) -> list[dict[str, Any]]:
    log = data / "events" / f"{session_id}.jsonl"
    return [json.loads(line) for line in log.read_text().splitlines()]


@pytest.mark.slow
def test_a_looping_reader_costs_the_daemon_one_turn(start_daemon: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = start_daemon(data, env=_env())
    assert first.say("Tom loves hiking.", person="Marta")["claims"]
    done: dict[str, Any] = {}

    def abandoned_turn() -> None:
        started = time.monotonic()
        done["turn"] = first.say("Quorbel collects maps.", person="Marta")
        done["took"] = time.monotonic() - started

    talking = threading.Thread(target=abandoned_turn)
    talking.start()
    # While the reader loops (a second into its budget), the daemon still answers.
    time.sleep(1.0)
    with first.client() as c:
        assert c.get("/healthz").status_code == 200
    talking.join(BUDGET_S + SLACK_S)
    assert not talking.is_alive(), "the looping turn was never answered"
    turn = done["turn"]
    assert turn["abandoned"] and turn["claims"] == [] and "kept none of it" in turn["reply"]
    assert BUDGET_S <= done["took"] < BUDGET_S + SLACK_S
    # The next turn is served, and knows what was acknowledged before.
    assert first.say("What does Tom love?", person="Marta")["answer"] == "hiking"
    assert not first.say("Lena plays the cello.", person="Marta")["abandoned"]

    assert first.stop(signal.SIGKILL) == -signal.SIGKILL
    heard = [e for e in _events(data, first.session_id) if e["kind"] == "turn_abandoned"]
    assert [e["correlation_id"] for e in heard] == [turn["correlation_id"]]
    assert heard[0]["payload"]["chars"] == len("Quorbel collects maps.")

    second = start_daemon(data, env=_env())
    assert second.say("What does Tom love?", person="Marta")["answer"] == "hiking"
    assert second.say("What does Lena play?", person="Marta")["answer"] == "cello"
    with second.client() as c:
        found = c.get("/v1/claims", params={"subject": "Quorbel"})
    assert found.status_code == 200
    assert found.json()["subjects"] == [] and found.json()["claims"] == []
    assert second.say("What does Quorbel collect?", person="Marta")["answer"] is None
