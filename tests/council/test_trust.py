"""The council's trust rules as pure functions: a configured key found in any common encoding
and wherever it sits, innocent text left alone, nesting counted without parsing, families
compared by a normal form that holds for names no list has."""

from __future__ import annotations

import base64
import json
from urllib.parse import quote, quote_plus

import pytest

from resident.council.trust import MASK, Secrets, canonical_family, nesting

KEY = "sk-proj-3f9a0c7e/b21d+e84a=9c"
OTHER = "AIzaSyB-4kq_x7W2mN9pQ"


def hidden_forms(key: str) -> list[str]:
    raw = key.encode()
    out = [
        key,
        quote(key, safe=""),
        quote_plus(key),
        json.dumps(key)[1:-1],
        raw.hex(),
        raw.hex().upper(),
        " ".join(key),  # spelt out
        "\u200b".join(key),  # zero-width spaces between the characters
    ]
    # base64 at every alignment inside a longer encoded string, both alphabets, padded or not.
    for prefix in (b"", b"B", b"Be", b"Bearer "):
        enc = base64.b64encode(prefix + raw + b"!").decode()
        out += [enc, enc.rstrip("="), base64.urlsafe_b64encode(prefix + raw).decode()]
    return out


@pytest.mark.parametrize("form", hidden_forms(KEY))
def test_a_key_is_found_in_every_form(form: str) -> None:
    secrets = Secrets([KEY, OTHER])
    text = f"error: upstream said <{form}> and stopped"
    assert secrets.holds(text)
    scrubbed = secrets.scrub(text)
    assert not secrets.holds(scrubbed)
    assert KEY not in scrubbed and form not in scrubbed
    assert MASK in scrubbed or scrubbed.startswith("[withheld")


def test_innocent_text_is_left_alone() -> None:
    secrets = Secrets([KEY, OTHER, "", "   "])
    text = "The usual adult dose is 325 mg every 4 hours; sk- keys look like sk-xxxx."
    assert not secrets.holds(text) and secrets.scrub(text) == text
    assert not Secrets([]) and Secrets([]).scrub(text) == text


def test_a_short_key_is_matched_only_as_written() -> None:
    secrets = Secrets(["abc12"])
    assert secrets.holds("x abc12 y") and secrets.scrub("x abc12 y") == f"x {MASK} y"
    # Its letters alone would match ordinary words: not looked for spelt out.
    assert not secrets.holds("a b c 1 2")


def test_nesting_is_counted_outside_strings() -> None:
    assert nesting(b'{"a": [1, {"b": 2}]}') == 3
    assert nesting('{"text": "[[[[[[ {{{{ \\" ]]]"}') == 1
    assert nesting("[" * 5000) == 5000
    assert nesting("no json here") == 0


@pytest.mark.parametrize(
    ("a", "b"),
    [("Mistral AI", "mistral"), ("Acme Labs, Inc.", "acme"), ("x.ai", "Grok"), ("META", "llama")],
)
def test_families_by_normal_form(a: str, b: str) -> None:
    assert canonical_family(a) == canonical_family(b)


def test_different_families_stay_different() -> None:
    names = ["openai", "anthropic", "google", "mistral", "meta", "acme", "cohere"]
    assert len({canonical_family(n) for n in names}) == len(names)
