"""Kinds said by a name given with "called" ("a band called Static Fox" -> Static Fox is_a
band), for an object or a prepositional phrase's object. Out of refs.py, which resolves the
references themselves, to keep each module under 600 lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.objects import counted_parts
from resident.language.refs import _called, _naming, _noun_lemma, _object_ref
from resident.language.statement import KIN, Statement, is_pet

if TYPE_CHECKING:
    from spacy.tokens import Token

    from resident.language.statement import Context


def named_kind_edges(tok: Token, ctx: Context) -> list[Statement]:
    """ "a band called Static Fox" -> Static Fox is_a band: what a name given with "called"
    names, for a noun that is neither a relative nor a pet (their edges say it already) nor a
    person (a "man called Marcus" says no more than that he is someone); and what a count
    before the noun says it has ("a three-legged cat named Tripod": Tripod has three legs)."""
    named = _naming(tok)
    ref = None if named is None or not _called(tok, named) else _object_ref(tok, ctx)
    if ref is None or not ref.name:
        return []
    noun = _noun_lemma(tok)
    out = [
        Statement(subject=ref, predicate="has", object=part, literal=True, verb="have")
        for part in counted_parts(tok)
    ]
    if ref.kind == "thing" and noun not in KIN and not is_pet(noun):
        out.append(Statement(subject=ref, predicate="is_a", object=noun, verb="be"))
    return out


def role_kind_edges(verb: Token, ctx: Context) -> list[Statement]:
    """What a name given inside a clause's prepositional phrase names ("plays drums in a band
    called Static Fox": Static Fox is_a band)."""
    preps = [c for c in verb.children if c.dep_ == "prep"]
    return [
        e for p in preps for o in p.children if o.dep_ == "pobj" for e in named_kind_edges(o, ctx)
    ]
