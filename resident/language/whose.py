"""Whose relative or pet a name is: "Whose dog is Skipper?", "Skipper is whose dog?". The
question names a relation noun and the one it names; the answer is the owner the stored relation
holds (Skipper pet_of Ana's grandad, Lena sister_of Ana). Reading is pure; the answer is read
from the claims held by the caller.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.antecedents import relation_kind

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


def whose_asked(sent: Span) -> tuple[str, Token] | None:
    """(the relation noun's lemma, the name asked about) of a "whose" question with the
    copula, or None ("Whose car is that?" names no relative or pet)."""
    owner = next((t for t in sent if t.lower_ == "whose" and t.dep_ == "poss"), None)
    if owner is None or owner.head.pos_ != "NOUN" or owner.head.head.lemma_.lower() != "be":
        return None
    noun = owner.head
    if relation_kind(noun.lemma_) is None:
        return None
    named = [
        c
        for c in noun.head.children
        if c is not noun and c.dep_ in ("nsubj", "attr") and c.pos_ == "PROPN"
    ]
    return (noun.lemma_.lower(), named[0]) if len(named) == 1 else None


def relation_predicates(noun: str) -> tuple[str, ...]:
    """The predicates that say whose `noun` someone is: a relative's own ("sister_of"), a
    pet's "pet_of"."""
    return ("pet_of",) if relation_kind(noun) == "animal" else (f"{noun}_of",)
