"""A bare amount answering "How much is the venue?" is what the thing costs (issue 21, frag28).
Pure.

ellipsis.py says "How much is the venue?" / "Nine hundred and fifty." as "the venue is nine
hundred and fifty", and the reader reads no price from a copula with a bare number unless the
thing is an amount itself ("the rent is 700"). Asked "how much" of a thing with the copula, the
amount is its price: the statement is said with "costs" ("the venue costs nine hundred and
fifty"), which the reader reads as a price (prices.py). Only of a thing: "How much is he?" of a
person, or "How much is left?", asks no price, and a "how much" said with a noun ("how much
money") is read as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.lexicon import is_a
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_PERSONAL = words("price_personal_pronouns")


def price_said(sent: Span, subject: Token, wh_tokens: list[Token], key: str, fragment: str) -> str:
    """ "<the thing> costs <amount>." for a "how much" question of a thing with the copula;
    "" otherwise."""
    root = sent.root
    if key != "how much" or root.lemma_ != "be" or wh_tokens[-1].head.pos_ == "NOUN":
        return ""
    if subject.lower_ in _PERSONAL or subject.ent_type_ == "PERSON":
        return ""
    if subject.pos_ == "NOUN" and is_a(subject.lemma_.lower(), "person", senses=1):
        return ""
    if any(
        c.dep_ not in ("nsubj", "punct", "advmod") and c not in wh_tokens for c in root.children
    ):
        return ""  # "How much is left over?": more than the thing and its price
    words = [t.text for t in subject.subtree]
    if words and subject.left_edge.is_sent_start and subject.left_edge.pos_ != "PROPN":
        words[0] = words[0].lower()
    verb = "cost" if root.tag_ == "VBD" else "costs"  # "How much was the boiler?"
    return " ".join([*words, verb, fragment]) + "."
