"""What a person no longer has because the thing itself ended: "Does Zosia still have a
hamster?" after "I have a hamster, his name is Kluska" and later "Kluska died". The held
"Zosia has hamster" would say yes; every hamster known to be hers having died since says "No,
not any more". Only for a present question of having a kind of thing, and only when each
thing of that kind known as hers ended after she was said to have it: one that did not, or a
"has" said after the death ("we got a new hamster"), leaves the usual answer standing."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from resident.language.dictionary import Dictionary
from resident.language.knowledge import ClaimView, views
from resident.language.matching import _lemma_tokens
from resident.language.question_reading import Query
from resident.language.statement import gerund
from resident.language.words import words
from resident.records import Claim

_DEATH = words("death_verbs")
_OWNING = words("owning_verbs")
#: Links from a thing to its owner, as stored ("Kluska pet_of Zosia").
OWNED_BY = ("pet_of",)


def _when(claim: Claim) -> float:
    return (claim.occurred_at or claim.created_at).timestamp()


def _kind(dictionary: Dictionary, claim: Claim) -> set[str]:
    """The lemmas of what a claim's object says ("concept:hamster": hamster)."""
    entity = claim.object_entity
    return _lemma_tokens(dictionary.label(entity) if entity else claim.object_literal or "")


def _is_kind(dictionary: Dictionary, thing: str | None, asked: set[str]) -> bool:
    """Is the thing the one asked of by name ("Pip"), or said to be of the kind asked ("Pip
    is a rabbit": "Do we still have a rabbit?")?"""
    if thing is None:
        return False
    if asked <= _lemma_tokens(dictionary.label(thing)):
        return True
    own = dictionary.graph.peek_claims(thing, "is_a")
    return any(asked <= _kind(dictionary, c) for c in own)


def _died(claims: Sequence[Claim]) -> Claim | None:
    """The thing's own statement that it ended ("Kluska does dying"), if one was said."""
    endings = {gerund(v) for v in _DEATH}
    return next(
        (c for c in claims if c.predicate == "does" and (c.object_literal or "") in endings),
        None,
    )


def gone_had(
    dictionary: Dictionary,
    query: Query,
    owner: Sequence[str] | None,
    had: Sequence[Claim],
    now: datetime,
) -> ClaimView | None:
    """The latest death that leaves the owner without any thing of the kind asked, when every
    such thing known as theirs died since the latest "has" of that kind; None otherwise."""
    if owner is None or query.wh != "yes" or query.past or query.negated:
        return None
    asked = set(query.object_words)
    if query.verb not in _OWNING or not asked:
        return None
    graph = dictionary.graph
    kept = [
        c
        for c in had
        if c.predicate in ("has", "owns")
        and (asked <= _kind(dictionary, c) or _is_kind(dictionary, c.object_entity, asked))
    ]
    if not kept:
        return None
    things = {
        c.subject for oid in owner for p in OWNED_BY for c in graph.claims_by_object(oid, now, p)
    }
    ends: list[Claim] = []
    for thing in sorted(things):
        if not _is_kind(dictionary, thing, asked):
            continue  # not a thing of the kind asked
        # "Kluska died" may have filed the name apart from "Kluska is a hamster": the death
        # is read off every entity of that name.
        named = {e.id for e in dictionary.find(dictionary.label(thing))} | {thing}
        died = _died([c for e in sorted(named) for c in graph.peek_claims(e)])
        if died is None:
            return None  # one of that kind is not known to have ended: it may still be had
        ends.append(died)
    # The order of telling, not the day each names: "Pip died on Sunday" told after "we
    # have a rabbit called Pip" ends it though Sunday came before the telling.
    if not ends or max(c.created_at for c in kept) > min(c.created_at for c in ends):
        return None
    return views([max(ends, key=_when)], dictionary)[0]
