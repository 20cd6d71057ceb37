"""A clause's subject the parser listed as one more item of the clause before it: "I grow
leeks and my husband Tobias keeps bees", "Tom teaches maths and his wife Jo runs a bakery",
hung as "maths and his wife" with "runs" left without a subject. A noun phrase after "and"
said right before a finite verb is that verb's subject, the start of a clause of its own, and
no object of the verb before it. Pure, over spaCy's parse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Where a clause the parser left without its subject hangs on the clause before it.
_OPENED_DEPS = frozenset({"conj", "ROOT", "ccomp", "parataxis"})
#: Words that list the next item, not part of the noun's own phrase.
_LISTING = frozenset({"conj", "cc", "punct", "relcl", "acl", "prep"})


def _phrase_end(noun: Token) -> int:
    """Where the noun's own phrase ends: its modifiers and an apposed name ("his wife Jo"),
    not the items listed after it nor a clause or phrase hung on it."""
    own = [c for c in noun.rights if c.dep_ not in _LISTING]
    return max([noun.i, *(c.right_edge.i for c in own)])


def _finite(verb: Token) -> bool:
    return "Fin" in verb.morph.get("VerbForm", []) and verb.pos_ in ("VERB", "AUX")


def _own_subject(verb: Token) -> bool:
    return any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in verb.children)


def opens_clause(tok: Token) -> bool:
    """ "... called Salt and Pepper and mum hates them", "... and his wife Jo runs a bakery": a
    noun the parser listed with the words before it, said right before a finite verb without a
    subject of its own (or right before the name the parser made that verb's subject, "and her
    boyfriend Rafe drives a taxi"), starts a new clause."""
    if tok.pos_ not in ("NOUN", "PROPN") or tok.dep_ != "conj":
        return False
    end = _phrase_end(tok) + 1
    if end >= len(tok.doc):
        return False
    after = tok.doc[end]
    if after.dep_ == "nsubj" and after.pos_ == "PROPN" and after.right_edge.i + 1 == after.head.i:
        after = after.head  # "her boyfriend | Rafe drives": the name is the verb's already
        return _finite(after) and after.dep_ in _OPENED_DEPS
    return _finite(after) and not _own_subject(after) and after.dep_ in _OPENED_DEPS


def clause_opener(verb: Token) -> Token | None:
    """The noun listed before `verb` that opens its clause ("and his wife Jo runs": wife),
    when the verb has no subject of its own."""
    if verb.i == verb.sent.start:
        return None
    before = verb.doc[verb.i - 1]
    while before.dep_ in ("appos", "compound") and before.head.i < verb.i and before != before.head:
        before = before.head  # "his wife Jo", "my mate Dave Smith": the phrase's head
    if opens_clause(before) and _phrase_end(before) + 1 == verb.i:
        return before
    return None
