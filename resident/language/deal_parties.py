"""The people of a deal are never what it prices (issue 21, garble30): the one who sells or
buys ("a man in Harpenden sold it for two hundred": the man is the seller, "it" is the thing)
and a relative said as the one a thing is bought from ("buying my cousin Pavan's old Golf":
the parse may make "cousin" the object and the Golf its apposition). Pure, on the parse."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import deals, lexicon
from resident.language.statement import KIN

if TYPE_CHECKING:
    from spacy.tokens import Token


def _person(tok: Token) -> bool:
    noun = tok.lemma_.lower()
    return noun in KIN or lexicon.person_noun(noun)


def dealer(tok: Token) -> bool:
    """Is the noun the subject of a verb of buying or selling, a person: one side of the deal?"""
    verb = tok.head
    return (
        tok.dep_ == "nsubj"
        and verb.lemma_.lower() in deals.object_verbs()
        and deals.side(verb.lemma_.lower()) is not None
        and _person(tok)
    )


def goods_of(tok: Token) -> Token | None:
    """What a deal's object names as the goods: itself, or where it is a person or relative
    ("my cousin Pavan's old Golf"), the thing set beside it; None when there is no such thing."""
    if tok.dep_ != "dobj" or tok.pos_ != "NOUN" or not _person(tok):
        return tok
    if deals.side(tok.head.lemma_.lower()) is None:
        return tok  # "he's got twin girls, Lily and Rose": no deal, the girls are his
    return next((c for c in tok.children if c.dep_ == "appos" and not _person(c)), None)
