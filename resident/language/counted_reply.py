"""A count said as the reply to a question of things had (issue 21, count44), said as the
statement the reader stores as any count said in a clause is stored. Pure, over the parse;
ellipsis.py puts it among the other answers read with their question.

- A yes/no question of a plural ("Does Callum have any kids?" / "Two boys, Finn and Rory."):
  the question said with the count in place of the plural ("Callum does have two boys.").
- A count asked with no verb ("How many grandkids now?", "Any pets?" / "Two cats."): what
  the one it is put to has ("I have two cats."); "Any" only of relatives and animals ("Any
  plans?" asks of no household), "how many" of no measure or time ("How many miles today?").

The reply must open with its number, and a noun said with it must be of the kind asked (by
WordNet, as held_counts counts a household: boys are kids, years are none): "Do you have
kids?" / "Twenty years this June." says how long, never how many.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.count_pieces import NOT_HELD
from resident.language.counting import number_value, opening_count
from resident.language.held_counts import held_kind
from resident.language.statement import KIN, base_form, is_pet

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


def unverbed_count(sent: Span, fragment: str, doc_of: object) -> str:
    """ "How many grandkids now?" / "Seven, and one on the way.", "Any pets?" / "Two cats.": a
    count asked with no verb asks what the one it is put to has, and the count reply says it
    ("I have seven grandkids."); "" when the question is no such count or the reply opens
    with no count of its kind."""
    asked = asked_count(sent)
    number = opening_count(fragment)
    if asked is None or number is None:
        return ""
    said = doc_of(fragment.split(",")[0])  # type: ignore[operator]
    noun = next((t for t in said if t.pos_ == "NOUN" and not t.like_num), None)
    if noun is not None and not held_kind(noun.text, lexicon.base(asked.lower_, "n") or ""):
        return ""  # "Any kids?" / "Twenty years this June."
    said_noun = asked.lower_ if noun is None else noun.text
    if number_value(number) == 1:  # "Any pets?" / "One, a tortoise.": one pet
        said_noun = lexicon.base(said_noun.lower(), "n") or said_noun
    return f"I have {number} {said_noun}."


def asked_count(sent: Span) -> Token | None:
    """The plural noun a question with no verb counts ("How many grandkids now?", "Any
    pets?"), or None for another question."""
    said = [t for t in sent if not (t.is_punct or t.dep_ in ("cc", "intj"))]
    opening = [t.lower_ for t in said[:2]]
    at = 2 if opening == ["how", "many"] else 1 if opening[:1] == ["any"] else None
    if at is None or len(said) <= at:
        return None
    noun = said[at]
    # The parser may read a plural it does not know as a verb ("grandkids"): WordNet's
    # plural noun is the count asked.
    base = lexicon.base(noun.lower_, "n") or base_form(noun.lower_)
    if base == noun.lower_ or any(t.pos_ in ("VERB", "AUX") for t in said if t is not noun):
        return None
    if at == 1 and not (base in KIN or is_pet(base)):
        return None  # "Any plans for Easter?" asks of no one's household
    # "How many miles today?": a measure or a span of time is no count of what one has.
    return None if lexicon.first_lexname(base, "n") in NOT_HELD else noun


def _plural_asked(sent: Span) -> Token | None:
    """The plural noun the question's verb takes as its object ("any kids"), with nothing
    after it of its own ("kids of his own" asks more than a count)."""
    obj = next((c for c in sent.root.children if c.dep_ == "dobj"), None)
    if obj is None or obj.pos_ != "NOUN" or "Plur" not in obj.morph.get("Number", []):
        return None
    return obj if not any(c.i > obj.i for c in obj.children) else None
