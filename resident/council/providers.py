"""The council's providers over HTTP: one async httpx client per provider, speaking OpenAI chat
completions, Anthropic Messages or Gemini generateContent, with timeouts, retries on 429, 5xx
and timeouts (Retry-After honoured up to a cap), a per-run budget of calls and tokens, and an
answer cache keyed by question and model.

Every provider is treated as hostile. An answer is read streaming up to `max_answer_bytes` and
its JSON refused unparsed past `max_answer_depth`; one provider on one question has
`provider_deadline_s` (and the run's deadline) however it stalls; tokens are counted here from
the bytes sent and received (a provider's usage block counts only when it says more), and no
call starts that could take the run past its budget. Each key is read from the environment
variable the provider names and sent only in that provider's auth header; an answer holding
any configured key (in any common encoding) is withheld, and every text kept is scrubbed.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import httpx
from cachetools import LRUCache

from resident.config_council import CouncilProvider, CouncilSettings
from resident.council.rules import prompt, read_answer
from resident.council.trust import (
    Secrets,
    canonical_family,
    configured_secrets,
    independence,
    nesting,
)
from resident.errors import CouncilAnswerUnreadable, CouncilProviderFailed
from resident.records import PanelAnswer, Question

ANTHROPIC_VERSION = "2023-06-01"
#: How much of a provider's error message is kept.
MAX_ERROR_CHARS = 300
#: Bytes a token, for counting what a call costs from what went over the wire.
BYTES_PER_TOKEN = 4
#: Room a call needs past its answer tokens, for the wire format around the answer.
ENVELOPE_TOKENS = 256
WITHHELD = "withheld: the reply held a configured secret"

Sleep = Callable[[float], Awaitable[None]]


def tokens_for(n_bytes: int) -> int:
    """Tokens counted for bytes on the wire (about four bytes a token, rounded up)."""
    return -(-n_bytes // BYTES_PER_TOKEN)


@dataclass
class Budget:
    """What one run may spend: HTTP calls (every retry is one) and tokens, counted here.

    A call reserves the tokens it could spend (its request and the largest answer it will read)
    before it starts; what it did spend is charged when it ends. So calls asked at once cannot
    together overrun the budget, whatever a provider reports."""

    max_calls: int
    max_tokens: int
    calls: int = 0
    tokens: int = 0
    cost_usd: float = 0.0
    reserved: int = 0

    @property
    def room(self) -> int:
        return self.max_tokens - self.tokens - self.reserved

    def can_call(self) -> bool:
        return self.calls < self.max_calls and self.room > 0

    def can_sit(self, providers: int, tokens: int = 0) -> bool:
        """Room for one more question to every provider (without retries): `tokens`, what
        one call to each of them needs at least."""
        return self.calls + providers <= self.max_calls and self.room >= max(tokens, 1)


@dataclass
class Spent:
    """What one provider's answer cost so far (kept when a deadline cuts it off)."""

    calls: int = 0
    tokens: int = 0


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


class _TooLarge(Exception):
    pass


