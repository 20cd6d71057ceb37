"""The three wire formats against real HTTP servers on 127.0.0.1: requests as each API wants
them, answers read, retries on 429 (Retry-After honoured) and 5xx, timeouts, garbage, the
budget, the cache, and the key never leaving the auth header."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from resident.config import Settings
from resident.council.providers import WITHHELD, Budget, Panel, retry_after_seconds
from resident.council.rules import render_question
from resident.records import PanelAnswer, Verdict
from tests.council.conftest import Council
from tests.council.standins import KEY_ENV, Behaviour, verdict

Q = render_question("rxnorm:1191", "dose", {"rxnorm:1191": "Aspirin"})


def ask(
    settings: Settings,
    budget: Budget | None = None,
    env: dict[str, str] | None = None,
    panel: Panel | None = None,
) -> list[PanelAnswer]:
    import os

    async def run() -> list[PanelAnswer]:
        p = panel or Panel(settings.council, os.environ if env is None else env)
        try:
            return await p.ask(Q, budget or Budget(100, 100_000))
        finally:
            if panel is None:
                await p.aclose()

    return asyncio.run(run())


def by(answers: list[PanelAnswer]) -> dict[str, PanelAnswer]:
    return {a.provider: a for a in answers}


def test_each_wire_format_round_trip(settings: Settings, council: Council) -> None:
    council.script(
        openai=verdict("value", value="325 mg"),
        anthropic="Here you go: " + verdict("value", value="325 MG"),
        gemini="```json\n" + verdict("value", value="325 mg.") + "\n```",
    )
    answers = by(ask(council.settings(settings)))
    assert {w: (a.verdict, a.value) for w, a in answers.items()} == {
        "openai": (Verdict.VALUE, "325 mg"),
        "anthropic": (Verdict.VALUE, "325 MG"),
        "gemini": (Verdict.VALUE, "325 mg."),
    }
    # Tokens are counted from the bytes on the wire (about four a token), not the usage block
    # (80 here), whichever says more.
    for wire, a in answers.items():
        standin = council.standins[wire]
        assert a.calls == 1 and a.tokens == -(-standin.bytes_in // 4) - (-standin.bytes_out // 4)
        assert a.tokens > 80
    assert answers["openai"].cost_usd == pytest.approx(answers["openai"].tokens / 1000 * 0.5)
    oa, an, ge = (council.standins[w].requests[0] for w in ("openai", "anthropic", "gemini"))
    assert oa["path"] == "/v1/chat/completions" and oa["body"]["stream"] is False
    assert [m["role"] for m in oa["body"]["messages"]] == ["system", "user"]
    assert an["path"] == "/v1/messages" and an["headers"]["anthropic-version"] == "2023-06-01"
    assert an["body"]["max_tokens"] == 300 and isinstance(an["body"]["system"], str)
    assert ge["path"] == "/v1beta/models/gemini-standin:generateContent"
    assert ge["body"]["generationConfig"]["maxOutputTokens"] == 300
    # The key travels only in each format's auth header, never in a body or a URL.
    for wire, r in (("openai", oa), ("anthropic", an), ("gemini", ge)):
        assert council.keys[wire] not in json.dumps(r["body"]) + r["path"]


def test_rate_limit_honours_retry_after(settings: Settings, council: Council) -> None:
    council.script(
        openai=lambda q, n: (
            Behaviour(status=429, retry_after="1") if n == 0 else Behaviour(text=verdict("unknown"))
        ),
        anthropic=lambda q, n: (
            Behaviour(status=529) if n == 0 else Behaviour(text=verdict("unknown"))
        ),
        gemini=lambda q, n: Behaviour(status=500) if n < 2 else Behaviour(text=verdict("unknown")),
    )
    started = time.monotonic()
    answers = by(ask(council.settings(settings)))
    assert time.monotonic() - started >= 0.95  # the one-second Retry-After was waited out
    assert {w: (a.readable, a.calls) for w, a in answers.items()} == {
        "openai": (True, 2),
        "anthropic": (True, 2),
        "gemini": (True, 3),
    }


def test_failures_count_for_nothing(settings: Settings, council: Council) -> None:
    council.script(
        openai=Behaviour(status=429, retry_after="120"),
        anthropic=Behaviour(status=500),
        gemini=Behaviour(delay=1.5, text=verdict("unknown")),
    )
    answers = by(ask(council.settings(settings, retries=1)))
    assert all(not a.readable for a in answers.values())
    assert "over the 2 s cap" in str(answers["openai"].error) and answers["openai"].calls == 1
    assert "HTTP 500" in str(answers["anthropic"].error) and answers["anthropic"].calls == 2
    assert "timed out" in str(answers["gemini"].error) and answers["gemini"].calls == 2


@pytest.mark.parametrize(
    "raw",
    [
        b"<html>bad gateway</html>",
        b'{"choices": []}',
        b'{"type": "message", "content": "x"}',
        b"{}",
    ],
)
def test_garbage_bodies_are_refused(settings: Settings, council: Council, raw: bytes) -> None:
    council.script(
        openai=Behaviour(raw=raw), anthropic=Behaviour(raw=raw), gemini=Behaviour(raw=raw)
    )
    answers = ask(council.settings(settings))
    assert all(a.error and "not a" in a.error and a.calls == 1 for a in answers)


def test_unreadable_text_is_refused(settings: Settings, council: Council) -> None:
    council.script(
        openai="I would rather not say.",
        anthropic='{"verdict": "maybe"}',
        gemini='{"verdict": "value"}',
    )
    answers = ask(council.settings(settings))
    assert all(a.error and a.error.startswith("unreadable") for a in answers)


def test_wrong_or_missing_key(
    settings: Settings, council: Council, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(KEY_ENV["openai"], "sk-wrong")
    monkeypatch.delenv(KEY_ENV["anthropic"])
    council.script(gemini=verdict("unknown"))
    answers = by(ask(council.settings(settings)))
    assert "HTTP 401: Incorrect API key provided." in str(answers["openai"].error)
    assert answers["openai"].calls == 1  # a 401 is not retried
    assert answers["anthropic"].error == (
        f"no key: environment variable {KEY_ENV['anthropic']} is not set"
    )
    assert not council.standins["anthropic"].requests  # nothing sent without a key
    assert answers["gemini"].readable


def test_a_key_echoed_back_is_scrubbed(settings: Settings, council: Council) -> None:
    key = council.keys["openai"]
    council.script(openai=f'{{"verdict": "unknown", "reason": "your key {key} is great"}}')
    answer = by(ask(council.settings(settings)))["openai"]
    # An answer that carries a key is withheld whole: it counts for nothing.
    assert key not in answer.model_dump_json() and not answer.readable
    assert answer.error == WITHHELD and answer.reason == ""


def test_budget_and_cache(settings: Settings, council: Council) -> None:
    import os

    council.script(
        openai=verdict("unknown"), anthropic=verdict("unknown"), gemini=Behaviour(status=500)
    )
    s = council.settings(settings, retries=5)
    budget = Budget(max_calls=4, max_tokens=10_000)
    answers = by(ask(s, budget))
    assert budget.calls == 4  # two answers, then gemini's retries stop at the budget
    assert "budget spent" in str(answers["gemini"].error)

    async def twice() -> tuple[list[PanelAnswer], int]:
        panel = Panel(s.council, os.environ)
        try:
            await panel.ask(Q, Budget(100, 100_000))
            sent = len(council.requests())
            again = await panel.ask(Q, Budget(100, 100_000))
            return again, len(council.requests()) - sent
        finally:
            await panel.aclose()

    again, extra = asyncio.run(twice())
    assert by(again)["openai"].cached and by(again)["openai"].calls == 0
    assert extra == 6  # only gemini, never answered, was asked again (6 attempts)


def test_retry_after_as_http_date() -> None:
    from datetime import UTC, datetime

    now = datetime(2026, 5, 1, 12, 0, 0, tzinfo=UTC)
    assert retry_after_seconds("Fri, 01 May 2026 12:00:05 GMT", now) == 5.0
    assert retry_after_seconds("3", now) == 3.0
    assert retry_after_seconds("soon", now) is None
