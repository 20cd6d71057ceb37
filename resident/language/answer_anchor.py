"""Is an answer what the question's "before" or "after" names (issue 21, role48)? "Where did
Tamsin work before the vets?" asks of an earlier job than the one at the vets, so
"Hillsborough Vets" answers something else; "What did Gareth do before he became a driving
instructor?" is not answered by "driving instructor". What the phrase after "before" or "after"
names is the anchor the question counts from, never its answer. One guard every reply passes
(typed_reply.of_type_asked), whichever road found the answer. Pure, over the parse."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from resident.language import lexicon

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: The words that set a time relative to an anchor the question names.
_ANCHORING = frozenset({"before", "after"})
#: The parts of speech of the words that name an anchor (not "he", "the", "became").
_NAMING = frozenset({"NOUN", "PROPN", "ADJ"})


def anchor_answered(sent: Span, answer: str) -> bool:
    """Does the answer name a word of what the question's "before"/"after" phrase names?"""
    named = {w for t in sent if t.lower_ in _ANCHORING for w in _anchor_words(t)}
    if not named:
        return False
    said = {_base(w) for w in re.findall(r"[A-Za-z][A-Za-z'-]*", answer)}
    return bool(named & said)


def _anchor_words(word: Token) -> set[str]:
    """The naming words of the phrase "before" opens: its object ("before the vets") or its
    clause ("before he became a driving instructor")."""
    if word.dep_ == "mark":
        scope = [t for t in word.head.subtree if t.i != word.i]
    else:
        scope = [t for t in word.subtree if t.i > word.i]
    return {_base(t.text) for t in scope if t.pos_ in _NAMING and not t.is_stop}


def _base(word: str) -> str:
    """The word's noun base form, lower-cased ("Vets" and "vets" are "vet")."""
    low = word.lower()
    return lexicon.base(low, "n") or low
