"""Whose thing's price a "how much" question asks ("Tom's rent", "my car", "How much did Omar
pay for his bike?"), as a test of the price statements that may answer it. A price is kept on
the thing's name alone (prices.py), so a price is the owner's when the owner told it, or when
the same turn that said it also said something of the owner ("Omar bought a bike. Three
hundred and fifty, second-hand." told by his sister): the turn is one telling of one deal.
A possessive pronoun ("his", "her", "their") is the person the question is about, its
subject named ("How much did Omar pay for his bike?"). Reads the graph through the dictionary.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from resident.cognition.statements import told_by
from resident.language.dictionary import Dictionary
from resident.records import Claim

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: Possessive pronouns that stand for the person the question names as its subject.
_THIRD = frozenset({"his", "her", "their"})


@dataclass(frozen=True)
class Owner:
    """Who may have told a price of the owner's thing, and the turns that spoke of the owner."""

    tellers: frozenset[str]
    turns: frozenset[str]

    def holds(self, claim: Claim) -> bool:
        """Is the price statement `claim` one of the owner's thing?"""
        if claim.provenance in self.tellers:
            return True
        return claim.correlation_id is not None and claim.correlation_id in self.turns


def price_owner(sent: Span, reads: Dictionary, asker: str | None, now: datetime) -> Owner | None:
    """The owner the question names, as an Owner; None when no owner is named or the owner is
    a pet (whoever of the household paid and told it); an Owner that holds nothing when the
    owner cannot be resolved to a person ("his car" with no one named, a name not known)."""
    poss = next((c for t in sent for c in t.children if c.dep_ == "poss"), None)
    if poss is None:
        return None
    if poss.lower_ == "my":
        return Owner(frozenset({told_by(asker)}), frozenset()) if asker else _NOBODY
    named = _named(sent, poss)
    if named is None:
        return _NOBODY
    found = reads.find(named.text.removesuffix("'s").removesuffix("’s"))
    if found and all(e.kind != "person" for e in found):
        return None  # "Pip's teeth": a pet's
    people = [e.id for e in found if e.kind == "person"]
    turns = {
        c.correlation_id
        for pid in people
        for c in (*reads.graph.peek_claims(pid), *reads.graph.claims_by_object(pid, now))
        if c.correlation_id is not None
    }
    return Owner(frozenset(told_by(p) for p in people), frozenset(turns))


def _named(sent: Span, poss: Token) -> Token | None:
    """The name that owns: the possessive itself, or the subject a pronoun stands for."""
    if poss.pos_ == "PROPN":
        return poss
    if poss.lower_ not in _THIRD:
        return None
    subj = next((t for t in sent if t.dep_ == "nsubj" and t.pos_ == "PROPN"), None)
    return subj


_NOBODY = Owner(frozenset(), frozenset())
