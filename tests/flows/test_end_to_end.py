"""The whole house for real: `resident up` (daemon, Prefect server, flows worker) in a
subprocess, `prefect deployment run` from the command line, the data read back through the
daemon; then flows and conversation turns at once."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from resident.config import Settings, load_settings
from resident.daemon.client import open_graph
from resident.house.prefect import port_free, prefect_env
from resident.memory.remote import RemoteGraph

BIN = Path(sys.executable).parent
UP_TIMEOUT = 300.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class House:
    proc: subprocess.Popen[bytes]
    out: Path
    data_dir: Path
    settings: Settings
    env: dict[str, str]

    def output(self) -> str:
        return self.out.read_text(errors="replace")

    @property
    def info(self) -> dict[str, Any]:
        result: dict[str, Any] = json.loads((self.data_dir / "daemon.json").read_text())
        return result

    def token(self, role: str) -> str:
        return str(json.loads((self.data_dir / "tokens.json").read_text())[role])

    def prefect(self, *args: str, timeout: float = 300.0) -> subprocess.CompletedProcess[str]:
        """The `prefect` CLI, pointed at this house's server the way the README says."""
        return subprocess.run(
            [str(BIN / "prefect"), *args],
            capture_output=True,
            text=True,
            timeout=timeout,
            env={**self.env, **prefect_env(self.settings)},
        )

    def say(self, client: httpx.Client, text: str, person: str | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"text": text} | ({"person": person} if person else {})
        resp = client.post("/v1/converse", json=body)
        assert resp.status_code == 200, resp.text
        result: dict[str, Any] = resp.json()
        return result


@pytest.fixture(scope="module")
def house(tmp_path_factory: pytest.TempPathFactory) -> Iterator[House]:
    data_dir = tmp_path_factory.mktemp("house") / "data"
    data_dir.mkdir()
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RESIDENT_", "PREFECT_"))}
    env["RESIDENT_FLOWS__PREFECT_PORT"] = str(port)
    # Flows read only the inbox and literature.roots: a shelf beside the data directory is one.
    shelf = data_dir.parent / "shelf"
    shelf.mkdir()
    env["RESIDENT_LITERATURE__ROOTS"] = json.dumps([str(shelf)])
    settings = load_settings(data_dir=data_dir, env={"RESIDENT_FLOWS__PREFECT_PORT": str(port)})
    out = data_dir.parent / "up.out"
    with open(out, "wb") as fh:
        proc = subprocess.Popen(
            [str(BIN / "resident"), "--data-dir", str(data_dir), "up", "--port", "0"],
            stdout=fh,
            stderr=subprocess.STDOUT,
            env=env,
        )
    running = House(proc, out, data_dir, settings, env)
    deadline = time.monotonic() + UP_TIMEOUT
    while "flows: flows-worker started" not in running.output():
        if proc.poll() is not None or "FAILED" in running.output() or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"resident up did not bring the house up:\n{running.output()}")
        time.sleep(0.5)
    yield running
    proc.send_signal(signal.SIGTERM)
    try:
        code = proc.wait(120)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    assert code == 0, running.output()
    # Ctrl-C or SIGTERM stops the whole house: the Prefect port is free again.
    assert port_free(port)


@pytest.mark.slow
def test_adhoc_ingest_from_the_cli_lands_through_the_daemon(house: House) -> None:
    output = house.output()
    assert f"prefect-server (UI http://127.0.0.1:{house.settings.flows.prefect_port})" in output
    listed = house.prefect("deployment", "ls")
    assert listed.returncode == 0, listed.stderr
    for name in (
        "decay-stale-facts/nightly",
        "exploration-loop/hourly",
        "ingest/adhoc",
        "snapshot/on-demand",
    ):
        assert name in listed.stdout
    run = house.prefect("deployment", "run", "ingest/adhoc", "-p", "source=hpo-obo", "--watch")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Completed" in run.stdout
    graph = open_graph(house.settings)
    try:
        assert isinstance(graph, RemoteGraph)  # the daemon owns the graph: no embedded open
        assert graph.get_entity("hp:0000118").label == "Phenotypic abnormality"
        assert graph.counts()["entities"] >= 19_484
    finally:
        graph.close()
    worker_log = (house.data_dir / "logs" / "flows-worker.log").read_text(errors="replace")
    assert f"session_id={house.info['session_id']} correlation_id=" in worker_log


@pytest.mark.slow
def test_turns_keep_being_answered_while_a_flow_writes(house: House) -> None:
    graph = RemoteGraph(house.info["url"], house.token("service"))
    before = graph.counts()
    errors: list[str] = []
    told: list[str] = []
    answered: list[float] = []
    run = subprocess.Popen(
        [
            str(BIN / "prefect"),
            "deployment",
            "run",
            "ingest/adhoc",
            "-p",
            "source=geonames-cities15000",
            "--watch",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**house.env, **prefect_env(house.settings)},
    )

    def talk(n: int) -> None:
        name = f"Load Tester {'ABCD'[n]}"
        with httpx.Client(
            base_url=house.info["url"],
            timeout=120,
            headers={"Authorization": f"Bearer {house.token('owner')}"},
        ) as c:
            house.say(c, f"I'm {name}")
            i = 0
            while run.poll() is None or i < 3:
                started = time.monotonic()
                try:
                    turn = house.say(c, f"Amber{n}x{i}ium treats birch{n}x{i}itis", name)
                except (AssertionError, httpx.HTTPError) as exc:
                    errors.append(f"{type(exc).__name__}: {exc}")
                    return
                answered.append(time.monotonic() - started)
                told.extend(claim["id"] for claim in turn["claims"])
                i += 1

    talkers = [threading.Thread(target=talk, args=(n,)) for n in range(4)]
    for t in talkers:
        t.start()
    out, _ = run.communicate(timeout=600)
    for t in talkers:
        t.join(120)
    assert run.returncode == 0, out
    assert errors == []
    print(
        f"{len(answered)} turns answered during the ingest; slowest {max(answered):.2f} s, "
        f"median {sorted(answered)[len(answered) // 2]:.2f} s"
    )
    assert len(told) >= 12 and len(answered) == len(told)
    # No lost write: every city and every claim told during the ingest is in the graph.
    after = graph.counts()
    assert after["entities"] - before["entities"] >= 34_258
    assert after["claims"] - before["claims"] >= 136_024 + len(told)
    assert all(
        graph.peek_claim(claim_id).provenance.startswith("interaction:person:load-tester")
        for claim_id in told
    )
    worker_log = (house.data_dir / "logs" / "flows-worker.log").read_text(errors="replace")
    assert "GraphBusy" not in worker_log and "Conflicting lock" not in worker_log
    graph.close()
