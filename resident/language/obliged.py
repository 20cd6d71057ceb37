"""A past obligation says the thing was done (issue 21, stale30): "I've had to give up the
charity shop", "we had to sell the car in May" are the giving up and the selling, said in the
past; read otherwise as a modal of "have" they stored nothing, and a change told so was never
known. A present or future one ("I have to sell the car", "we'll have to cancel") is not done
yet and stays unread; a negated one ("I didn't have to sell it") says nothing was done. Pure:
reads the parse only."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token


def obliged_past(verb: Token, xcomp: Token | None, negated: bool) -> bool:
    """Is the clause "had to V" (past or present perfect, not negated), its inner verb V?"""
    if xcomp is None or negated or verb.lemma_.lower() != "have":
        return False
    if verb.tag_ not in ("VBD", "VBN"):
        return False
    return any(c.dep_ == "aux" and c.lower_ == "to" for c in xcomp.children)