@dataclass
class ProviderClient:
    """One provider: its own AsyncClient, its key from the environment (or none)."""

    name: str
    provider: CouncilProvider
    rules: CouncilSettings
    env: Mapping[str, str]
    sleep: Sleep = asyncio.sleep
    #: Every configured provider's key: what no text from this provider may carry on.
    secrets: Secrets = field(default_factory=lambda: Secrets(()))
    _http: httpx.AsyncClient = field(init=False)
    _key: str | None = field(init=False)

    def __post_init__(self) -> None:
        key = self.env.get(self.provider.api_key_env, "").strip()
        self._key = key or None
        if not self.secrets and self._key:
            self.secrets = Secrets([self._key])
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
        """Text with every configured key taken out (a provider may echo one back), bounded."""
        return self.secrets.scrub(text[: MAX_ERROR_CHARS * 4])[:MAX_ERROR_CHARS]

    def request_tokens(self, system: str, user: str) -> int:
        """What sending this question costs, counted from the request body."""
        return tokens_for(len(self._payload(self._request(system, user)[2])))

    @staticmethod
    def _payload(body: dict[str, Any]) -> bytes:
        return json.dumps(body, ensure_ascii=False).encode("utf-8")

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

    def _read(self, body: Any) -> Reply:
        """The reply's text and the tokens its usage block reports (0 without one);
        ValueError/KeyError/... when the body is not the format's response."""
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
        if not isinstance(tokens, int) or isinstance(tokens, bool) or tokens < 0:
            tokens = 0
        return Reply(text, tokens)

    def _error_message(self, raw: bytes) -> str:
        text = raw[: MAX_ERROR_CHARS * 4].decode("utf-8", "replace")
        if nesting(raw) > self.rules.max_answer_depth:
            return text
        try:
            body = json.loads(raw)
        except ValueError:
            return text
        err = body.get("error") if isinstance(body, dict) else None
        if isinstance(err, dict) and isinstance(err.get("message"), str):
            return str(err["message"])
        return text

    async def _post(
        self, path: str, payload: bytes, headers: dict[str, str], cap: int, got: list[int]
    ) -> tuple[int, dict[str, str], bytes, bool]:
        """(status, headers, body, whole): the body read streaming, at most `cap` bytes
        (`got[0]`: bytes read so far, kept when a timeout or a deadline cuts the read off).
        Raw bytes: an answer is asked uncompressed and one sent compressed anyway is not
        inflated (a few kilobytes of gzip can hold gigabytes); its caller refuses it."""
        async with self._http.stream(
            "POST",
            path,
            content=payload,
            headers={
                **headers,
                "content-type": "application/json",
                "accept-encoding": "identity",
            },
        ) as response:
            declared = response.headers.get("content-length", "")
            chunks: list[bytes] = []
            size = 0
            whole = not (declared.isdigit() and int(declared) > cap)
            if whole:
                async for chunk in response.aiter_raw():
                    size += len(chunk)
                    got[0] = min(size, cap)
                    if size > cap:
                        whole = False
                        break
                    chunks.append(chunk)
            return response.status_code, dict(response.headers), b"".join(chunks), whole

    # -- one question ---------------------------------------------------------------------------

    async def ask(
        self, system: str, user: str, budget: Budget, spent: Spent, share: int | None = None
    ) -> Reply:
        """The provider's reply, retried on 429, 5xx and timeouts; CouncilProviderFailed
        (its message free of every key) when there is none. `share`: the tokens this provider
        may spend on this question (the run's budget shared among those asked at once)."""
        if self._key is None:
            raise _failed(f"no key: environment variable {self.provider.api_key_env} is not set", 0)
        path, headers, body = self._request(system, user)
        payload = self._payload(body)
        last = "no attempt made"
        for attempt in range(self.rules.retries + 1):
            wait = self.rules.retry_backoff_s * (2**attempt)
            outcome = await self._attempt(path, headers, payload, budget, spent, share, last)
            if isinstance(outcome, Reply):
                return Reply(outcome.text, spent.tokens, spent.calls)
            last, retry_after = outcome
            if retry_after is not None:
                wait = retry_after
            if attempt < self.rules.retries:
                await self.sleep(wait)
        raise _failed(f"{last} (after {spent.calls} attempts)", spent.calls)

    def _reserve(
        self, payload: bytes, budget: Budget, spent: Spent, share: int | None, last: str
    ) -> tuple[int, int]:
        """(tokens reserved, answer bytes to read at most) for one call, or the budget's
        refusal: no call starts that could take the run past its budget."""
        sent = tokens_for(len(payload))
        room = budget.room if share is None else min(budget.room, share - spent.tokens)
        need = self.rules.max_answer_tokens + ENVELOPE_TOKENS
        if budget.calls >= budget.max_calls or room - sent < need:
            raise _failed(
                f"run budget spent ({budget.calls} calls, {budget.tokens} tokens; a call "
                f"needs {sent + need} tokens, {max(room, 0)} left); {last}",
                spent.calls,
            )
        cap = min(self.rules.max_answer_bytes, (room - sent) * BYTES_PER_TOKEN)
        return sent + tokens_for(cap), cap

    async def _attempt(
        self,
        path: str,
        headers: dict[str, str],
        payload: bytes,
        budget: Budget,
        spent: Spent,
        share: int | None,
        last: str,
    ) -> Reply | tuple[str, float | None]:
        """One HTTP call: the reply, or (why it failed, Retry-After) when it may be retried;
        CouncilProviderFailed when it may not."""
        reserved, cap = self._reserve(payload, budget, spent, share, last)
        budget.calls += 1
        budget.reserved += reserved
        spent.calls += 1
        got = [0]
        reported = 0
        try:
            try:
                status, rheaders, raw, whole = await self._post(path, payload, headers, cap, got)
            except httpx.TimeoutException:
                return f"timed out after {self.rules.timeout_s:g} s", None
            except httpx.HTTPError as exc:
                return f"request failed: {type(exc).__name__}", None
            if not whole:
                raise _failed(f"HTTP {status}: the answer is over {cap} bytes", spent.calls)
            encoding = rheaders.get("content-encoding", "identity").strip().lower()
            if encoding not in ("", "identity"):
                raise _failed(
                    f"HTTP {status}: a compressed answer ({encoding[:20]}) is refused, "
                    "uncompressed was asked for",
                    spent.calls,
                )
            if status == 200:
                reply = self._reply(raw, spent)
                reported = reply.tokens
                return reply
            message = self.scrub(self._error_message(raw))
            failure = f"HTTP {status}: {message}"
            if status != 429 and status < 500:
                raise _failed(failure, spent.calls)
            asked = retry_after_seconds(rheaders.get("retry-after"), datetime.now(UTC))
            if asked is not None and asked > self.rules.max_retry_after_s:
                raise _failed(
                    f"{failure}; Retry-After {asked:g} s is over the "
                    f"{self.rules.max_retry_after_s:g} s cap",
                    spent.calls,
                )
            return failure, asked
        finally:
            # Charged what the wire carried, or what the provider reports when it says more.
            charged = max(tokens_for(len(payload)) + tokens_for(got[0]), reported)
            budget.reserved -= reserved
            budget.tokens += charged
            budget.cost_usd += self.cost(charged)
            spent.tokens += charged

    def _reply(self, raw: bytes, spent: Spent) -> Reply:
        if nesting(raw) > self.rules.max_answer_depth:
            raise _failed(
                f"HTTP 200 but the JSON nests deeper than {self.rules.max_answer_depth} levels",
                spent.calls,
            )
        try:
            return self._read(json.loads(raw))
        except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
            raise _failed(
                f"HTTP 200 but not a {self.provider.wire} response ({type(exc).__name__})",
                spent.calls,
            ) from None

    def cost(self, tokens: int) -> float:
        return tokens / 1000 * self.provider.usd_per_1k_tokens


