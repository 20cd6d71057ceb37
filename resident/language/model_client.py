"""The optional language model: an OpenAI-compatible endpoint that may phrase MAX's replies.

It never decides state or facts (Rule 4). Its wording is checked against the plain rendering:
a number, a mood word, a name or an entity the plain reply did not say, a mood label or claim
it dropped, or a flipped negation, and the plain rendering is used instead.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

import httpx
from cachetools import LRUCache
from pydantic import BaseModel, ConfigDict

from resident.config import LanguageModelSettings, Settings
from resident.errors import LanguageModelError
from resident.language.model_gate import HeldFact, unheld
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Doc

#: Words that state a mood. A phrasing may use one only when the plain reply did; the labels
#: `resident.affect` derives (and any the state report gives) are added per turn.
MOOD_WORDS = words("mood_words")
#: Words that negate: a phrasing must say a "no" where the plain reply did, and only there.
NEGATION_WORDS = words("negation_words")
#: Capitalised words any phrasing may use (MAX's own name, the pronoun I and its forms).
_ALWAYS_CAPITALISED = frozenset({"i", "i'm", "i've", "i'd", "i'll", "max"})
# A sign counts only where it is not a joint inside a token ("-0.15" yes, "2026-01-01" no).
_NUMBER_RE = re.compile(r"(?<![\w.])([-+\u2212]?)(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)")
_WORD_RE = re.compile(r"[A-Za-z][A-Za-z'\u2019-]*")
_SENTENCE_END_RE = re.compile(r"[.!?:;\n]\s*$")

SYSTEM_PROMPT = (
    "You are MAX, our AI resident, a member of this household, speaking to {who}. Rewrite the "
    "reply below in your own natural, warm voice. Keep every number, date, name, mood word "
    "and fact exactly as given; add nothing and leave nothing out. Answer with the rewritten "
    "reply only."
)


class Grounding(BaseModel):
    """What the state and the graph said this turn, for checking a phrasing."""

    model_config = ConfigDict(frozen=True)

    #: Labels from the state report (mood, disposition): a phrasing must keep each one the
    #: plain reply says.
    mood_labels: tuple[str, ...] = ()
    #: Names and objects of the claims the reply rests on: a phrasing must keep them all.
    required: tuple[str, ...] = ()
    #: The held claims the reply rests on (model_gate.py): when given, with a parser, every
    #: fact a phrasing states must be one of them or the plain reply's.
    facts: tuple[HeldFact, ...] | None = None


class Phrasing(BaseModel):
    """What MAX says: the model's wording when it passed the check, else the plain one."""

    model_config = ConfigDict(frozen=True)

    text: str
    by_model: bool
    #: Why the plain rendering was used (no model, an error, or the check that failed).
    reason: str | None = None


def _numbers(text: str) -> set[Decimal]:
    out = set()
    for sign, signed, bare in _NUMBER_RE.findall(text):
        raw = (sign.replace("\u2212", "-") + signed) if signed else bare
        try:
            out.add(Decimal(raw).normalize())
        except InvalidOperation:
            continue
    return out


def _words(text: str) -> list[str]:
    return [w.replace("\u2019", "'").lower() for w in _WORD_RE.findall(text)]


def _capitalised_names(text: str) -> list[str]:
    """Capitalised words not at the start of a sentence: names, places, terms."""
    out = []
    for m in _WORD_RE.finditer(text):
        word = m.group(0)
        before = text[: m.start()]
        at_start = not before.strip() or bool(_SENTENCE_END_RE.search(before))
        if word[:1].isupper() and not at_start and word.lower() not in _ALWAYS_CAPITALISED:
            out.append(word)
    return out


def _negated(words: list[str]) -> bool:
    return any(w in NEGATION_WORDS or w.endswith("n't") for w in words)


