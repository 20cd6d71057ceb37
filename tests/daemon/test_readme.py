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
            argv, input="/quit\n", capture_output=True, text=True, timeout=120,
            env={**{k: v for k, v in os.environ.items() if not k.startswith("RESIDENT_")},
                 "RESIDENT_DATA_DIR": str(data)})
        assert done.returncode == 0, f"{argv[1:]} failed: {done.stdout}{done.stderr}"
        assert "Traceback" not in done.stderr
        outputs[" ".join(argv[1:])] = done.stdout
    # What the session said is what MAX now holds, with its confidence and source.
    facts = outputs["facts aspirin"]
    assert "treats headache" in facts.lower()
    assert "0.30" in facts and "interaction:person:ana" in facts
    assert "interaction:person:ana" in outputs["why aspirin treats headache"]
    assert '"session_id": "' in outputs["status --json"]