class Panel:
    """Every configured provider, asked at once; answers cached by question and model.

    `groups`: each provider's independence group (trust.independence); `secrets`: every
    configured key, which no answer may carry into the house."""

    def __init__(
        self, rules: CouncilSettings, env: Mapping[str, str], sleep: Sleep = asyncio.sleep
    ) -> None:
        self.rules = rules
        self.secrets = configured_secrets(rules, env)
        self.groups = independence(rules.providers, env)
        self.clients = {
            name: ProviderClient(name, p, rules, env, sleep, self.secrets)
            for name, p in sorted(rules.providers.items())
        }
        self._cache: LRUCache[tuple[str, str, str, str], str] = LRUCache(maxsize=rules.cache_size)

    async def aclose(self) -> None:
        await asyncio.gather(*(c.aclose() for c in self.clients.values()))

    def call_tokens(self, question: Question) -> int:
        """Tokens one call to every provider needs at least (request and a full answer)."""
        system, user = prompt(question)
        per_answer = self.rules.max_answer_tokens + ENVELOPE_TOKENS
        return sum(c.request_tokens(system, user) + per_answer for c in self.clients.values())

    async def ask(
        self,
        question: Question,
        budget: Budget,
        known: Mapping[str, PanelAnswer] | None = None,
        deadline: float | None = None,
    ) -> list[PanelAnswer]:
        """One answer per provider, in provider-name order. `known`: readable answers to this
        same question from past sittings, by model; those models are not asked again.
        `deadline`: the event loop's time by which every answer is in or cut off."""
        loop = asyncio.get_running_loop()
        end = loop.time() + self.rules.provider_deadline_s
        if deadline is not None:
            end = min(end, deadline)
        share = budget.room // max(1, len(self.clients))
        return list(
            await asyncio.gather(
                *(
                    self._ask_one(c, question, budget, known or {}, end, share)
                    for c in self.clients.values()
                )
            )
        )

    def _clean(self, answer: PanelAnswer) -> PanelAnswer:
        """The answer as the house may keep it: withheld when what the provider said carries a
        configured key (so two providers echoing one key agree on nothing), every text
        scrubbed."""
        said = [answer.value or "", answer.reason]
        if any(self.secrets.holds(x) for x in said):
            return answer.model_copy(
                update={"verdict": None, "value": None, "reason": "", "error": WITHHELD}
            )
        if answer.error is not None and self.secrets.holds(answer.error):
            return answer.model_copy(update={"error": self.secrets.scrub(answer.error)})
        return answer

    async def _ask_one(
        self,
        client: ProviderClient,
        question: Question,
        budget: Budget,
        known: Mapping[str, PanelAnswer],
        end: float,
        share: int,
    ) -> PanelAnswer:
        p = client.provider
        family = canonical_family(p.family)
        past = known.get(p.model)
        if past is not None and past.readable:
            return self._clean(
                past.model_copy(
                    update={
                        "provider": client.name,
                        "family": family,
                        "calls": 0,
                        "tokens": 0,
                        "cost_usd": 0.0,
                        "cached": True,
                    }
                )
            )
        spent = Spent()

        def answer(**fields: Any) -> PanelAnswer:
            return self._clean(
                PanelAnswer(
                    provider=client.name,
                    family=family,
                    model=p.model,
                    calls=spent.calls,
                    tokens=spent.tokens,
                    cost_usd=client.cost(spent.tokens),
                    **fields,
                )
            )

        cache_key = (question.key, p.wire, p.base_url, p.model)
        system, user = prompt(question)
        cached = self._cache.get(cache_key)
        if cached is not None:
            text = cached
        else:
            left = end - asyncio.get_running_loop().time()
            try:
                if left <= 0:
                    raise TimeoutError
                reply = await asyncio.wait_for(client.ask(system, user, budget, spent, share), left)
            except TimeoutError:
                return answer(
                    error=f"no answer within the deadline ({max(left, 0.0):.1f} s left of "
                    f"provider_deadline_s {self.rules.provider_deadline_s:g} and the run's)"
                )
            except CouncilProviderFailed as exc:
                return answer(error=client.scrub(str(exc)))
            text = reply.text
        if self.secrets.holds(text):
            return answer(error=WITHHELD, cached=cached is not None)
        if nesting(text) > self.rules.max_answer_depth:
            return answer(
                error=f"unreadable: the reply nests deeper than {self.rules.max_answer_depth} "
                "levels",
                cached=cached is not None,
            )
        try:
            reading = read_answer(text, question.kind)
        except CouncilAnswerUnreadable as exc:
            return answer(error=client.scrub(f"unreadable: {exc}"), cached=cached is not None)
        if cached is None:
            self._cache[cache_key] = text
        return answer(
            verdict=reading.verdict,
            value=reading.value,
            reason=self.secrets.scrub(reading.reason),
            cached=cached is not None,
        )
