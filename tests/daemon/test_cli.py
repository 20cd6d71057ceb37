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
    return subprocess.run(
        [RESIDENT, "--data-dir", str(data_dir), *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


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


def test_version_and_migrate_with_the_data_dir_after_the_command(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RESIDENT_")}
    version = subprocess.run(
        [RESIDENT, "--version"], capture_output=True, text=True, timeout=60, env=env
    )
    assert version.returncode == 0 and version.stdout.startswith("resident, version ")
    data_dir = tmp_path / "after"
    data_dir.mkdir()
    migrated = subprocess.run(
        [RESIDENT, "migrate", "--data-dir", str(data_dir)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert migrated.returncode == 0, migrated.stderr
    assert (data_dir / "graph.duckdb").exists()
    assert "graph schema at version" in migrated.stdout


TINY_OBO = """format-version: 1.2
data-version: hp/releases/2025-01-16
ontology: hp.obo

[Term]
id: HP:0000001
name: All

[Term]
id: HP:0000118
name: Phenotypic abnormality
is_a: HP:0000001
"""


def test_ingest_from_the_cli_twice_changes_nothing_the_second_time(tmp_path: Path) -> None:
    source = tmp_path / "tiny.obo"
    source.write_text(TINY_OBO)
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    first = _alone(data_dir, "ingest", str(source))
    assert first.returncode == 0, first.stderr
    assert "entities +2 ~0 =0; claims +1 ~0 =0" in first.stdout
    again = _alone(data_dir, "ingest", "--quiet", str(source))
    assert "entities +0 ~0 =2; claims +0 ~0 =1" in again.stdout
    broken = tmp_path / "broken.obo"
    broken.write_text(TINY_OBO + "[Term]\nid: HP:0000002\nno colon here\n")
    refused = _alone(data_dir, "ingest", str(broken))
    assert refused.returncode != 0 and "line" in refused.stderr
    assert "Traceback" not in refused.stderr
