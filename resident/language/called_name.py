"""The name a participle of calling gives a noun ("a nurse called Ed", "the midwife's called
Bronagh"): one definition for the copular reader and the relative-clause reader. Pure."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Verbs whose participle names ("a dog called Rex", "a guy named Theo").
_NAMING = frozenset({"call", "name"})


def called_name(tok: Token) -> Token | None:
    """The name a participle of calling gives the noun: "a nurse called Ed" (the participle
    hung on the noun) or "the midwife's called Bronagh" (the noun its passive subject)."""
    verb: Token | None = tok.head
    if tok.dep_ != "nsubjpass" or tok.head.lemma_.lower() not in _NAMING:
        verb = next(
            (c for c in tok.children if c.dep_ == "acl" and c.lemma_.lower() in _NAMING), None
        )
    if verb is None or verb.tag_ != "VBN":
        return None
    name = next((c for c in verb.children if c.dep_ in ("oprd", "attr", "xcomp")), None)
    if name is None or name.pos_ != "PROPN" or not name.text[:1].isupper():
        return None
    return name
