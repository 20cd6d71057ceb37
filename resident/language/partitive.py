"""What "them" in a part of a whole names ("Grandma showed me how to make varenyky, I made
sixty of them": sixty varenyky): the thing said last before it in its sentence as an argument
(a subject or an object, not a person), so the count is kept of the thing, not of "them". Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon

if TYPE_CHECKING:
    from spacy.tokens import Token

#: The plural pronouns a part of a whole is taken of ("sixty of them", "two of those").
_WHOLES = frozenset({"them", "those", "these"})
#: The roles a noun stands in to be what a later "them" names.
_ARGUMENTS = frozenset({"dobj", "obj", "nsubj", "nsubjpass", "attr", "conj"})


def degree(tok: Token) -> bool:
    """ "very much", "so many" hung on a noun as a modifier: a degree, not a kind of thing."""
    said = tok.lower_ in ("much", "many") and any(c.dep_ == "advmod" for c in tok.children)
    return tok.dep_ == "amod" and said


def partitive_text(tok: Token) -> str | None:
    """ "sixty of them" as "sixty varenyky": a number with "of them" as the thing "them" names,
    said before it in the sentence; None when it is no such phrase or no thing was said."""
    if not tok.like_num:
        return None
    prep = next((c for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    whole = None if prep is None else next((c for c in prep.children if c.dep_ == "pobj"), None)
    if prep is None or whole is None or whole.lower_ not in _WHOLES:
        return None
    for t in reversed(tok.doc[tok.sent.start : tok.i]):
        if t.pos_ == "NOUN" and t.dep_ in _ARGUMENTS and not _person(t):
            number = " ".join(w.text for w in tok.subtree if w.i < prep.i)
            return f"{number} {t.text}"  # "two hundred of them": two hundred tomatoes
    return None


def _person(tok: Token) -> bool:
    """A noun for people ("my friends"): "them" of it counts people, which is no thing made."""
    return lexicon.person_noun(tok.lemma_.lower())
