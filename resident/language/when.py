"""Relative time expressions ("yesterday", "last Saturday", "in two weeks") resolved against the
moment a turn was said. Pure: the turn's time comes in as `now`, a datetime comes out.

Our own resolver rather than dateparser: it covers the household phrases the reader meets, keeps
the past/future reading of a bare weekday to the verb's tense, and says None rather than guess.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from dateutil.relativedelta import relativedelta  # type: ignore[import-untyped]

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
_NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "couple": 2,
    "few": 3,
    "several": 3,
}
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
    the last Saturday; of a plan, the next one).
    """
    words = re.findall(r"[a-z]+|\d+", phrase.lower())
    if not words:
        return None
    today = _day(now)
    text = " ".join(words)
    if "day before yesterday" in text:
        return today - timedelta(days=2)
    if "day after tomorrow" in text:
        return today + timedelta(days=2)
    for word, offset in _DAY_WORDS.items():
        if word in words:
            return today + timedelta(days=offset)
    if text in ("last night",):
        return today - timedelta(days=1)
    if words[-1] == "ago" and len(words) >= 3:
        n = _count(words[-3]) if words[-3] not in ("of",) else None
        if n is None and len(words) >= 4:
            n = _count(words[-4])
        if n is not None:
            return _shift(today, _span(n, words[-2]), -1)
    if words[0] == "in" and len(words) >= 3:
        n = (
            _count(words[1])
            if words[1] != "a" or words[2] not in ("couple", "few")
            else _count(words[2])
        )
        unit = words[-1]
        if n is not None and unit.rstrip("s") in _UNIT_DAYS:
            return _shift(today, _span(n, unit), 1)
    direction = 0
    if "last" in words or "past" in words or "previous" in words:
        direction = -1
    elif "next" in words or "coming" in words:
        direction = 1
    elif "this" in words:
        direction = 0
    for i, weekday in enumerate(_WEEKDAYS):
        if weekday in words or (weekday + "s") in words:
            delta = (i - today.weekday()) % 7
            going_back = direction < 0 or (direction == 0 and past and "this" not in words)
            if going_back:
                back = (today.weekday() - i) % 7 or 7
                return today - timedelta(days=back)
            return today + timedelta(days=delta or 7)
    if "weekend" in words:
        to_saturday = (5 - today.weekday()) % 7
        if direction < 0 or (direction == 0 and past and "this" not in words):
            return today - timedelta(days=(today.weekday() - 5) % 7 or 7)
        return today + timedelta(days=to_saturday)
    for unit in ("week", "month", "year"):
        if unit in words and direction != 0:
            return _shift(today, _span(1, unit), direction)
        if unit in words and "this" in words:
            return today
    for m, month in enumerate(_MONTHS, start=1):
        if month in words:
            day_numbers = [int(w) for w in words if w.isdigit() and 1 <= int(w) <= 31]
            years = [int(w) for w in words if w.isdigit() and len(w) == 4]
            year = years[0] if years else today.year
            day = day_numbers[0] if day_numbers else 1
            try:
                found = today.replace(year=year, month=m, day=day)
            except ValueError:
                return None
            if not years:
                if past and found > today:
                    found = found.replace(year=year - 1)
                elif not past and found < today:
                    found = found.replace(year=year + 1)
            return found
    return None


def render(moment: datetime) -> str:
    """A day as people say it: "Saturday 28 November 2026"."""
    return (
        f"{_WEEKDAYS[moment.weekday()].capitalize()} {moment.day} "
        f"{_MONTHS[moment.month - 1].capitalize()} {moment.year}"
    )
