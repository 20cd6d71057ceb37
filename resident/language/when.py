"""Relative time expressions ("yesterday", "last Saturday", "in two weeks") resolved against the
moment a turn was said. Pure: the turn's time comes in as `now`, a datetime comes out.

Our own resolver rather than dateparser: it covers the household phrases the reader meets, keeps
the past/future reading of a bare weekday to the verb's tense, and says None rather than guess.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from dateutil.relativedelta import relativedelta  # type: ignore[import-untyped, unused-ignore]

from resident.language.words import table

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
_NUMBERS = {k: int(v) for k, v in table("number_words").items()}
_UNIT_DAYS = {"day": 1, "week": 7, "fortnight": 14, "month": 30, "year": 365}
_DAY_WORDS = {"today": 0, "tonight": 0, "yesterday": -1, "tomorrow": 1}
_TIME_WORDS = frozenset(
    {
        *_WEEKDAYS,
        *_MONTHS,
        *_DAY_WORDS,
        "week",
        "weekend",
        "month",
        "year",
        "ago",
        "morning",
        "evening",
        "afternoon",
        "night",
        "days",
        "weeks",
        "months",
        "years",
        "fortnight",
    }
)


def mentions_time(text: str) -> bool:
    """Whether a phrase has a word this module resolves (a cheap test before `resolve`)."""
    return any(w in _TIME_WORDS for w in re.findall(r"[a-z]+", text.lower()))


def _day(now: datetime) -> datetime:
    return now.replace(hour=0, minute=0, second=0, microsecond=0)


def _add_months(moment: datetime, months: int) -> datetime:
    """`moment` moved by whole months; a day the target month lacks becomes its last day
    (31 March - 1 month = 28 or 29 February), every other day stays as it is."""
    shifted: datetime = moment + relativedelta(months=months)
    return shifted


def _count(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    return _NUMBERS.get(word)


def _span(n: int, unit: str) -> timedelta | int:
    """N units as a timedelta, or as months (an int) for months and years."""
    unit = unit.rstrip("s")
    if unit == "month":
        return n
    if unit == "year":
        return 12 * n
    return timedelta(days=n * _UNIT_DAYS.get(unit, 1))


def _shift(base: datetime, amount: timedelta | int, sign: int) -> datetime:
    if isinstance(amount, int):
        return _add_months(base, sign * amount)
    return base + sign * amount


def resolve(phrase: str, now: datetime, *, past: bool = True) -> datetime | None:
    """The day a time phrase points at, relative to `now` (its tzinfo kept), or None.

    `past` says how to read a bare weekday or month ("on Saturday" said of something done is
    the last Saturday; of a plan, the next one). Each reading is tried in turn: named days,
    counted spans ("two weeks ago", "in a month"), weekdays, weekends, units, months.
    """
    words = re.findall(r"[a-z]+|\d+", phrase.lower())
    if not words:
        return None
    today = _day(now)
    for reading in (_named_day, _counted, _calendar):
        found = reading(words, today, past)
        if found is not None:
            return found
    return None


def _named_day(words: list[str], today: datetime, past: bool) -> datetime | None:
    """ "yesterday", "the day after tomorrow", "last night"."""
    text = " ".join(words)
    if "day before yesterday" in text:
        return today - timedelta(days=2)
    if "day after tomorrow" in text:
        return today + timedelta(days=2)
    for word, offset in _DAY_WORDS.items():
        if word in words:
            return today + timedelta(days=offset)
    if text == "last night":
        return today - timedelta(days=1)
    return None


def _counted(words: list[str], today: datetime, past: bool) -> datetime | None:
    """ "two weeks ago", "a couple of days ago", "in three months"."""
    if words[-1] == "ago" and len(words) >= 3:
        n = _count(words[-3]) if words[-3] != "of" else None
        if n is None and len(words) >= 4:
            n = _count(words[-4])
        if n is not None:
            return _shift(today, _span(n, words[-2]), -1)
    if words[0] == "in" and len(words) >= 3:
        couple = words[1] == "a" and words[2] in ("couple", "few")
        n = _count(words[2]) if couple else _count(words[1])
        unit = words[-1]
        if n is not None and unit.rstrip("s") in _UNIT_DAYS:
            return _shift(today, _span(n, unit), 1)
    return None


def _direction(words: list[str]) -> int:
    if "last" in words or "past" in words or "previous" in words:
        return -1
    if "next" in words or "coming" in words:
        return 1
    return 0


def _calendar(words: list[str], today: datetime, past: bool) -> datetime | None:
    """A weekday, the weekend, "next week", "last year", a month and day."""
    direction = _direction(words)
    back = direction < 0 or (direction == 0 and past and "this" not in words)
    for i, weekday in enumerate(_WEEKDAYS):
        if weekday in words or (weekday + "s") in words:
            if back:
                return today - timedelta(days=(today.weekday() - i) % 7 or 7)
            return today + timedelta(days=(i - today.weekday()) % 7 or 7)
    if "weekend" in words:
        if back:
            return today - timedelta(days=(today.weekday() - 5) % 7 or 7)
        return today + timedelta(days=(5 - today.weekday()) % 7)
    for unit in ("week", "month", "year"):
        if unit in words and direction != 0:
            return _shift(today, _span(1, unit), direction)
        if unit in words and "this" in words:
            return today
    return _month_day(words, today, past)


def _month_day(words: list[str], today: datetime, past: bool) -> datetime | None:
    """ "3 May", "May 2024", "in March": the nearest such day on the side `past` says."""
    for m, month in enumerate(_MONTHS, start=1):
        if month not in words:
            continue
        day_numbers = [int(w) for w in words if w.isdigit() and 1 <= int(w) <= 31]
        years = [int(w) for w in words if w.isdigit() and len(w) == 4]
        year = years[0] if years else today.year
        try:
            found = today.replace(year=year, month=m, day=day_numbers[0] if day_numbers else 1)
        except ValueError:
            return None
        if not years:
            if past and found > today:
                found = _add_months(found, -12)
            elif not past and found < today:
                found = _add_months(found, 12)
        return found
    return None


def render(moment: datetime) -> str:
    """A day as people say it: "Saturday 28 November 2026"."""
    return (
        f"{_WEEKDAYS[moment.weekday()].capitalize()} {moment.day} "
        f"{_MONTHS[moment.month - 1].capitalize()} {moment.year}"
    )
