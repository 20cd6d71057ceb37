"""Which side of a deal a price was said from, and which side a "how much" question asks: a
buyer's price ("bought the van for 6,800", "How much did the van cost?") is not a seller's
("sold the van for 5,900", "How much did they get for the van?"). The price statement
(`<thing> costs <amount>`, prices.py) keeps no side; the deal said in the same turn of the
same thing does ("Marcus sells van"), by its verb (data/deal_verbs, deals.py). A price is no
answer when both sides are known and differ: "I don't know" beats the other deal's money.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Literal

from resident.language import deals
from resident.language.dictionary import Dictionary
from resident.language.matching import claim_verbs
from resident.language.statement import base_form
from resident.records import Claim

if TYPE_CHECKING:
    from spacy.tokens import Span

Side = Literal["buyer", "seller"]


def _side_of(verb: str) -> Side | None:
    return deals.side(verb)


def asked_side(sent: Span) -> Side | None:
    """The side of the deal the question asks: "get" with the thing said "for" sells ("How
    much did we get for the caravan?"), with the thing its object buys ("How much did Omar
    get his bike for?"); any other verb by its side; None for "be" and verbs of no side."""
    root = sent.root
    verb = root.lemma_.lower()
    if verb == "get":
        obj = any(c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN") for c in root.children)
        return "buyer" if obj else "seller"
    return _side_of(verb)


def said_side(reads: Dictionary, price: Claim, now: datetime) -> Side | None:
    """The side of the deal the price was said with: the verb of a statement of the same turn
    whose object is the thing priced, or whose subject is its teller; None when the turn said
    no deal of it."""
    if price.correlation_id is None:
        return None
    teller = price.provenance.removeprefix("interaction:")
    # The deal's statement: of the thing priced, or by the one who told it ("we sold the van",
    # the van read as another entity than "camper van").
    noun = reads.label(price.subject).lower().split()[-1:]
    told = [c for c in reads.graph.peek_claims(teller) if _names(reads, c, noun)]
    said = [*reads.graph.claims_by_object(price.subject, now), *told]
    same = [c for c in said if c.correlation_id == price.correlation_id and c.id != price.id]
    found = next((s for c in same if (s := _claim_side(c)) is not None), None)
    if found is not None:
        return found
    # A price said in a later turn than its deal ("I bought a motorbike." / "What kind?" /
    # "Two thousand eight hundred."): the side of the teller's latest deal of it before.
    before = [c for c in told if c.created_at <= price.created_at and c.id != price.id]
    before.sort(key=lambda c: (c.created_at, c.id), reverse=True)
    return next((s for c in before if (s := _claim_side(c, get_buys=False)) is not None), None)


def _claim_side(claim: Claim, get_buys: bool = True) -> Side | None:
    """The side the deal claim tells, or None for no deal (or a negated one)."""
    negated, verbs, _ = claim_verbs(claim.predicate)
    if negated:
        return None
    sides = {s for v in verbs if (s := _side_of(base_form(v))) is not None}
    if len(sides) == 1:
        return sides.pop()
    if get_buys and any(base_form(v) == "get" for v in verbs):
        return "buyer"  # "got the bike for 300": the thing its object, got by buying
    return None


def _names(reads: Dictionary, claim: Claim, noun: list[str]) -> bool:
    """Does the claim's object name the thing priced ("old laptop" of "laptop")? Not another
    thing dealt in the same turn ("sold the laptop ... bought the books with the money")."""
    if claim.object_entity is None or not noun:
        return False
    return reads.label(claim.object_entity).lower().split()[-1:] == noun


def agrees(reads: Dictionary, price: Claim, side: Side | None, now: datetime) -> bool:
    """May the price answer a question asking `side`?"""
    said = None if side is None else said_side(reads, price, now)
    return side is None or said is None or said == side
