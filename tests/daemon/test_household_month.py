"""Household truth maintenance on a real daemon (issue 26): a simulated month of four people
replayed over HTTP with person tokens and `at` times holds the issue's targets, and a person's
token reads their own corrections back through the OpenAI-compatible API and /v1/facts."""

from __future__ import annotations

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


def test_your_own_correction_is_yours_to_read(daemon: Any) -> None:
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
    with daemon.client(marta) as c:
        facts = c.get("/v1/facts", params={"subject": "Lena"}).json()
    assert "Lisbon" in facts["text"] and "Porto" not in facts["text"]
    provenances = {v["claim"]["provenance"] for v in facts["claims"]}
    assert "user_correction:person:marta" in provenances
    with daemon.client(ben) as c:
        his = c.get("/v1/facts", params={"subject": "Lena"}).json()
    assert "Porto" in his["text"] and "Lisbon" not in his["text"]
