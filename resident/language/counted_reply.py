"""A count said as the reply to a yes/no question of things had or done ("Does Callum have any
kids?" / "Two boys, Finn and Rory."; "Did you catch anything?" no: no plural asked): the
question said as its statement with the number in place of the indefinite it asked of
("Callum does have two boys."), for the reader to store as any count said in a clause is
stored. Pure, over the parse; ellipsis.py puts it among the other answers read with their
question.

The reply must open with its number, and a noun said with it must be of the kind asked (by
WordNet, as held_counts counts a household: boys are kids, years are none): "Do you have
kids?" / "Twenty years this June." says how long, never how many.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from resident.language.counting import opening_count
from resident.language.held_counts import held_kind

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


def counted_yes(sent: Span, fragment: str, said_yes: str, doc_of: object) -> str:
    """The yes/no question `sent` (said as its yes: `said_yes`) answered by a count
    `fragment`, said with the count in place of the plural it asked of; "" when the reply
    opens with no count or counts another kind."""
    number = opening_count(fragment)
    asked = _plural_asked(sent)
    if number is None or asked is None or not said_yes:
        return ""
    said = doc_of(fragment.split(",")[0])  # type: ignore[operator]
    nouns = [t for t in said if t.pos_ == "NOUN" and not t.like_num]
    noun = nouns[0].text if nouns else asked.text
    if nouns and not held_kind(noun, asked.lemma_.lower()):
        return ""  # "Do you have kids?" / "Twenty years this June."
    phrase = r"\s+".join(re.escape(t.text) for t in asked.subtree)
    filled, count = re.subn(rf"\b{phrase}\b", f"{number} {noun}", said_yes, count=1, flags=re.I)
    return filled if count else ""


def _plural_asked(sent: Span) -> Token | None:
    """The plural noun the question's verb takes as its object ("any kids"), with nothing
    after it of its own ("kids of his own" asks more than a count)."""
    obj = next((c for c in sent.root.children if c.dep_ == "dobj"), None)
    if obj is None or obj.pos_ != "NOUN" or "Plur" not in obj.morph.get("Number", []):
        return None
    return obj if not any(c.i > obj.i for c in obj.children) else None
