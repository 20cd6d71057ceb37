"""The README's examples run: the CLI session under "Bringing MAX up" against a real daemon."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

README = Path(__file__).resolve().parents[2] / "README.md"
BIN = Path(sys.executable).parent


def session_commands() -> list[list[str]]:
    """The `.venv/bin/resident ...` lines of the block after "Then, from another terminal"."""
    text = README.read_text(encoding="utf-8")
    block = re.search(r"Then, from another terminal:\s*```sh\n(.*?)```", text, re.S)
    assert block, "the README lost its example session"
    commands = []
    for line in block.group(1).splitlines():
        command = line.split("  #", 1)[0].strip()
        if command.startswith(".venv/bin/resident "):
            argv = shlex.split(command)
            commands.append([str(BIN / "resident"), *argv[1:]])
    return commands


def test_the_readme_session_runs(tmp_path: Path, start_daemon: Callable[..., Any]) -> None:
    commands = session_commands()
    assert len(commands) >= 6
    data = tmp_path / "data"
    start_daemon(data)
    outputs = {}
    for argv in commands:
        done = subprocess.run(
            argv,
            input="/quit\n",
            capture_output=True,
            text=True,
            timeout=120,
            env={
                **{k: v for k, v in os.environ.items() if not k.startswith("RESIDENT_")},
                "RESIDENT_DATA_DIR": str(data),
            },
        )
        assert done.returncode == 0, f"{argv[1:]} failed: {done.stdout}{done.stderr}"
        assert "Traceback" not in done.stderr
        outputs[" ".join(argv[1:])] = done.stdout
    # What the session said is what MAX now holds, with its confidence and source.
    facts = outputs["facts aspirin"]
    assert "treats headache" in facts.lower()
    assert "0.30" in facts and "interaction:person:ana" in facts
    assert "interaction:person:ana" in outputs["why aspirin treats headache"]
    assert '"session_id": "' in outputs["status --json"]


def readme_endpoints() -> list[tuple[str, str]]:
    """(method, path) of each row of the README's HTTP API table."""
    found = []
    for cell in re.findall(r"^\| (`[^|]*)\|", README.read_text(encoding="utf-8"), re.M):
        for method, path in re.findall(r"`(GET|POST) (/[^ `?]*)", cell):
            found.append((method, path))
    return found


def test_every_endpoint_the_readme_lists_is_served(daemon: Any) -> None:
    endpoints = readme_endpoints()
    assert len(endpoints) >= 12, "the README lost its HTTP API table"
    concrete = {"<method>": "counts", "<table>": "entities", "{id}": "no-such-claim"}
    with daemon.client("owner") as c:
        for method, path in endpoints:
            for placeholder, value in concrete.items():
                path = path.replace(placeholder, value)
            resp = c.request(method, path, json={} if method == "POST" else None)
            body = (
                resp.json()
                if resp.headers.get("content-type", "").startswith("application/json")
                else {}
            )
            # A route that does not exist is Starlette's bare 404/405; a served one answers
            # its own way (a result, or a typed error about the input).
            assert resp.status_code != 405, (method, path)
            assert not (resp.status_code == 404 and body.get("message") == "Not Found"), path


def test_every_prefect_command_in_the_readme_names_a_real_deployment() -> None:
    import importlib

    from flows.deployments import deployments
    from resident.config import load_settings

    served = {f"{d.flow_name}/{d.name}": d.entrypoint for d in deployments(load_settings(env={}))}
    text = README.read_text(encoding="utf-8")
    runs = re.findall(r"prefect deployment run '([^']+)'((?: -p \S+)*)", text)
    assert len(runs) >= 5, "the README lost its Prefect examples"
    for name, params in runs:
        assert name in served, f"README runs {name!r}, which no deployment serves"
        module, _, attr = str(served[name]).rpartition(".")
        flow = getattr(importlib.import_module(module), attr)
        for key in re.findall(r"-p (\w+)=", params):
            assert key in flow.parameters.properties, f"{name} takes no parameter {key!r}"
