"""Whether a short answer hedges, defers or takes back its own yes or no (language/ellipsis.py
reads an answer only when it does not). Pure; the words are data files."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

#: The word an answer to a yes/no question opens with, and what it answers ("yeah": "yes").
POLARITY = table("ellipsis_polarity")
#: Hedges anywhere in the answer, and those only at a sentence's opening ("^ask").
_HEDGES = [
    re.compile(
        ("^" if h.startswith("^") else r"(?<![\w'])") + re.escape(h.lstrip("^")) + r"(?![\w'])"
    )
    for h in words("ellipsis_hedges")
]


def hedged(doc: Doc) -> bool:
    """Whether the answer hedges, defers or jokes ("maybe", "not sure", "ask mum"), or takes
    back its own yes or no in a later sentence ("Yes. Well, no."): then it fills nothing."""
    sents = list(doc.sents)
    for sent in sents:
        text = sent.text.lower().lstrip(" \"'([-")
        if any(h.search(text) for h in _HEDGES):
            return True
    opened = [_opening_polarity(s) for s in sents]
    said = [p for p in opened if p is not None]
    return len(set(said)) > 1


def _opening_polarity(sent: Span) -> str | None:
    words = [t for t in sent if not (t.is_punct or (t.dep_ == "intj" and t.lower_ not in POLARITY))]
    return POLARITY.get(words[0].lower_) if words else None
