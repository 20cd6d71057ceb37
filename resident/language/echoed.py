"""A yes/no question answered by a fragment that says its thing again, and more (issue 21,
sluice24). Pure: the question's parse in, text out.

"Is he still on bass?" / "Bass and backing vocals.": no yes is said, but the fragment opens
with the question's own thing ("bass") and says what it is now: yes, and more. The statement
is the question's yes-statement (ellipsis.py) with the thing's phrase said as the fragment
says it: "he is still on bass and backing vocals". Only a thing the question asks of (a noun
or name after its verb, never its subject) is taken: "Is Jo coming?" / "Jo and her mum." says
who is coming, which is no yes to this question's words. The reader then reads the
statement, and fill_guard.py keeps it only when the fragment's head is in it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from spacy.tokens import Span, Token

_NAMING = frozenset({"NOUN", "PROPN"})
_ARTICLES = frozenset({"the", "a", "an"})


def echoed_yes(sent: Span, subject: Token | None, fragment: str, polar: Callable[..., str]) -> str:
    """The yes-statement of the question `sent` with the thing the fragment opens with said
    as the fragment says it; "" when the fragment does not open with one of its things."""
    said_words = fragment.split()
    if said_words and said_words[0].lower() in _ARTICLES:
        said_words = said_words[1:]  # "The bakery and a cafe": the question said "the" too
    opening = said_words[0].strip(",.").lower() if said_words else ""
    if subject is None or not opening:
        return ""
    ruled_out = {t.i for t in subject.subtree}
    thing = next(
        (
            t
            for t in sent
            if t.pos_ in _NAMING
            and t.i not in ruled_out
            and t.i > sent.root.i
            and t.lower_ == opening
        ),
        None,
    )
    said = polar(sent, subject, "yes")
    if thing is None or not said:
        return ""
    phrase = _phrase(thing)
    if len(said_words) <= len(phrase.split()):
        return ""  # "Bass." says nothing more than the question: no yes either way
    found = re.search(rf"\b{re.escape(phrase)}\b", said, flags=re.IGNORECASE)
    if found is None:
        return ""
    # The thing as the question wrote it ("bass", not the turn's opening "Bass").
    filler = " ".join([thing.text, *said_words[1:]])
    return said[: found.start()] + filler + said[found.end() :]


def _phrase(thing: Token) -> str:
    """The thing's words as the question said them, from the thing to its phrase's end
    ("bass", "the new album")."""
    words = [t for t in thing.subtree if t.i >= thing.i and not t.is_punct]
    return " ".join(t.text for t in words)
