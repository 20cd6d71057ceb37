"""The council's providers over HTTP: one async httpx client per provider, speaking OpenAI chat
completions, Anthropic Messages or Gemini generateContent, with timeouts, retries on 429, 5xx
and timeouts (Retry-After honoured up to a cap), a per-run budget of calls and tokens, and an
answer cache keyed by question and model.

The key is read from the environment variable the provider names, sent only in the request's
auth header, and scrubbed from every error text that could reach a log, an event or the graph.
"""

from __future__ import annotations

import asyncio
import email.utils
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import httpx
from cachetools import LRUCache

from resident.config import CouncilProvider, CouncilSettings
from resident.council.rules import prompt, read_answer
from resident.errors import CouncilAnswerUnreadable, CouncilProviderFailed
from resident.records import PanelAnswer, Question

ANTHROPIC_VERSION = "2023-06-01"
#: How much of a provider's error message is kept.
MAX_ERROR_CHARS = 300

Sleep = Callable[[float], Awaitable[None]]


@dataclass
class Budget:
    """What one run may spend: HTTP calls (every retry is one) and tokens."""

    max_calls: int
    max_tokens: int
    calls: int = 0
    tokens: int = 0
    cost_usd: float = 0.0

    def can_call(self) -> bool:
        return self.calls < self.max_calls and self.tokens < self.max_tokens

    def can_sit(self, providers: int) -> bool:
        """Room for one more question to every provider (without retries)."""
        return self.calls + providers <= self.max_calls and self.tokens < self.max_tokens


@dataclass(frozen=True)
class Reply:
    text: str
    tokens: int
    #: HTTP calls this reply took (retries included).
    calls: int = 1


def _failed(message: str, calls: int) -> CouncilProviderFailed:
    exc = CouncilProviderFailed(message)
    exc.calls = calls  # type: ignore[attr-defined]
    return exc


def retry_after_seconds(value: str | None, now: datetime) -> float | None:
    """Retry-After as seconds: delta-seconds or an HTTP date; None when absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - now).total_seconds())


def _estimate_tokens(*texts: str) -> int:
    # Without a usage block, about four characters a token.
    return sum(len(t) for t in texts) // 4 + 1


@dataclass
class ProviderClient:
    """One provider: its own AsyncClient, its key from the environment (or none)."""

    name: str
    provider: CouncilProvider
    rules: CouncilSettings
    env: Mapping[str, str]
    sleep: Sleep = asyncio.sleep
    _http: httpx.AsyncClient = field(init=False)
    _key: str | None = field(init=False)

    def __post_init__(self) -> None:
        key = self.env.get(self.provider.api_key_env, "").strip()
        self._key = key or None
        self._http = httpx.AsyncClient(
            base_url=self.provider.base_url.rstrip("/") + "/",
            timeout=httpx.Timeout(self.rules.timeout_s),
            follow_redirects=False,
        )

    @property
    def has_key(self) -> bool:
        return self._key is not None

    async def aclose(self) -> None:
        await self._http.aclose()

    def scrub(self, text: str) -> str:
        """Text with the key taken out (a provider may echo it back in an error)."""
        if self._key:
            text = text.replace(self._key, "***")
        return text[:MAX_ERROR_CHARS]

    # -- the three wire formats -----------------------------------------------------------------

    def _request(self, system: str, user: str) -> tuple[str, dict[str, str], dict[str, Any]]:
        p, key = self.provider, self._key or ""
        limit = self.rules.max_answer_tokens
        if p.wire == "openai":
            return (
                "chat/completions",
                {"Authorization": f"Bearer {key}"},
                {
                    "model": p.model,
                    "messages": [
                        {"role": "system", "content": system},
                        {"role": "user", "content": user},
                    ],
                    "temperature": 0,
                    "max_tokens": limit,
                    "stream": False,
                },
            )
        if p.wire == "anthropic":
            return (
                "v1/messages",
                {"x-api-key": key, "anthropic-version": ANTHROPIC_VERSION},
                {
                    "model": p.model,
                    "max_tokens": limit,
                    "system": system,
                    "temperature": 0,
                    "messages": [{"role": "user", "content": user}],
                    "stream": False,
                },
            )
        return (
            f"v1beta/models/{p.model}:generateContent",
            {"x-goog-api-key": key},
            {
                "systemInstruction": {"parts": [{"text": system}]},
                "contents": [{"role": "user", "parts": [{"text": user}]}],
                "generationConfig": {"temperature": 0, "maxOutputTokens": limit},
            },
        )

    def _read(self, body: Any, system: str, user: str) -> Reply:
        """The reply's text and tokens; ValueError/KeyError/... when the body is not the
        format's response."""
        wire = self.provider.wire
        if wire == "openai":
            text = body["choices"][0]["message"]["content"]
            usage = body.get("usage") or {}
            tokens = usage.get("total_tokens")
        elif wire == "anthropic":
            if body.get("type") != "message":
                raise ValueError("not a message")
            text = "".join(part["text"] for part in body["content"] if part["type"] == "text")
            usage = body.get("usage") or {}
            tokens = (usage["input_tokens"] + usage["output_tokens"]) if usage else None
        else:
            candidate = body["candidates"][0]
            text = "".join(part.get("text", "") for part in candidate["content"]["parts"])
            tokens = (body.get("usageMetadata") or {}).get("totalTokenCount")
        if not isinstance(text, str):
            raise ValueError("no text in the reply")
        if not isinstance(tokens, int) or tokens < 0:
            tokens = _estimate_tokens(system, user, text)
        return Reply(text, tokens)

    @staticmethod
    def _error_message(response: httpx.Response) -> str:
        try:
            body = response.json()
        except ValueError:
            return response.text
        err = body.get("error") if isinstance(body, dict) else None
        if isinstance(err, dict) and isinstance(err.get("message"), str):
            return str(err["message"])
        return response.text

    # -- one question ---------------------------------------------------------------------------

    async def ask(self, system: str, user: str, budget: Budget) -> Reply:
        """The provider's reply, retried on 429, 5xx and timeouts; CouncilProviderFailed
        (its message free of the key) when there is none."""
        if self._key is None:
            raise _failed(f"no key: environment variable {self.provider.api_key_env} is not set", 0)
        path, headers, body = self._request(system, user)
        last = "no attempt made"
        calls = 0
        for attempt in range(self.rules.retries + 1):
            if not budget.can_call():
                raise _failed(
                    f"run budget spent ({budget.calls} calls, {budget.tokens} tokens); {last}",
                    calls,
                )
            budget.calls += 1
            calls += 1
            wait = self.rules.retry_backoff_s * (2**attempt)
            try:
                response = await self._http.post(path, json=body, headers=headers)
            except httpx.TimeoutException:
                last = f"timed out after {self.rules.timeout_s:g} s"
            except httpx.HTTPError as exc:
                last = f"request failed: {type(exc).__name__}"
            else:
                if response.status_code == 200:
                    try:
                        reply = self._read(response.json(), system, user)
                    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
                        raise _failed(
                            f"HTTP 200 but not a {self.provider.wire} response "
                            f"({type(exc).__name__})",
                            calls,
                        ) from None
                    budget.tokens += reply.tokens
                    budget.cost_usd += self.cost(reply.tokens)
                    return Reply(reply.text, reply.tokens, calls)
                message = self.scrub(self._error_message(response))
                last = f"HTTP {response.status_code}: {message}"
                if response.status_code != 429 and response.status_code < 500:
                    raise _failed(last, calls)
                asked = retry_after_seconds(response.headers.get("retry-after"), datetime.now(UTC))
                if asked is not None:
                    if asked > self.rules.max_retry_after_s:
                        raise _failed(
                            f"{last}; Retry-After {asked:g} s is over the "
                            f"{self.rules.max_retry_after_s:g} s cap",
                            calls,
                        )
                    wait = asked
            if attempt < self.rules.retries:
                await self.sleep(wait)
        raise _failed(f"{last} (after {calls} attempts)", calls)

    def cost(self, tokens: int) -> float:
        return tokens / 1000 * self.provider.usd_per_1k_tokens


