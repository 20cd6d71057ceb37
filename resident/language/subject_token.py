"""The subject token of a clause headed by a verb, where the parser hung it or lost it (moved
whole out of clauses.py, which was at its size limit). Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.clause_parts import _misparsed_subject
from resident.language.refs import opens_clause

if TYPE_CHECKING:
    from spacy.tokens import Token


def _subject_token(verb: Token) -> Token | None:
    """The clause's subject token, where the parser hung it (or lost it), or None."""
    before = [c for c in verb.lefts if c.dep_ == "nsubj"]
    if len(before) > 1:
        # "im 15 and ronan is 10", parsed with both subjects on "is": the nearer is its own.
        return before[-1]
    for child in verb.children:
        if child.dep_ in ("nsubj", "expl"):
            return child if child.dep_ == "nsubj" else None
        if child.dep_ == "nsubjpass":
            return None
    said_before = verb.doc[verb.i - 1] if verb.i > verb.sent.start else None
    if said_before is not None and opens_clause(said_before):
        return said_before  # "... on Sunday and Mali lost her first tooth": Mali.
    if verb.dep_ == "conj" and verb.head.pos_ in ("VERB", "AUX"):
        return _subject_token(verb.head)
    if verb.dep_ in ("xcomp",):
        return _subject_token(verb.head)
    return _misparsed_subject(verb)
