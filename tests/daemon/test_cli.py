"""The CLI against a live daemon, and without one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

RESIDENT = str(Path(sys.executable).with_name("resident"))


def _alone(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RESIDENT_")}
    return subprocess.run([RESIDENT, "--data-dir", str(data_dir), *args], capture_output=True,
                          text=True, timeout=120, env=env)


@pytest.mark.slow
def test_say_facts_why_status_and_tokens(daemon: Any) -> None:
    said = daemon.cli("say", "I'm Pia")
    assert said.returncode == 0 and "Pia" in said.stdout
    assert "resident token" in said.stderr, "a new person's token is announced, not printed"
    told = daemon.cli("say", "--as", "Pia", "--json", "Saffron colours rice")
    turn = json.loads(told.stdout)
    assert turn["person_id"] == "person:pia" and turn["intent"] == "statement"
    facts = daemon.cli("facts", "saffron")
    assert facts.returncode == 0 and "Saffron colours rice" in facts.stdout
    why = daemon.cli("why", "saffron", "colours", "rice")
    assert "interaction:person:pia" in why.stdout
    status = daemon.cli("status", "--json")
    assert json.loads(status.stdout)["session_id"] == daemon.session_id
    token = daemon.cli("token", "Pia")
    assert token.stdout.strip() == daemon.tokens()["people"]["person:pia"]["token"]
    assert daemon.cli("token", "--service").stdout.strip() == daemon.service_token


def test_chat_carries_the_speaker_forward(daemon: Any) -> None:
    chat = daemon.cli("chat", input="I'm Quinn\nNutmeg spices cake\n\n/quit\n")
    assert chat.returncode == 0, chat.stderr
    lines = [line for line in chat.stdout.splitlines() if "MAX:" in line]
    assert len(lines) == 2 and "Quinn" in lines[0]
    assert "interaction:person:quinn" in lines[1], "the second turn was Quinn's"


def test_without_a_daemon(tmp_path: Path) -> None:
    data = tmp_path / "data"
    said = _alone(data, "say", "hello")
    assert said.returncode == 2 and "not up" in said.stderr and "resident up" in said.stderr
    assert "Traceback" not in said.stderr
    status = _alone(data, "status", "--json")
    assert status.returncode == 0 and json.loads(status.stdout)["live"] is False
    assert _alone(data, "migrate").returncode == 0
    facts = _alone(data, "facts", "saffron")
    assert facts.returncode == 0 and "don't know" in facts.stdout
    token = _alone(data, "token", "Pia")
    assert token.returncode == 2 and "not up" in token.stderr
