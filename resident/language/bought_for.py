"""The price of a thing said only with its purchase or sale: "I bought a used Fiesta for three
thousand pounds", kept as "buys Fiesta {for three thousand pounds}", answers "How much did the
Fiesta cost?". The amount is the money a role of the statement says (a currency word or sign
with its number); the statement said last wins. Reads the graph, changes nothing stored.
"""

from __future__ import annotations

from datetime import datetime

from spacy.lang.en.lex_attrs import like_num

from resident.language import deals
from resident.language.asking import said_last
from resident.language.dictionary import Dictionary
from resident.language.knowledge import Answer
from resident.language.matching import claim_verbs
from resident.language.price_owner import Owner
from resident.language.statement import base_form
from resident.language.words import words

#: Verbs of buying or selling a thing ("buy", "sell", "book"): the money said with one is
#: what the thing cost.
_BUYING = deals.object_verbs() | deals.for_price_verbs()
#: The score of a price read from a purchase: above the threshold, as a price held is.
_SCORE = 3.0


def _numeric(word: str) -> bool:
    return like_num(word) or word == "and"


def money_said(text: str) -> str | None:
    """The first amount of money in `text` ("four thousand two hundred pounds", "£4,200");
    None when it says none."""
    said = text.split()
    lower = [w.lower().strip(",.") for w in said]
    for i, word in enumerate(lower):
        if word[:1] in words("currency_signs") and like_num(word[1:].replace(",", "")):
            return said[i].strip(",.")
        if word not in words("currency_words") or i == 0 or not like_num(lower[i - 1]):
            continue
        start = i - 1
        while start > 0 and _numeric(lower[start - 1]):
            start -= 1
        return " ".join(said[start : i + 1]).strip(",.")
    return None


def bought_for(
    reads: Dictionary, thing: str, owner: Owner | None, now: datetime, side: str | None = None
) -> Answer | None:
    """The money said with the latest purchase or sale of the thing named ("How much did the
    Fiesta cost?"), by those who may say its price (price_owner.Owner; None:
    anyone), on the side of the deal asked (deal_side.asked_side; None: either); None when
    no such statement says any."""
    found = []
    for entity in reads.find(thing):
        for claim in reads.graph.claims_by_object(entity.id, now):
            negated, verbs, _ = claim_verbs(claim.predicate)
            if negated or not {base_form(v) for v in verbs} & _BUYING:
                continue
            sides = {deals.side(base_form(v)) or "buyer" for v in verbs}
            if side is not None and side not in sides:
                continue  # "bought the van for ...": not what they got selling it
            if owner is not None and not owner.holds(claim):
                continue
            held = reads.graph.qualifiers_of([claim.id]).get(claim.id, ())
            money = next((m for q in held if (m := money_said(q.value)) is not None), None)
            if money is not None:
                found.append((claim, money))
    if not found:
        return None
    money, shown, text = said_last(found, reads)
    return Answer(text=text, claims=shown, known=True, short=money, score=_SCORE)
