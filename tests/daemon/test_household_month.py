"""Household truth maintenance on a real daemon (issue 26): a simulated month of four people
replayed over HTTP with person tokens and `at` times holds the issue's targets, and a person's
token reads their own corrections back through the OpenAI-compatible API (the openai client and
the `llm` command line), and /v1/facts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import openai

from benchmarks.household_month import build_month, run_daemon_month
from resident.config import load_settings


def test_a_household_month_through_the_daemon_holds_the_targets(
    tmp_path: Path, start_daemon: Callable[..., Any]
) -> None:
    data = tmp_path / "data"
    daemon = start_daemon(data)
    settings = load_settings(data_dir=data, env={})
    # The month ends before now: every turn's `at` is in the past of the daemon's clock.
    month = build_month((datetime.now(UTC) - timedelta(days=31)).replace(microsecond=0))
    assert month.changes >= 8 and month.corrections >= 6 and len(month.contradictions) >= 4
    assert len(month.facts) >= 40 and len(month.greeting_days) >= 20
    scores, played = run_daemon_month(
        daemon.url, daemon.owner_token, daemon.service_token, settings, month
    )
    assert scores.accuracy >= 0.8, scores.wrong
    assert scores.settled_share >= 0.75
    assert scores.questions_asked >= len(month.contradictions)
    assert scores.source_share >= 0.9
    assert scores.max_questions_person_day <= settings.curiosity.questions_per_person_per_day
    assert scores.over_cap == [] and scores.disclosed == []
    assert scores.welcome_back_to_new == 0
    # Greeted as new on the first day, welcomed back later.
    firsts = [reply for turn, reply in played.replies if turn.text.startswith("Hi, I'm")]
    assert firsts and all("nice to meet you" in r for r in firsts)


def _token(daemon: Any, name: str) -> str:
    with daemon.client() as c:
        return str(c.post("/v1/tokens", json={"name": name}).json()["token"])


def _ask_with_llm(url: str, token: str, question: str, home: Path) -> str:
    """`question` through Simon Willison's `llm` command line (the real one, as a person would
    run it) against the daemon's OpenAI-compatible API: a model named in its
    extra-openai-models.yaml, the person's token as that model's key, in a home of its own."""
    home.mkdir()
    model = {"model_id": "max", "model_name": "max", "api_base": f"{url}/v1", "api_key_name": "max"}
    (home / "extra-openai-models.yaml").write_text(json.dumps([model]))  # JSON is YAML
    (home / "keys.json").write_text(json.dumps({"max": token}))
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_")}
    done = subprocess.run(
        [str(Path(sys.executable).parent / "llm"), "-m", "max", "--no-log", question],
        env={**env, "LLM_USER_PATH": str(home)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_your_own_correction_is_yours_to_read(daemon: Any, tmp_path: Path) -> None:
    ben, marta = _token(daemon, "Ben"), _token(daemon, "Marta")
    daemon.say("My sister Lena lives in Porto.", token=ben)
    fixed = daemon.say("No, Lena lives in Lisbon.", token=marta)
    assert fixed["intent"] == "correction"
    # Privacy hides, never blinds: the correction was recognised, Ben's claim not repeated.
    assert "Porto" not in fixed["reply"] and "Ben" not in fixed["reply"]
    with openai.OpenAI(
        base_url=f"{daemon.url}/v1", api_key=marta, max_retries=0, timeout=60
    ) as client:
        done = client.chat.completions.create(
            model="max", messages=[{"role": "user", "content": "Where does Lena live?"}]
        )
    said = done.choices[0].message.content or ""
    assert "Lisbon" in said and "Porto" not in said
    said = _ask_with_llm(daemon.url, marta, "Where does Lena live?", tmp_path / "llm")
    assert "Lisbon" in said and "Porto" not in said
    with daemon.client(marta) as c:
        facts = c.get("/v1/facts", params={"subject": "Lena"}).json()
    assert "Lisbon" in facts["text"] and "Porto" not in facts["text"]
    provenances = {v["claim"]["provenance"] for v in facts["claims"]}
    assert "user_correction:person:marta" in provenances
    with daemon.client(ben) as c:
        his = c.get("/v1/facts", params={"subject": "Lena"}).json()
    assert "Porto" in his["text"] and "Lisbon" not in his["text"]
