"""A number said as a time is no amount (issue 21, wrong46: answers about something else).

"We sold out by 2" is stored as `sells_out_by 2`: the 2 is when the stock ran out, two
o'clock. A question of an amount or a count ("How much did we sell the van for?", "How many
did we sell?") met that claim through its verb, and the number passed answer_check's type:
it is a number. It is no amount when the statement said it as a time: the object of a
preposition of time that a bare number after it makes a clock's hour ("by 2", "until 6",
"before 9": data/clock_number_preps), or said with a clock's word ("half 6", "3pm":
data/clock_words). The question's own preposition keeps it ("How many did they win by?"
asks the margin "by" holds). "at" is left out: "at 25" is an age, "start at 20" a price. A
number said with a unit of time ("ran it in 4 hours") is how long, no amount nor count,
unless the question names the unit ("How many hours ...?").

Fails only on evidence: every claim the answer rests on must say the number so. Pure: the
question's words and the claims' predicates and objects."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.answer_check import is_number_word
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span

    from resident.language.knowledge import ClaimView

#: A clock's "6:30" or "6.30" is one number said as a time.
_CLOCK = re.compile(r"^\d{1,2}[:.]\d{2}$")


def _plain(text: str) -> list[str]:
    cleaned = "".join(c if c.isalnum() or c in " ':." else " " for c in text.lower())
    return [w.strip("'.") for w in cleaned.split() if w.strip("'.")]


def _amount_asked(sent: Span) -> str | None:
    """The word after "how" when it asks an amount (data/answer_check_how_numbers, less
    "long": a duration is a time's own measure): "much", "many", "old"; else None."""
    for tok in sent:
        if tok.lower_ == "how" and tok.i + 1 < sent.end:
            after = tok.nbor(1).lower_
            return after if after != "long" and after in words("answer_check_how_numbers") else None
    return None


def _said_as_time(
    said: list[str], view: ClaimView, held: Sequence[str], sent: Span, asked: str
) -> bool:
    """Did the claim say the answer's number as a time: with a clock's word in it or in the
    claim's object, as the object of a clock preposition the question does not ask, or (for
    "how much/many") in a qualifier with a unit of time after it that the question does not
    name ("in 4 hours" is how long, not how much)?"""
    label = _plain(view.object_label)
    if asked in ("much", "many") and any(_unit_of_time(said, _plain(q), sent) for q in held):
        # Only a qualifier's "in 4 hours" (a duration role): the object's "six hundred
        # month" is a rate, its "a" dropped, and a rate is an amount.
        return True
    if not said or not set(said) <= set(label):
        return False
    if any(w in words("clock_words") for w in label) or any(_CLOCK.match(w) for w in said):
        return True
    asked_preps = {t.lower_ for t in sent if t.dep_ in ("prep", "prt", "agent")}
    prep = view.claim.predicate.rsplit("_", 1)[-1]
    bare = all(is_number_word(w) for w in said) and len(label) == len(said)
    return bare and prep in words("clock_number_preps") and prep not in asked_preps


def _unit_of_time(said: list[str], label: list[str], sent: Span) -> bool:
    """Does `label` say the number `said` with a unit of time after it (WordNet's noun.time:
    "hours", "weeks") that the question does not name ("How many hours ...?")?"""
    named = {f for t in sent for f in _forms(t.lower_)}
    if not all(is_number_word(w) for w in said):
        return False
    for i in range(len(label) - len(said)):
        if label[i : i + len(said)] != said:
            continue
        after = label[i + len(said)]
        unit = lexicon.base(after, "n")
        if unit and lexicon.first_lexname(unit, "n") == "noun.time" and not _forms(after) & named:
            return True
    return False


def _forms(word: str) -> set[str]:
    """A noun as said, as WordNet's base of it, and without a plural's "s" ("hours", "hour")."""
    return {word, lexicon.base(word, "n") or word, word.removesuffix("s")}


def time_not_amount(
    sent: Span, short: str, views: Sequence[ClaimView], held: Mapping[str, list[str]]
) -> bool:
    """Is the number answering "how much/many/old/far" a time in every claim it rests on
    ("sold out by 2" for "How much did we sell the van for?")? False when the question asks
    no amount, or no claim is there to judge by. `held`: per claim id, its qualifiers'
    values, each read alone ("two" and "last spring" are two qualifiers, no "two last")."""
    asked = _amount_asked(sent)
    if not views or asked is None:
        return False
    said = _plain(short)
    return all(_said_as_time(said, v, held.get(v.claim.id, []), sent, asked) for v in views)
