"""A number said in words over several tokens the parser coordinates: "four hundred and
twenty" is one number, not four hundred and a second thing, twenty; and a number with its
unit is no clause. Pure, over the parse."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Words that scale a number (the one list: "nine hundred" is a sum, no headcount nor time of
#: day); what follows one with "and" is the rest of the same number.
SCALES = frozenset({"hundred", "thousand", "million", "grand", "k"})


def scaled(head: Token) -> bool:
    """Is the number headed by `head` said with a scale word ("two thousand eight hundred")?"""
    return any(t.lower_ in SCALES for t in head.subtree)


def continues_number(head: Token, conj: Token) -> bool:
    """Is `conj`, coordinated with the number `head`, the rest of it ("four hundred and
    twenty", "two thousand and five")? Only right after "and", after a scale word (the
    pipeline may have merged "four hundred" into one token)."""
    if conj.pos_ != "NUM" or head.lower_.split()[-1] not in SCALES or conj.i < 2:
        return False
    before = conj.doc[conj.i - 1]
    # "seventy-nine": the number's first word may be compounded onto its last.
    first = min(t.i for t in conj.subtree)
    joined = conj.doc[first - 1] if first > 0 else before
    return joined.lower_ == "and" and joined.i - 1 == head.i


def unit_misread(subject: list[Token], verb: Token) -> bool:
    """Would a second parse take a number's unit for a verb with the number its subject
    ("Eight pounds fifty an hour": 'Eight | pounds'; "Twelve kids, from six": 'Twelve |
    kids')? A number alone right before a currency word or a plural noun (WordNet's) is an
    amount said without a verb, no clause."""
    if not subject or not all(t.like_num for t in subject) or subject[-1].i != verb.i - 1:
        return False
    word = verb.lower_
    noun = lexicon.base(word, "n")
    return word in words("currency_words") or (noun is not None and noun != word)
