"""The calendar side of time phrases: their words, the counts and ordinal days in them, and the
day an anchor names ("yesterday", "last Friday", "Friday the ninth", "the fourth of July", "the
first of the month", "next month"). `when.py` adds the offsets ("a year ago", "in two weeks").

Pure: the turn's day comes in as `today` (midnight, its tzinfo kept). Weekday and month names
are dateutil's own (`parserinfo`); the counts and ordinals are data files. A weekday, a month or
an ordinal day with nothing to place it before or after today is read on the side `past` says,
or, when the verb does not show its tense (`past` None), on the nearer side.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from dateutil.parser import parserinfo  # type: ignore[import-untyped, unused-ignore]
from dateutil.relativedelta import relativedelta  # type: ignore[import-untyped, unused-ignore]

from resident.language.when_named import (
    NAME_WORDS,
    WEEKDAY_STEPS,
    YEAR,
    holiday_of,
    named,
    season,
    season_of,
)
from resident.language.words import table

#: Full names only: dateutil's abbreviations include "sat", "sun" and "may" as words people use.
WEEKDAYS = tuple(names[-1].lower() for names in parserinfo.WEEKDAYS)
MONTHS = tuple(names[-1].lower() for names in parserinfo.MONTHS)
#: A month alone, and "of" a month: what may follow a day of the month said without "the".
_MONTH_LISTS = [[m] for m in MONTHS]
_OF_MONTHS = [["of", m] for m in MONTHS]
_NUMBERS = {k: int(v) for k, v in table("number_words").items()}
_ORDINALS = {k: int(v) for k, v in table("ordinal_words").items()}
_PERIOD_PARTS = table("period_parts")
#: A tens word then a unit word, spaced or run together: "twenty sixth", "twentyfirst" (a
#: qualifier kept without the hyphen).
_UNHYPHENED = re.compile(
    r"\b({})\s*({})\b".format(
        "|".join(k for k, v in _NUMBERS.items() if 20 <= v <= 90 and v % 10 == 0),
        "|".join(k for k, v in {**_NUMBERS, **_ORDINALS}.items() if 1 <= v <= 9),
    )
)
_DAY_WORDS = {"today": 0, "tonight": 0, "yesterday": -1, "tomorrow": 1}
_PARTS_OF_DAY = frozenset({"morning", "afternoon", "evening", "night"})
UNITS = frozenset({"day", "week", "fortnight", "month", "year"})
TIME_WORDS = frozenset(
    {
        *WEEKDAYS,
        *(w + "s" for w in WEEKDAYS),
        *MONTHS,
        *_DAY_WORDS,
        *_PARTS_OF_DAY,
        *UNITS,
        *(u + "s" for u in UNITS),
        "weekend",
        "weekends",
        "ago",
        *NAME_WORDS,
    }
)
#: How far a "Friday the ninth" on the side the tense says may lie before the nearer one on the
#: other side wins: such a day is named only when it is close at hand (weeks, not months).
_NEAR = timedelta(days=62)
#: An ISO or numeric date said as such ("2026-05-12", "12/05/2026").
NUMERIC = re.compile(r"\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b")


def tokens(phrase: str) -> list[str]:
    """The phrase's words, lower case: "12th" and "twenty-eighth" stay one word, a hyphen the
    tokenizer spaced out is closed again, "week-end" is "weekend", and a compound number
    written without its hyphen ("the twenty sixth", "twenty one") is one word as with it."""
    text = re.sub(r"\s*-\s*", "-", phrase.lower())
    text = _UNHYPHENED.sub(r"\1-\2", text)
    out = []
    for word in re.findall(r"\d+(?:st|nd|rd|th)?|[a-z]+(?:-[a-z]+)*", text):
        joined, parts = word.replace("-", ""), word.split("-")
        if len(parts) > 1 and joined in TIME_WORDS:
            out.append(joined)
        elif any(p in TIME_WORDS for p in parts):  # "mid-May", "late-night"
            out.extend(parts)
        else:
            out.append(word)
    return out


def count(word: str) -> int | None:
    """A count: "3", "three", "forty-five"; None for anything else."""
    if word.isdigit():
        return int(word)
    parts = word.split("-")
    if len(parts) == 2 and parts[0] in _NUMBERS and parts[1] in _NUMBERS:
        return _NUMBERS[parts[0]] + _NUMBERS[parts[1]]
    return _NUMBERS.get(word)


def ordinal(word: str) -> int | None:
    """A day of the month said as an ordinal: "9th", "ninth", "twenty-eighth"; else None."""
    match = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)", word)
    if match:
        n = int(match.group(1))
    else:
        tens, _, unit = word.rpartition("-")
        n = _ORDINALS.get(unit, 0) + (_NUMBERS.get(tens, 0) if tens else 0)
        if tens and (tens not in _NUMBERS or _NUMBERS[tens] % 10):  # "twenty-", not "one-"
            n = 0
    return n if 1 <= n <= 31 else None


def day_index(words: list[str]) -> int | None:
    """Where an ordinal names a day of the month, or None: after a weekday or month ("Friday
    the ninth", "July 4th"), before "of <month>" or "of the month", or closing the phrase after
    "the" ("on the 12th"). "for the first time" and "the seventeenth century" are no days."""
    for i, word in enumerate(words):
        counted = words[i + 1 : i + 3] in _OF_MONTHS and count(word)
        if ordinal(word) is None and not counted:
            continue
        before = words[i - 1] if i else ""
        named = {*WEEKDAYS, *MONTHS}
        if before in named or (before == "the" and i >= 2 and words[i - 2] in named):
            return i
        after = words[i + 1 : i + 4]
        of_month = (
            bool(after) and after[0] == "of" and any(w in MONTHS or w == "month" for w in after)
        )
        ends = not after or after[0] in MONTHS or after[0] in ("next", "last", "this")
        # A learner drops the article: "on nineteenth of March", "on twentieth December".
        of_named = of_month and any(w in MONTHS for w in after) or after[:1] in _MONTH_LISTS
        # "on fifth": a time kept without its article (`roles.phrase`) is the day still.
        if (before in ("the", "on") or word[0].isdigit() or of_named) and (of_month or ends):
            return i
    return None


def day_of_month(word: str) -> int | None:
    """A day of the month as said: an ordinal ("ninth", "9th") or, as a learner says it, a
    count straight before "of <month>" ("on eight of December"; `day_index` finds where)."""
    found = ordinal(word)
    if found is None:
        found = count(word)
    return found if found is not None and 1 <= found <= 31 else None


def mentions_time(text: str) -> bool:
    """Whether a phrase has a word this reader resolves (a cheap test before `resolve`)."""
    words = tokens(text)
    named = any(w in TIME_WORDS for w in words) or day_index(words) is not None
    # A name whose words are none of the time words: "the bank holiday", "Hallowe'en".
    named = named or holiday_of(words) is not None
    return named or season_of(words) is not None or NUMERIC.search(text) is not None


def direction(words: list[str]) -> int:
    if "last" in words or "past" in words or "previous" in words:
        return -1
    if "next" in words or "coming" in words:
        return 1
    return 0


def anchor(words: list[str], today: datetime, past: bool | None) -> datetime | None:
    """The day the phrase names without offsets, or None. `past` None: the clause's verb does
    not show its tense ("I hurt my ankle in October"): next/last in the phrase decide, else the
    nearer of the two readings (the one said in December is two months back)."""
    if past is None:
        step = direction(words)
        if step:
            return _anchor(words, today, step < 0)
        back, ahead = _anchor(words, today, True), _anchor(words, today, False)
        if back is None or ahead is None:
            return back or ahead
        return back if today - back <= ahead - today else ahead
    return _anchor(words, today, past)


def _anchor(words: list[str], today: datetime, past: bool) -> datetime | None:
    readings = (
        _named_day,
        named,
        _nth_weekday,
        _ordinal_day,
        _period_part,
        _month,
        _weekday,
        _weekend,
        season,
        _unit,
        _year,
    )
    for reading in readings:
        found = reading(words, today, past)
        if found is not None:
            return found
    return None


def _named_day(words: list[str], today: datetime, past: bool) -> datetime | None:
    """ "yesterday", "the day after tomorrow", "last night", "this morning"."""
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
    if "this" in words and _PARTS_OF_DAY & set(words):
        return today
    return None


def _ordinal_day(words: list[str], today: datetime, past: bool) -> datetime | None:
    """ "the 3rd", "Friday the ninth", "the fourth of July", "the first of next month"."""
    at = day_index(words)
    if at is None:
        return None
    day = day_of_month(words[at])
    assert day is not None
    months = [m for m, name in enumerate(MONTHS, start=1) if name in words]
    if months:
        return _month_day(words, months[0], day, today, past)
    weekdays = [i for i, name in enumerate(WEEKDAYS) if name in words]
    if weekdays:
        return _weekday_day(weekdays[0], day, today, past)
    if "month" in words and "this" in words:
        # "on the twentieth of this month": this month's, whichever side of today it lies.
        try:
            return today.replace(day=day)
        except ValueError:
            return None
    step = direction(words) if "month" in words else 0
    if step:
        try:
            return (today + relativedelta(months=step)).replace(day=day)
        except ValueError:
            return None
    return _side(today, past, day)


def _side(today: datetime, back: bool, day: int, weekday: int | None = None) -> datetime | None:
    """The nearest `day` of a month on one side of today (today included), on `weekday` when
    one is given; months that lack the day are skipped. Three years either way at most."""
    first = today.replace(day=1)
    for k in range(37):
        try:
            found = (first + relativedelta(months=-k if back else k)).replace(day=day)
        except ValueError:
            continue
        if (found > today if back else found < today) or (
            weekday is not None and found.weekday() != weekday
        ):
            continue
        return found
    return None


def _weekday_day(weekday: int, day: int, today: datetime, past: bool) -> datetime | None:
    """ "Friday the ninth": the Friday that is a 9th on the side the tense says, unless that one
    is months away and the other side's is close ("we've got a gig on Friday the ninth")."""

    said = _side(today, past, day, weekday)
    other = _side(today, not past, day, weekday)
    if said is None or (other is not None and abs(said - today) > _NEAR >= abs(other - today)):
        return other
    return said


def _month_day(
    words: list[str], month: int, day: int | None, today: datetime, past: bool
) -> datetime | None:
    """ "3 May", "the fourth of July", "May 2024", "the fifteenth of August next year"."""
    years = [int(w) for w in words if w.isdigit() and len(w) == 4]
    if day is None:
        days = [int(w) for w in words if w.isdigit() and 1 <= int(w) <= 31]
        day = days[0] if days else 1
    step = direction(words) if "year" in words else 0
    year = years[0] if years else today.year + step
    try:
        found = today.replace(year=year, month=month, day=day)
    except ValueError:
        return None
    if years or step or "this" in words:
        return found
    if past and found > today:
        return found - relativedelta(years=1)
    if not past and found < today:
        return found + relativedelta(years=1)
    return found


def _month(words: list[str], today: datetime, past: bool) -> datetime | None:
    for m, name in enumerate(MONTHS, start=1):
        if name in words:
            return _month_day(words, m, None, today, past)
    return None


def _period(words: list[str], today: datetime, past: bool) -> _Period | None:
    """The month a phrase places a day in ("of March", "of the month", "of next month"): its
    first day, the step to the same month on the other side, and whether the phrase fixed it
    (a year, next/last, "this") or the tense may move it."""
    fixed = direction(words) != 0 or "this" in words
    months = [m for m, name in enumerate(MONTHS, start=1) if name in words]
    if months:
        start = _month_day([*words, "this"], months[0], 1, today, past)
        fixed = fixed or any(w.isdigit() and len(w) == 4 for w in words)
        return None if start is None else (start, relativedelta(years=1), fixed)
    if "month" in words:
        start = today.replace(day=1) + relativedelta(months=direction(words))
        return start, relativedelta(months=1), fixed
    return None


_Period = tuple[datetime, relativedelta, bool]


def _placed(period: _Period, day: relativedelta, today: datetime, past: bool) -> datetime:
    """`day` of the period (a relativedelta with absolute day or weekday), moved a step to the
    side the tense says when the phrase did not fix it."""
    start, step, fixed = period
    found: datetime = start + day
    if not fixed and past and found > today:
        found = start - step + day
    elif not fixed and not past and found < today:
        found = start + step + day
    return found


def _period_part(words: list[str], today: datetime, past: bool) -> datetime | None:
    """ "the end of March", "mid-May", "the beginning of next month", "late next year": the
    first, middle or last day of the month or year meant, on the side the tense says when
    nothing else places it."""
    part = next((_PERIOD_PARTS[w] for w in words if w in _PERIOD_PARTS), None)
    if part is None:
        return None
    day = relativedelta(day={"first": 1, "middle": 15, "last": 31}[part])
    period = _period(words, today, past)
    if period is None and "year" in words:
        start = today.replace(month=1, day=1) + relativedelta(years=direction(words))
        start += relativedelta(month={"first": 1, "middle": 7, "last": 12}[part])
        period = (start, relativedelta(years=1), direction(words) != 0 or "this" in words)
    return None if period is None else _placed(period, day, today, past)


def _nth_weekday(words: list[str], today: datetime, past: bool) -> datetime | None:
    """ "the first Monday of the month", "the last Friday in May", "the second Tuesday of next
    month": dateutil's relativedelta(weekday=MO(n)) in the month meant."""
    for i in range(len(words) - 2):
        n = -1 if words[i] == "last" else ordinal(words[i])
        if n is None or n > 5 or words[i + 1] not in WEEKDAYS or words[i + 2] not in ("of", "in"):
            continue
        period = _period(words[i + 3 :], today, past)
        if period is None:
            return None
        pick = WEEKDAY_STEPS[WEEKDAYS.index(words[i + 1])](n)
        return _placed(period, relativedelta(day=1 if n > 0 else 31, weekday=pick), today, past)
    return None


def _back(words: list[str], past: bool) -> bool:
    step = direction(words)
    return step < 0 or (step == 0 and past and "this" not in words)


def _weekday(words: list[str], today: datetime, past: bool) -> datetime | None:
    """ "last Saturday", "on Friday", "this Sunday": the nearest such day before or after today
    (never today itself)."""
    for i, name in enumerate(WEEKDAYS):
        if name in words or (name + "s") in words:
            if _back(words, past):
                return today - timedelta(days=(today.weekday() - i) % 7 or 7)
            return today + timedelta(days=(i - today.weekday()) % 7 or 7)
    return None


def _weekend(words: list[str], today: datetime, past: bool) -> datetime | None:
    """The Saturday of the weekend meant, whatever weekday it is said on: on a Saturday or a
    Sunday "this weekend" (and a bare one) is the one under way, "last weekend" the one before
    it and "next weekend" the one after it; on a weekday "last" is the one just gone and
    "this", "next" or a bare one of a plan the one ahead."""
    if "weekend" not in words:
        return None
    step = direction(words)
    if today.weekday() >= 5:
        current = today - timedelta(days=today.weekday() - 5)
        return current + timedelta(days=7 * step)
    if _back(words, past):
        return today - timedelta(days=(today.weekday() - 5) % 7)
    return today + timedelta(days=5 - today.weekday())


def _unit(words: list[str], today: datetime, past: bool) -> datetime | None:
    """ "next week", "last month", "this year"."""
    step = direction(words)
    for unit in ("week", "month", "year"):
        if unit in words and step != 0:
            moved: datetime = today + span(step, unit)
            return moved
        if unit in words and "this" in words:
            return today
    return None


def span(n: int, unit: str) -> relativedelta:
    """N units ("days", "a fortnight", "months") as a calendar step: months and years keep the
    day of the month, or its last day where the target month is shorter."""
    unit = unit.removesuffix("s")
    if unit == "fortnight":
        return relativedelta(weeks=2 * n)
    return relativedelta(**{f"{unit}s": n})


def _year(words: list[str], today: datetime, past: bool) -> datetime | None:
    """ "in 2019", "since 1986": a year said alone, stored at its first day (told as the year,
    `told_time.precision`)."""
    years = [int(w) for w in words if YEAR.fullmatch(w)]
    return today.replace(year=years[0], month=1, day=1) if years else None
