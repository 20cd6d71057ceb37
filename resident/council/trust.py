"""What the council trusts, as pure functions: which providers are independent of each other,
what counts as a configured secret in a provider's text (in any common encoding), and how
deeply a provider's JSON may nest before it is refused unread.

A provider is a stranger: everything it sends may be hostile. These rules hold for inputs never
seen here: families are compared by a normal form (not a list of spellings), secrets are found
by their encodings and by their letters and digits alone, nesting is counted in one pass.
"""

from __future__ import annotations

import base64
import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from urllib.parse import quote, quote_plus, urlsplit

from resident.config_council import CouncilProvider, CouncilSettings

#: What a scrubbed secret becomes in a text kept.
MASK = "***"
#: Keys shorter than this are matched only as written: their letters alone would match words.
MIN_ENCODED_SECRET = 8

_WORDS = re.compile(r"[a-z0-9]+")


# -- vendor families ----------------------------------------------------------------------------


@cache
def _families() -> tuple[dict[str, str], frozenset[str]]:
    data = json.loads(
        resources.files("resident.council").joinpath("data/families.json").read_text("utf-8")
    )
    aliases: dict[str, str] = {}
    for family, spellings in data["aliases"].items():
        for spelling in [family, *spellings]:
            aliases["".join(_WORDS.findall(spelling.casefold()))] = family
    return aliases, frozenset(data["suffixes"])


def canonical_family(name: str) -> str:
    """The vendor family as the agreement test counts it: case, spacing, punctuation and
    company suffixes ignored ("OpenAI", " open-ai ", "Open AI Inc" are one), known aliases
    mapped to their maker ("gemini", "Google DeepMind" are "google")."""
    aliases, suffixes = _families()
    words = _WORDS.findall(unicodedata.normalize("NFKC", name).casefold())
    candidates = ["".join(words)]
    while len(words) > 1 and words[-1] in suffixes:
        words = words[:-1]
        candidates.append("".join(words))
    for candidate in candidates:
        if candidate in aliases:
            return aliases[candidate]
    return candidates[-1]


def _endpoint(url: str) -> str:
    parts = urlsplit(url.strip())
    port = parts.port or {"http": 80, "https": 443}.get(parts.scheme.lower(), 0)
    return f"{(parts.hostname or '').lower()}:{port}{parts.path.rstrip('/').lower()}"


def independence(
    providers: Mapping[str, CouncilProvider], env: Mapping[str, str]
) -> dict[str, str]:
    """Each provider's independence group: providers that share a vendor family, a base URL
    (scheme, case, default port and trailing slash aside), a key variable or a key value fall
    in one group, transitively. Agreement counts groups, not providers."""
    parent = {name: name for name in providers}

    def root(name: str) -> str:
        while parent[name] != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    seen: dict[tuple[str, str], str] = {}
    for name, p in sorted(providers.items()):
        key = env.get(p.api_key_env, "").strip()
        marks = [
            ("family", canonical_family(p.family)),
            ("url", _endpoint(p.base_url)),
            ("env", p.api_key_env),
        ] + ([("key", key)] if key else [])
        for mark in marks:
            other = seen.setdefault(mark, name)
            parent[root(name)] = root(other)
    return {name: canonical_family(providers[root(name)].family) for name in sorted(providers)}


# -- secrets ------------------------------------------------------------------------------------


def _base64_cores(raw: bytes) -> list[str]:
    """The part of the key's base64 that is the same wherever it sits in a longer encoded
    string: one per alignment (0, 1, 2 bytes before it), standard and URL-safe alphabets."""
    cores = []
    for shift in range(3):
        encoded = base64.b64encode(b"\0" * shift + raw).decode()
        start = -(-8 * shift // 6)
        end = 8 * (shift + len(raw)) // 6
        core = encoded[start:end]
        cores += [core, core.replace("+", "-").replace("/", "_")]
    return cores


def _skeleton(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKC", text).casefold() if c.isalnum())


class Secrets:
    """Every configured provider's key, found in a text raw, URL-encoded, JSON- or
    hex-escaped, in base64 (any alignment, either alphabet), or spelt out with anything
    between its letters and digits."""

    def __init__(self, values: Iterable[str]) -> None:
        keys = sorted({v.strip() for v in values if v and v.strip()}, key=len, reverse=True)
        exact: set[str] = set()
        folded: set[str] = set()
        self._skeletons: list[str] = []
        for key in keys:
            exact.add(key)
            if len(key) < MIN_ENCODED_SECRET:
                continue
            raw = key.encode("utf-8")
            exact.update({quote(key, safe=""), quote_plus(key), json.dumps(key)[1:-1]})
            exact.update(_base64_cores(raw))
            folded.add(raw.hex())
            self._skeletons.append(_skeleton(key))
        parts = [re.escape(x) for x in sorted(exact, key=len, reverse=True)]
        parts += [f"(?i:{re.escape(x)})" for x in sorted(folded, key=len, reverse=True)]
        self._pattern = re.compile("|".join(parts)) if parts else None

    def __bool__(self) -> bool:
        return self._pattern is not None

    def holds(self, text: str) -> bool:
        if self._pattern is None or not text:
            return False
        if self._pattern.search(text):
            return True
        flat = _skeleton(text)
        return any(s in flat for s in self._skeletons)

    def scrub(self, text: str) -> str:
        """The text with every secret masked; withheld whole when a key is in it in a form
        that cannot be cut out (its letters spread out)."""
        if self._pattern is None or not text:
            return text
        masked = self._pattern.sub(MASK, text)
        flat = _skeleton(masked)
        if any(s in flat for s in self._skeletons):
            return f"[withheld: it held a configured secret, {len(text)} characters]"
        return masked


def configured_secrets(rules: CouncilSettings, env: Mapping[str, str]) -> Secrets:
    """The key of every configured provider, from the environment `env`."""
    return Secrets(env.get(p.api_key_env, "") for p in rules.providers.values())


# -- nesting --------------------------------------------------------------------------------------

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(rb"[\[\]{}]")


def nesting(data: bytes | str) -> int:
    """How deeply the JSON in `data` nests (brackets outside strings), in one linear pass: the
    check that runs before a parser that would recurse on it."""
    raw = data.encode("utf-8", "replace") if isinstance(data, str) else data
    depth = deepest = 0
    for m in _BRACKET.finditer(_STRING.sub(b'""', raw)):
        if m.group() in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth = max(0, depth - 1)
    return deepest
