"""A yes/no question answered by how often (issue 21, answer26). Pure.

"You and Tom still talk?" / "Now and then." and "Do you still swim?" / "Twice a week." say
no yes, but saying how often a thing is done says that it is done: the answer is a yes to the
question as asked (ellipsis.py says it). The fragment is a frequency when its head is one as
the reader reads a clause's frequency (frequency.is_frequency: "twice", "every Sunday",
"three times a week"), an adverb of how often (data/frequency_adverbs.txt, "sometimes"), or a
set phrase (data/answer_often.txt, "now and then"). "Never" is a no, and is none of these.
"""

from __future__ import annotations

from resident.language.frequency import is_frequency
from resident.language.words import words

_PHRASES = words("answer_often")
_NOT_DONE = frozenset({"never", "rarely", "seldom"})


def said_often(fragment: str, doc_of: object) -> bool:
    """Whether the fragment says only how often ("now and then", "twice a week")."""
    said = fragment.lower().strip(" .!,")
    if said in _PHRASES:
        return True
    doc = doc_of(fragment + ".")  # type: ignore[operator]
    sents = list(doc.sents)
    if len(sents) != 1:
        return False
    head = sents[0].root
    if head.lower_ in _NOT_DONE or any(t.lower_ in _NOT_DONE for t in sents[0]):
        return False
    return is_frequency(head) or head.lower_ in words("frequency_adverbs")
