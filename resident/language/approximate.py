"""A number said as near, not exact, by a phrase the parser misreads: "they've fostered
something like forty kids" is parsed with "something" the object and the kids hung on "like",
so nothing is counted. The sentence is parsed again with "about" in the phrase's place, which
the parser hangs on the number as it does "about forty kids", and the count is read as every
count is (the approximation kept in the words of the object: "about forty kids"). The phrases
are data (data/approximate_phrases.txt); one must come right before a number. Pure, over the
parse and the reparse the reader is given."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span

    from resident.language.reparse import Reparse


def about_said(sent: Span, reparse: Reparse) -> Span | None:
    """The sentence parsed again with "about" for the approximating phrase before a number,
    or None when it says no such phrase."""
    toks = list(sent)
    for phrase in sorted(words("approximate_phrases"), key=len, reverse=True):
        said = phrase.split()
        for i in range(len(toks) - len(said)):
            if [t.lower_ for t in toks[i : i + len(said)]] != said:
                continue
            if not toks[i + len(said)].like_num:
                continue
            drop = {t.i for t in toks[i : i + len(said)]}
            text = "".join(
                ("about " if t.i == toks[i].i else "") if t.i in drop else t.text_with_ws
                for t in toks
            ).strip()
            return next(iter(reparse(re.sub(r"\s+", " ", text)).sents), None)
    return None
