"""Measures said with their unit, for "how far", "how long", "how tall", "how heavy", "how big":
a number said right before a noun that WordNet files under a unit of the dimension asked
(data/measure_kinds.tsv: "far" a linear unit, "long" a unit or period of time,
"heavy" a unit of mass), with the rate said after it ("five miles a day"). Pure.

The number is a count, never an ordinal ("the fourth day") nor a number joined to its noun
("a two-hour drive" is one drive, asked of as "how long" only through its own words). What a
statement holds as its quantity role is read first, then its object: "swam two hours" keeps
"two hours" as the quantity, "walks 3 km" may keep it as the object.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from spacy.lang.en.lex_attrs import like_num

from resident.language import lexicon
from resident.language.words import table, words
from resident.records import Qualifier

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Ordinal endings: "the 3rd", "fourth" are no counts of a unit.
_ORDINAL = ("st", "nd", "rd", "th")


def measured(wh: str) -> str | None:
    """The adjective a "how ..." question measures ("how tall": tall), when a unit answers it."""
    how, _, adjective = wh.partition(" ")
    return adjective if how == "how" and adjective in table("measure_kinds") else None


def measure_said(adjective: str, label: str, qualifiers: Iterable[Qualifier] = ()) -> str | None:
    """The measure a statement holds for "how <adjective>": a number with a unit of that
    dimension in its quantity role or its object ("two hours" for how long, "8 miles" for how
    far), with its rate ("a day") where one follows; None when none is said."""
    # "swam two hours": the parse may hang a length of time on the verb as its time.
    roles = ("quantity", "time") if adjective == "long" else ("quantity",)
    for text in (*(q.value for q in qualifiers if q.role in roles), label):
        found = _measure_in(text, adjective)
        if found is not None:
            return found
    return None


def _measure_in(text: str, adjective: str) -> str | None:
    """The first number and unit in `text` that measures `adjective`, with its rate."""
    kinds = table("measure_kinds").get(adjective, "").split()
    said = text.split()
    lower = [w.lower().strip(",.") for w in said]
    for i in range(1, len(lower)):
        if not (_count(lower[i - 1]) and _is_unit(lower[i], kinds)):
            continue
        after = lower[i + 1] if i + 1 < len(lower) else ""
        if after in words("measure_not_after"):
            continue  # "three months ago" is when, "two years old" an age
        if after != adjective and after in table("measure_kinds"):
            continue  # "six feet tall" is no distance, "20 metres long" no height
        start = i - 1
        while start > 0 and (_count(lower[start - 1]) or lower[start - 1] == "and"):
            start -= 1
        while lower[start] == "and":
            start += 1
        end = i + 1
        if end + 1 < len(lower) and _rate(lower[end], lower[end + 1]):
            end += 2  # "five miles a day"
        return " ".join(w.strip(",.") for w in said[start:end])
    return None


def _count(word: str) -> bool:
    """A number word said as a count ("two", "25", "1,500", "twenty-five"), not an ordinal
    ("fourth", "3rd"), a score ("3-1") nor a number joined to a noun ("2-hour")."""
    if word.replace(",", "").isdigit():
        return True
    parts = word.split("-")
    if not all(p.isalpha() and like_num(p) for p in parts):
        return False
    return not any(p.endswith(_ORDINAL) and p not in words("counts_ending_ordinal") for p in parts)


def _is_unit(word: str, kinds: list[str]) -> bool:
    """Is `word` a unit of one of `kinds`? A month or a weekday is a date, never a length of
    time ("25 May", "on 3 Friday" misread): WordNet's calendar names are set apart."""
    noun = lexicon.base(word, "n") or word
    calendar = any(lexicon.is_a(noun, named) for named in words("calendar_kinds"))
    if calendar and not lexicon.is_a(noun, "time_unit"):
        return False  # "May", "Friday"; "month" is a unit too
    return any(lexicon.is_a(noun, kind) for kind in kinds)


def _rate(det: str, noun: str) -> bool:
    """ "a day", "per week", "every month": a rate the measure is said per."""
    rates = words("frequency_rates")
    return det in rates and lexicon.is_a(lexicon.base(noun, "n") or noun, "time_period")


def measure_complement(verb: Token) -> str | None:
    """What a copula says its subject measures ("Tom is six feet tall", "the pool is 25 metres
    long": "six feet tall"): an adjective asked as "how ..." (data/measure_kinds.tsv) with a
    number of a unit of its dimension before it; None for any other complement ("he's tall",
    "she's two years old")."""
    for adj in (c for c in verb.children if c.dep_ == "acomp"):
        kinds = table("measure_kinds").get(adj.lemma_.lower(), "").split()
        unit = next((c for c in adj.children if c.dep_ == "npadvmod"), None)
        if not kinds or unit is None or not _is_unit(unit.lower_, kinds):
            continue
        said = " ".join(t.text for t in adj.subtree)
        if _measure_in(said, adj.lemma_.lower()) is not None:
            return said
    return None
