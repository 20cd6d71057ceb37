"""Three stand-in providers (OpenAI, Anthropic Messages, Gemini) on 127.0.0.1, one script shared
by all three that a test sets, and the keys in the process environment."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from resident.config import Settings
from resident.config_council import CouncilSettings
from tests.council.standins import (
    KEY_ENV,
    MODELS,
    Behaviour,
    StandIn,
    providers_config,
    verdict,
)


@dataclass
class Council:
    """The stand-ins and the script each wire follows: {wire: fn(question, attempt)}."""

    standins: dict[str, StandIn]
    keys: dict[str, str]
    plan: dict[str, object] = field(default_factory=dict)

    def script(self, **by_wire: object) -> None:
        """Per wire: a Behaviour, a verdict string, or fn(question, attempt) -> Behaviour."""
        self.plan = dict(by_wire)

    def requests(self) -> list[dict[str, object]]:
        return [r for s in self.standins.values() for r in s.requests]

    def settings(self, base: Settings, **rules: object) -> Settings:
        council = CouncilSettings.model_validate(
            {
                "providers": providers_config(self.standins, usd_per_1k_tokens=0.5),
                "timeout_s": 1.0,
                "retry_backoff_s": 0.05,
                "max_retry_after_s": 2.0,
                **rules,
            }
        )
        return base.model_copy(update={"council": council})


@pytest.fixture
def council(monkeypatch: pytest.MonkeyPatch) -> Iterator[Council]:
    # Keys with characters URL encoding and base64 change, as real keys may have.
    keys = {
        wire: f"sk-{secrets.token_hex(12)}/{secrets.token_hex(3)}+{secrets.token_hex(3)}="
        for wire in KEY_ENV
    }
    made = Council({}, keys)

    def follow(wire: str):  # type: ignore[no-untyped-def]
        def script(question: str, attempt: int) -> Behaviour:
            step = made.plan.get(wire, verdict("unknown"))
            if callable(step):
                return step(question, attempt)  # type: ignore[no-any-return]
            if isinstance(step, Behaviour):
                return step
            return Behaviour(text=str(step))

        return script

    for wire, env in KEY_ENV.items():
        monkeypatch.setenv(env, keys[wire])
        made.standins[wire] = StandIn(wire, keys[wire], MODELS[wire], follow(wire)).start()
    yield made
    for s in made.standins.values():
        s.stop()