def check_phrasing(
    plain: str, wording: str, grounding: Grounding, is_entity: Callable[[str], bool] | None = None
) -> str | None:
    """None when `wording` says what `plain` says and no more; otherwise the reason it does not.

    `is_entity` answers whether a word names something in the graph: a phrasing must not
    bring in an entity the plain reply did not mention.
    """
    if not wording.strip():
        return "the model's reply was empty"
    extra_numbers = _numbers(wording) - _numbers(plain)
    if extra_numbers:
        return f"number {min(extra_numbers)} is not in the plain reply"
    plain_words = _words(plain)
    plain_set = set(plain_words)
    words = _words(wording)
    word_set = set(words)
    vocabulary = MOOD_WORDS | {label.lower() for label in grounding.mood_labels}
    stray_moods = (word_set & vocabulary) - plain_set
    if stray_moods:
        return f"mood word {sorted(stray_moods)[0]!r} is not in the plain reply"
    for label in grounding.mood_labels:
        if label.lower() in plain_set and label.lower() not in word_set:
            return f"mood label {label!r} was dropped"
    lowered = wording.lower()
    for term in grounding.required:
        if term.lower() not in lowered:
            return f"{term!r} was dropped"
    for name in _capitalised_names(wording):
        if name.lower() not in plain_set:
            return f"name {name!r} is not in the plain reply"
    if _negated(words) != _negated(plain_words):
        return "the model's reply flips a negation"
    if is_entity is not None:
        from spacy.lang.en.stop_words import STOP_WORDS

        for word in sorted(word_set - plain_set - STOP_WORDS):
            if len(word) > 2 and is_entity(word):
                return f"{word!r} names something the plain reply did not mention"
    return None


class ModelClient:
    """Chat completions over httpx, with an LRU of responses; safe to share between threads."""

    def __init__(self, settings: LanguageModelSettings, cache_size: int) -> None:
        if not settings.base_url:
            raise LanguageModelError("no language model is configured (language_model.base_url)")
        self.settings = settings
        headers = {}
        key = settings.api_key.get_secret_value()
        if key:
            headers["Authorization"] = f"Bearer {key}"
        self._http = httpx.Client(
            base_url=settings.base_url.rstrip("/") + "/",
            headers=headers,
            timeout=settings.timeout_seconds,
        )
        self._cache: LRUCache[str, str] = LRUCache(maxsize=cache_size)
        self._lock = threading.Lock()
        #: Requests actually sent (cache misses), for tests and the status report.
        self.requests = 0

    @classmethod
    def from_settings(cls, settings: Settings) -> ModelClient | None:
        """The configured client, or None when `language_model.base_url` is empty."""
        if not settings.language_model.base_url:
            return None
        return cls(settings.language_model, settings.caches.language_model_responses)

    def __len__(self) -> int:
        return len(self._cache)

    @property
    def maxsize(self) -> int:
        return int(self._cache.maxsize)

    def close(self) -> None:
        self._http.close()

    def complete(self, messages: list[dict[str, str]]) -> str:
        """The model's answer to these messages, from the cache when asked before.

        Raises LanguageModelError when the endpoint is down, slow, refuses or answers
        something that is not a chat completion.
        """
        key = json.dumps([self.settings.model, messages], sort_keys=True)
        with self._lock:
            hit = self._cache.get(key)
        if hit is not None:
            return hit
        body: dict[str, Any] = {
            "model": self.settings.model,
            "messages": messages,
            "temperature": 0,
            "max_tokens": self.settings.max_tokens,
            "stream": False,
        }
        try:
            with self._lock:
                self.requests += 1
            response = self._http.post("chat/completions", json=body)
            response.raise_for_status()
            content = response.json()["choices"][0]["message"]["content"]
        except httpx.TimeoutException as exc:
            raise LanguageModelError(
                f"language model timed out after {self.settings.timeout_seconds} s"
            ) from exc
        except httpx.HTTPError as exc:
            raise LanguageModelError(f"language model request failed: {exc}") from exc
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise LanguageModelError(
                f"language model reply is not a chat completion: {exc}"
            ) from exc
        if not isinstance(content, str):
            raise LanguageModelError("language model reply has no text content")
        content = content.strip()
        with self._lock:
            self._cache[key] = content
        return content

    def phrase(
        self,
        plain: str,
        grounding: Grounding,
        *,
        who: str = "someone in the house",
        is_entity: Callable[[str], bool] | None = None,
        parse: Callable[[str], Doc] | None = None,
    ) -> Phrasing:
        """The model's wording of `plain` when it passes check_phrasing and, with `parse` and
        `grounding.facts`, the held-claim gate (model_gate.unheld); the plain rendering
        otherwise. Never raises for the model's failures: MAX then speaks plainly."""
        messages = [
            {"role": "system", "content": SYSTEM_PROMPT.format(who=who)},
            {"role": "user", "content": plain},
        ]
        try:
            wording = self.complete(messages)
        except LanguageModelError as exc:
            return Phrasing(text=plain, by_model=False, reason=str(exc))
        problem = check_phrasing(plain, wording, grounding, is_entity)
        if problem is None and parse is not None and grounding.facts is not None:
            problem = unheld(parse(wording), plain, grounding.facts)
        if problem is not None:
            return Phrasing(text=plain, by_model=False, reason=problem)
        return Phrasing(text=wording, by_model=True)
