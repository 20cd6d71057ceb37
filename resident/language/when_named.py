"""Days and stretches of the year said by their name: the holidays ("last Christmas", "at
Easter", "on New Year's Eve", data/named_days.tsv) and the seasons ("last summer", "in the
winter", "the spring before last", data/seasons.tsv). Pure: the turn's day comes in as `today`.

A name recurs every year, so the phrase or the tense picks the one meant, as for a weekday:
"last" the latest one over before today, "next" the first one after it, "this" the one of
this year, and a bare name the side the clause's tense says ("we saw them at Christmas" the
one before, "we're going away at Easter" the one ahead). A season is stored at its first day.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from dateutil.easter import EASTER_ORTHODOX, EASTER_WESTERN, easter  # type: ignore[import-untyped, unused-ignore]
from dateutil.relativedelta import (  # type: ignore[import-untyped, unused-ignore]
    FR,
    MO,
    SA,
    SU,
    TH,
    TU,
    WE,
    relativedelta,
)

from resident.language.words import table, words

_NAMED_DAYS = table("named_days")
_SEASONS = {k: int(v) for k, v in table("seasons").items()}
#: The words that make a name: what `when_days` counts as a time word.
#: A name of more words holds one of these or a word of the day ("Boxing Day", "Bonfire Night").
#: The seasons are not among them: a season word is a time only after a word that makes it
#: one (`season_of`).
NAME_WORDS = frozenset(k for k in _NAMED_DAYS if " " not in k)
#: The words before a season word that make it a time ("last summer", "in the spring").
_SEASON_LEAD = words("season_lead")
_LENGTH = relativedelta(months=3)
#: Words that make a named day a wish ("Happy new year"), said on the day of no deed.
_GREETINGS = frozenset({"happy", "merry"})
#: A year said in digits: 1800 to 2199 ("summer 2019", "in 2019"; `when_days` reads it too).
YEAR = re.compile(r"(1[89]|2[01])\d\d")
#: dateutil's weekdays, Monday first (`when_days` counts "the first Monday of May" with them).
WEEKDAY_STEPS = (MO, TU, WE, TH, FR, SA, SU)
#: How named_days.tsv writes a weekday in an nth-weekday rule ("06-sun3").
_RULE_DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


def season_of(words: list[str], *, kept: bool = False) -> str | None:
    """The season a phrase names ("last summer": "summer"), or None. A season word alone, with
    nothing around it that makes it a time ("last", "the", "in" before it; "before last" or a
    year after it), is no season: "Summer" and "Autumn" are names too ("Where does Summer
    live?"). `kept`: the words are a time phrase already (a time qualifier kept as "summer"):
    any season word in them is one."""
    for i, word in enumerate(words):
        after = words[i + 1] if i + 1 < len(words) else ""
        led = bool(i) and words[i - 1] in _SEASON_LEAD
        if word in _SEASONS and (kept or led or after in ("before", "after") or after.isdigit()):
            return word  # "last summer", "summer before last", "summer 2024"
    return None


def holiday_of(words: list[str]) -> str | None:
    """The named day a phrase says ("on New Year's Eve": "new year s eve"), or None; the
    longest name said wins ("Orthodox Easter" is not the western "Easter")."""
    text = f" {' '.join(words)} "
    said = [k for k in _NAMED_DAYS if f" {k} " in text]
    return max(said, key=len) if said else None


def _greeted(words: list[str], key: str) -> bool:
    """ "Happy new year", "Merry Christmas": a wish said on the day, no time of a deed."""
    first = key.split()[0]
    at = words.index(first) if first in words else 0
    return at > 0 and words[at - 1] in _GREETINGS


def named(words: list[str], today: datetime, past: bool) -> datetime | None:
    """The holiday the phrase names ("last Christmas", "on Good Friday"), or None."""
    key = holiday_of(words)
    if key is None or _greeted(words, key):
        return None
    rules = _NAMED_DAYS[key].split("|")
    return _pick(lambda year: [_holiday(r, year, today) for r in rules], words, today, past)


def season(words: list[str], today: datetime, past: bool) -> datetime | None:
    """The first day of the season the phrase names ("the summer before last"), or None. Read
    after a day or a month: "came home on Thursday for the summer" came on the Thursday."""
    said = season_of(words)
    if said is None:
        return None
    month = _SEASONS[said]
    return _pick(
        lambda year: [today.replace(year=year, month=month, day=1)], words, today, past, _LENGTH
    )


def _holiday(rule: str, year: int, today: datetime) -> datetime:
    """The day a named_days.tsv rule gives in `year`: "12-25", "easter+1", "orthodox-2", or
    the nth weekday of a month, "06-sun3" (the third Sunday of June) or "08-mon-1" (the last
    Monday of August), through dateutil's relativedelta(weekday=SU(3))."""
    found = re.fullmatch(r"(easter|orthodox)([+-]\d+)", rule)
    if found:
        method = EASTER_ORTHODOX if found.group(1) == "orthodox" else EASTER_WESTERN
        sunday = easter(year, method)
        day = today.replace(year=sunday.year, month=sunday.month, day=sunday.day)
        return day + relativedelta(days=int(found.group(2)))
    nth = re.fullmatch(r"(\d\d)-([a-z]{3})(-?\d)", rule)
    if nth:
        month, n = int(nth.group(1)), int(nth.group(3))
        step = WEEKDAY_STEPS[_RULE_DAYS.index(nth.group(2))](n)
        first = today.replace(year=year, month=month, day=1)
        moved: datetime = first + relativedelta(day=1 if n > 0 else 31, weekday=step)
        return moved
    month, day_of_month = (int(x) for x in rule.split("-"))
    return today.replace(year=year, month=month, day=day_of_month)


def _pick(
    on: Callable[[int], list[datetime]],
    words: list[str],
    today: datetime,
    past: bool,
    length: relativedelta | None = None,
) -> datetime:
    """Of the yearly days `on(year)` (a name may stand for several, as "the bank holiday"),
    the one the phrase means: the one of the year said ("summer 2019", "Christmas 2024"),
    "last" the latest whose stretch (`length`, a season's three months) is over, "next" the
    first ahead, "this" the one around this year's, a bare name the nearest on the tense's
    side (one under way counts for either side)."""
    length = length or relativedelta(days=1)
    said = [int(w) for w in words if YEAR.fullmatch(w)]
    if said:
        return min(on(said[0]))
    years = [day for k in range(-3, 4) for day in on(today.year + k)]
    ends = [(start, start + length) for start in years]
    if "last" in words or "previous" in words or "past" in words:
        return max(start for start, end in ends if end <= today)
    if "next" in words or "coming" in words:
        return min(start for start, _ in ends if start > today)
    if "this" in words:
        # The one under way or still ahead this year; a winter begun last December is this one.
        return min(start for start, end in ends if end > today)
    if past:
        return max(start for start, _ in ends if start <= today)
    return min(start for start, end in ends if end > today)
