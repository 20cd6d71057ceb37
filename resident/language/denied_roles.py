"""Roles said denied ("bought the sofa, but not from Ikea": the role "not from Ikea", roles.py):
a yes/no question that asks the denied role of a held claim is answered no, not yes on the
claim's object alone. Pure, on words."""

from __future__ import annotations

from collections.abc import Iterable

from resident.language.matching import _lemma_tokens

#: How roles.py marks a role said denied.
DENIED = "not "


def asks_denied(asked: Iterable[str], label: str, roles: Iterable[str]) -> bool:
    """Does the question ask (among the words it asks beyond the claim's object `label`) a word
    only a denied role of the claim holds ("from Ikea?" against "not from Ikea")?"""
    extra = set(asked) - _lemma_tokens(label)
    denied = [r[len(DENIED) :] for r in roles if r.startswith(DENIED)]
    return any(_lemma_tokens(r) & extra for r in denied)
