"""A plan called off by the name of where it goes (issue 21, stale48): "We're going to Millport
for the Fair fortnight", later "So Millport's off this year". cancelled.called_off reads a
common noun said off ("the trip is off"); a proper name said off is read here. The parser
often takes "Millport's off" for a possessive ("'s" hung on the name, "off" on the name too),
so both shapes are read. A name says nothing of its kind by itself (the tagger calls Millport
an organisation and Cornwall a person), so the guard is the plan's: the caller ends only a
going to that name (cancelled._end_going_to), so "Gwen's off today", after "I'm visiting
Gwen", is her day off. Pure."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

#: How "off" hangs on what it says is off: the complement of "be", or on the name itself when
#: the parser read "'s" as a possessive.
_OFF_DEPS = frozenset({"acomp", "advmod", "amod", "prt", "prep"})
_POSSESSIVE = frozenset({"'s", "\u2019s"})


def _name_said_off(off: Token) -> Token | None:
    """The proper name `off` says is off: the subject of "be off" ("Paris is off"), or the
    name "'s" and "off" both hang on ("Millport's off", read as a possessive)."""
    head = off.head
    if head.lemma_.lower() == "be":
        subject = next((c for c in head.children if c.dep_ == "nsubj"), None)
    elif any(c.dep_ == "case" and c.lower_ in _POSSESSIVE for c in head.children):
        subject = head
    else:
        return None
    return subject if subject is not None and subject.pos_ == "PROPN" else None


def names_off(doc: Doc) -> list[str]:
    """The proper names each clause of the turn says are off, in lower case, whole ("Millport",
    "Lake District"), never negated ("Paris isn't off") nor asked."""
    out = []
    for off in doc:
        if off.lower_ != "off" or off.dep_ not in _OFF_DEPS or off.sent.text.rstrip().endswith("?"):
            continue
        name = _name_said_off(off)
        if name is None or any(c.dep_ == "neg" for c in off.head.children):
            continue
        words = [t for t in name.subtree if t.pos_ == "PROPN" and t.i <= name.i]
        out.append(" ".join(t.lower_ for t in words))
    return out
