"""A turn's sentence under a heading: "Big news: Leon moves in on the fifth", "Bad news this
week: somebody broke into the van", "Now brace yourself: the trip is off". Pure.

The parser hangs the clause after the colon on the heading's noun or verb, so the clause is
never read as the sentence it is. When what comes before the colon has no subject of its own
(a noun phrase or an imperative), the words after it are parsed again and read alone; the
heading states nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

    from resident.language.reparse import Reparse

#: What a subject of a clause is, in the parse.
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl", "csubj"})


def after_heading(sent: Span, reparse: Reparse) -> Doc | None:
    """The words after a heading's colon, parsed again; None when the sentence has no colon
    after a subjectless opening, or nothing with a verb and a subject follows it."""
    colon = next((t for t in sent if t.text == ":"), None)
    if colon is None or colon.i == sent.start or colon.i >= sent.end - 2:
        return None
    heading = sent.doc[sent.start : colon.i]
    if any(t.dep_ in _SUBJECTS for t in heading) or len(heading) > 6:
        return None
    rest = sent.doc[colon.i + 1 : sent.end].text.strip()
    if not rest:
        return None
    doc = reparse(rest[0].upper() + rest[1:])
    if not any(t.dep_ in _SUBJECTS and t.head.pos_ in ("VERB", "AUX") for t in doc):
        return None  # "We've decided on the name: Rise.": the words after are a fragment
    return doc
