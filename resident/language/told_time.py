"""A time as MAX tells it, no finer than it was said: "I gave up the pipe in March" is told
as "March 2026", not as the first of March it is stored at; "Agnes passed in 2019" as "2019";
"yesterday" or "on the 3rd of October" as the day. The day is the asker's own (the time zone
of `now`): a day said in Pune is stored as its local midnight, the evening before in UTC. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Literal

from resident.language.render import local_day
from resident.language.when import render as render_day
from resident.language.when import resolve
from resident.language.when_days import (
    MONTHS,
    NUMERIC,
    TIME_WORDS,
    WEEKDAYS,
    day_index,
    ordinal,
    tokens,
)
from resident.language.when_named import holiday_of, season_of
from resident.language.words import table
from resident.records import Claim, Qualifier

Precision = Literal["day", "month", "season", "year"]

#: Words that name a day, a week or a part of one: the day is meant.
_DAYS = frozenset(
    {*WEEKDAYS, *(w + "s" for w in WEEKDAYS), "today", "tonight", "yesterday", "tomorrow"}
) | {"day", "days", "week", "weeks", "fortnight", "weekend", "weekends", "morning", "afternoon"}
_MONTHS = frozenset({*MONTHS, "month", "months"})
_YEAR = re.compile(r"^(1[89]|2[01])\d\d$")
_COUNTS = frozenset(table("number_words")) - {"a", "an"}


def precision(phrase: str) -> Precision:
    """How finely a time phrase names its time: a day ("yesterday", "on Friday", "14
    October", "two weeks ago", "last Christmas"), a month ("in March", "last month"), a season
    ("last summer") or a year ("in 2019", "a year ago"). A phrase this cannot place names a
    day, as before."""
    words = tokens(phrase)
    if NUMERIC.search(phrase) or day_index(words) is not None or set(words) & _DAYS:
        return "day"
    if holiday_of(words) is not None:
        return "day"  # "last Christmas", "on New Year's Eve"
    if season_of(words, kept=True) is not None:
        return "season"
    if "ago" in words or any(w in _COUNTS or w.isdigit() and not _YEAR.match(w) for w in words):
        # "three months ago", "in two years": a count from the day said, not a month named.
        return "day"
    months = [i for i, w in enumerate(words) if w in MONTHS]
    for i in months:
        # "14 October", "October 14", "first September": a day of the month said plainly.
        near = words[max(0, i - 1) : i] + words[i + 1 : i + 2]
        if any(w.isdigit() and 1 <= int(w) <= 31 or ordinal(w) is not None for w in near):
            return "day"
    if set(words) & _MONTHS:
        return "month"
    if any(_YEAR.match(w) for w in words) or set(words) & {"year", "years"}:
        return "year"
    return "day"


def current(qualifiers: Sequence[Qualifier]) -> list[Qualifier]:
    """What a statement holds now: where a change was said of it ("Stefan has changed his
    shifts, now he works nights on Fridays only"), each role's last value replaces the ones
    said before it ("on Tuesdays"); the store keeps them in the order they were recorded."""
    if not any(q.role == "change" for q in qualifiers):
        return list(qualifiers)
    last = {q.role: i for i, q in enumerate(qualifiers)}
    return [q for i, q in enumerate(qualifiers) if last[q.role] == i]


def said_time(qualifiers: Iterable[Qualifier]) -> str:
    """The time phrase a statement kept ("in March"), or ""; of a plan moved since, the time
    it was moved to (`current`)."""
    return " ".join(q.value for q in current(list(qualifiers)) if q.role == "time")


def told(moment: datetime, now: datetime, phrase: str = "", *, weekday: bool = False) -> str:
    """`moment` as MAX says it, in the asker's time zone, no finer than `phrase` said it: the
    plain date ("8 January 2026") for an answer, with its weekday for the line that tells
    what happened ("on Thursday 8 January 2026")."""
    day = local_day(moment, now)
    told_day = render_day(day) if weekday else render_day(day).split(" ", 1)[1]
    said = tokens(phrase)
    timed = any(w in TIME_WORDS or w.isdigit() for w in said) or season_of(said, kept=True)
    if not phrase or not timed:
        return told_day
    kind = precision(phrase)
    if kind == "season":
        return f"{season_of(tokens(phrase), kept=True)} {day.year}"
    return told_day if kind == "day" else told_as(moment, now, kind)


def told_as(moment: datetime, now: datetime, kind: Precision) -> str:
    """`moment` told at the precision given: "2022", "March 2026", "8 January 2026"."""
    day = local_day(moment, now)
    if kind == "year":
        return str(day.year)
    if kind == "month":
        return f"{MONTHS[day.month - 1].capitalize()} {day.year}"
    return render_day(day).split(" ", 1)[1]


def on_time(moment: datetime, now: datetime, phrase: str = "") -> str:
    """`told` with its weekday and preposition: "on Sunday 18 October 2026", "in March 2026",
    "in 2019"."""
    said = told(moment, now, phrase, weekday=True)
    return f"on {said}" if said.split()[0].lower() in WEEKDAYS else f"in {said}"


def occurred(claim: Claim, qualifiers: Iterable[Qualifier], past: bool | None) -> datetime | None:
    """When what a claim says happened: its own time, else its kept time phrase read from
    the day it was told ("had his knee operation on Tuesday", told on Saturday 14 November,
    is Tuesday the 10th), never from the day it is asked. None for a habit ("on Tuesdays")
    or no time at all. `past`: the question's tense, for a bare weekday or month."""
    if claim.occurred_at is not None:
        return claim.occurred_at
    phrase = said_time(qualifiers)
    return resolve(phrase, claim.created_at, past=past or None) if phrase else None