class Panel:
    """Every configured provider, asked at once; answers cached by question and model."""

    def __init__(
        self, rules: CouncilSettings, env: Mapping[str, str], sleep: Sleep = asyncio.sleep
    ) -> None:
        self.rules = rules
        self.clients = {
            name: ProviderClient(name, p, rules, env, sleep)
            for name, p in sorted(rules.providers.items())
        }
        self._cache: LRUCache[tuple[str, str, str, str], str] = LRUCache(maxsize=rules.cache_size)

    async def aclose(self) -> None:
        await asyncio.gather(*(c.aclose() for c in self.clients.values()))

    async def ask(
        self, question: Question, budget: Budget, known: Mapping[str, PanelAnswer] | None = None
    ) -> list[PanelAnswer]:
        """One answer per provider, in provider-name order. `known`: readable answers to this
        same question from past sittings, by model; those models are not asked again."""
        return list(
            await asyncio.gather(
                *(self._ask_one(c, question, budget, known or {}) for c in self.clients.values())
            )
        )

    async def _ask_one(
        self,
        client: ProviderClient,
        question: Question,
        budget: Budget,
        known: Mapping[str, PanelAnswer],
    ) -> PanelAnswer:
        p = client.provider
        past = known.get(p.model)
        if past is not None and past.readable:
            return past.model_copy(
                update={
                    "provider": client.name,
                    "family": p.family,
                    "calls": 0,
                    "tokens": 0,
                    "cost_usd": 0.0,
                    "cached": True,
                }
            )

        def answer(**fields: Any) -> PanelAnswer:
            return PanelAnswer(provider=client.name, family=p.family, model=p.model, **fields)

        cache_key = (question.key, p.wire, p.base_url, p.model)
        system, user = prompt(question)
        cached = self._cache.get(cache_key)
        if cached is not None:
            text, tokens, calls = cached, 0, 0
        else:
            try:
                reply = await client.ask(system, user, budget)
            except CouncilProviderFailed as exc:
                return answer(error=client.scrub(str(exc)), calls=getattr(exc, "calls", 0))
            text, tokens, calls = reply.text, reply.tokens, reply.calls
        cost = client.cost(tokens)
        try:
            reading = read_answer(text, question.kind)
        except CouncilAnswerUnreadable as exc:
            return answer(
                error=f"unreadable: {exc}",
                calls=calls,
                tokens=tokens,
                cost_usd=cost,
                cached=cached is not None,
            )
        if cached is None:
            self._cache[cache_key] = text
        return answer(
            verdict=reading.verdict,
            value=reading.value,
            reason=client.scrub(reading.reason),
            calls=calls,
            tokens=tokens,
            cost_usd=cost,
            cached=cached is not None,
        )
