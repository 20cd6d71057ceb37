"""Time expressions ("yesterday", "a year ago today", "Friday the ninth", "the fourth of July",
"the weekend before last", "in two weeks") resolved against the moment a turn was said. Pure: the
turn's time comes in as `now`, a datetime comes out.

A phrase is an anchor (a named day, a weekday, an ordinal day, a month, a week/month/year with
next/last; today when there is none) moved by offsets: "<n> <units> ago / before / earlier",
"<n> <units> later / after / from now", "in <n> <units>", "before last", "after next". The
calendar side lives in `when_days.py`; steps are dateutil `relativedelta`s, so months and years
keep the day of the month and clamp only where the target month is shorter. The verb's tense
(`past`) decides the side of a bare weekday, month or ordinal day, the nearer side when the form
does not show it; None rather than a guess.
"""

from __future__ import annotations

from datetime import datetime

from dateutil import parser as dateparser  # type: ignore[import-untyped, unused-ignore]
from dateutil.relativedelta import relativedelta  # type: ignore[import-untyped, unused-ignore]

from resident.language.when_days import (
    MONTHS,
    NUMERIC,
    TIME_WORDS,
    UNITS,
    WEEKDAYS,
    YEAR,
    anchor,
    count,
    day_index,
    direction,
    mentions_time,
    span,
    tokens,
)
from resident.language.when_named import NAME_WORDS, season_of
from resident.language.words import words as words_list

__all__ = ["mentions_time", "render", "resolve", "yearless_day"]

_BACK = frozenset({"ago", "before", "earlier", "back"})
_ON = frozenset({"later", "after", "from", "hence"})
#: Offsets that count from a day the phrase must name ("two days later" alone counts from an
#: event we do not know, so it resolves to nothing).
_NEEDS_ANCHOR = frozenset({"before", "earlier", "later", "after"})
_WEEKDAY_LISTS = [[w] for w in WEEKDAYS]


def _day(now: datetime) -> datetime:
    return now.replace(hour=0, minute=0, second=0, microsecond=0)


def _add_months(moment: datetime, months: int) -> datetime:
    """`moment` moved by whole months; a day the target month lacks becomes its last day
    (31 March - 1 month = 28 or 29 February), every other day stays as it is."""
    shifted: datetime = moment + relativedelta(months=months)
    return shifted


def resolve(phrase: str, now: datetime, *, past: bool | None = True) -> datetime | None:
    """The day a time phrase points at, relative to `now` (its tzinfo kept), or None.

    `past` says how to read a bare weekday, month or ordinal day ("on Saturday" said of something
    done is the last Saturday; of a plan, the next one); None when the verb's form does not show
    the tense (`tense.clause_past`): the nearer one."""
    today = _day(now)
    numeric = NUMERIC.search(phrase)
    if numeric:
        return _numeric(numeric.group(0), today)
    words = tokens(phrase)
    if not words or _habit(words):
        return None
    if words[0] == "since":
        # "I'm vegan since January": whatever the clause's tense, "since" points back.
        past = True
    words, extra = _before_last(words)
    moved = _offset(words)
    if moved is None:
        base = anchor(words, today, past)
        return None if base is None else base + extra
    amount, rest, needs_anchor = moved
    base = anchor(rest, today, past) if _names_a_day(rest) else None
    if base is None and (needs_anchor or _names_a_day(rest)):
        return None
    found: datetime = (base or today) + amount + extra
    return found


def yearless_day(phrase: str) -> bool:
    """Does the phrase name a day of a month without its year or a side ("the ninth of
    March", "September the twenty-seventh"; not "last March 3rd", "3 March 2025", "since")?"""
    words = tokens(phrase)
    if not words or words[0] in ("since", "until", "till") or direction(words):
        return False
    if any(YEAR.fullmatch(w) for w in words):
        return False
    return day_index(words) is not None and any(w in MONTHS for w in words)


def habitual(phrase: str) -> bool:
    """Does the time phrase say a habit or a day of a story, no one day of the calendar?"""
    return _habit(tokens(phrase))


def _habit(words: list[str]) -> bool:
    """ "every Wednesday", "on Tuesdays", "at weekends", "on Thursday evenings": a habit has
    no one day; nor has "on the Sunday", a day of a story told (a trip's), not of the calendar
    around the moment it is said."""
    plural_days = {w + "s" for w in WEEKDAYS} | {"weekends"}
    if "every" in words or "each" in words or plural_days & set(words):
        return True
    for i, word in enumerate(words):
        if word not in WEEKDAYS:
            continue
        after = words[i + 1] if i + 1 < len(words) else ""
        if after.endswith("s") and after.removesuffix("s") in words_list("day_periods"):
            return True  # "on Thursday evenings", "Sunday mornings"
        if i > 0 and words[i - 1] == "the" and i + 1 == len(words):
            # "we went to the museum on the Sunday"; "the Friday before last" is a day.
            return True
    return False


def _numeric(text: str, today: datetime) -> datetime | None:
    """A numeric date through dateutil: day first (as the household writes it), the turn's day
    filling what it leaves out, never a fuzzy guess."""
    try:
        found: datetime = dateparser.parse(
            text, default=today.replace(tzinfo=None), dayfirst="/" in text, fuzzy=False
        )
    except (ValueError, OverflowError):
        return None
    return found.replace(tzinfo=today.tzinfo)


def _names_a_day(words: list[str]) -> bool:
    return any(w in TIME_WORDS and w not in UNITS for w in words) or mentions_time(" ".join(words))


def _before_last(words: list[str]) -> tuple[list[str], relativedelta]:
    """ "the weekend before last" is last weekend a week earlier; "the Friday after next" is next
    Friday a week later; "the month before last", "the year after next" step by their unit, a
    named day, a season or a month by a year."""
    for i in range(len(words) - 1):
        pair = (words[i], words[i + 1])
        if pair in (("before", "last"), ("after", "next")):
            sign = -1 if pair[0] == "before" else 1
            unit = next((w for w in words[:i] if w in ("month", "year")), "week")
            if season_of(words[:i]) or any(w in NAME_WORDS or w in MONTHS for w in words[:i]):
                unit = "year"  # "the summer before last", "Christmas before last"
            return [*words[:i], words[i + 1], *words[i + 2 :]], span(sign, unit)
    return words, relativedelta()


def _offset(words: list[str]) -> tuple[relativedelta, list[str], bool] | None:
    """The offset a phrase counts ("a year ago", "in two weeks", "three days from now"), the
    words left for its anchor, and whether the offset needs one; None when there is none."""
    if words[0] == "in" and len(words) >= 3:
        at = _counted_unit(words, 1)
        if at is not None:
            n, end = at
            return span(n, words[end]), words[end + 1 :], False
    back = _before_count(words)
    if back is not None:
        return back
    for i, word in enumerate(words):
        if word not in _BACK and word not in _ON or i == 0:
            continue
        start = _count_start(words, i - 1)
        if start is None:
            continue
        n = _count_at(words, start)
        rest = [*words[:start], *words[i + 1 :]]
        if word == "from" and rest[-1:] in (["now"], ["today"]):
            rest = rest[:-1]
        sign = -1 if word in _BACK else 1
        return span(sign * n, words[i - 1]), rest, word in _NEEDS_ANCHOR
    return _ahead_of(words)


def _before_count(words: list[str]) -> tuple[relativedelta, list[str], bool] | None:
    """ "before two weeks", "before three days": how many languages say "two weeks ago" (the
    count straight after "before", nothing after it to count from), counted back from the day
    it is said. "before Christmas" or "before the wedding" have no count and are no offset."""
    if words[0] != "before" or len(words) < 3:
        return None
    at = _counted_unit(words, 1)
    if at is None or at[1] + 1 != len(words):
        return None
    n, end = at
    return span(-n, words[end]), [], False


def _ahead_of(words: list[str]) -> tuple[relativedelta, list[str], bool] | None:
    """ "a week today", "two weeks on Friday": a span straight before its anchor counts on;
    before a day gone ("a week last Thursday", "a fortnight yesterday") it counts back from it,
    as British speech says the day that much earlier."""
    at = _counted_unit(words, 0)
    if at is None or at[1] + 1 >= len(words):
        return None
    n, end = at
    follows = words[end + 1]
    day_gone = follows == "yesterday" or words[end + 2 : end + 3] in _WEEKDAY_LISTS
    if day_gone and follows in ("last", "yesterday"):
        # Not "three days last week": a stretch inside the week gone, not before it.
        return span(-n, words[end]), words[end + 1 :], False
    if follows in ("today", "tomorrow", "tonight", "on") or follows in WEEKDAYS:
        # Said of any tense, the anchor is the coming one: "a week on Sunday" is the Sunday
        # after the next.
        return span(n, words[end]), ["coming", *words[end + 1 :]], False
    return None


def _counted_unit(words: list[str], at: int) -> tuple[int, int] | None:
    """ "two weeks", "a couple of days", "a fortnight" starting at `at`: (count, unit index)."""
    for end in range(at, min(at + 4, len(words))):
        if words[end].removesuffix("s") in UNITS:
            start = _count_start(words, end)
            return (_count_at(words, start), end) if start == at else None
    return None


def _count_start(words: list[str], unit_at: int) -> int | None:
    """Where the count before the unit at `unit_at` starts ("a couple of days": at "a")."""
    if unit_at < 1 or words[unit_at].removesuffix("s") not in UNITS:
        return None
    at = unit_at - 1
    if words[at] == "of" and at >= 1:
        at -= 1
    if count(words[at]) is None:
        return None
    if at >= 1 and words[at - 1] in ("a", "an") and words[at] in ("couple", "few"):
        at -= 1
    return at


def _count_at(words: list[str], start: int) -> int:
    if words[start] in ("a", "an") and start + 1 < len(words) and count(words[start + 1]):
        word = words[start + 1]
        if word in ("couple", "few"):
            return count(word) or 1
    return count(words[start]) or 1


def render(moment: datetime) -> str:
    """A day as people say it: "Saturday 28 November 2026"."""
    return (
        f"{WEEKDAYS[moment.weekday()].capitalize()} {moment.day} "
        f"{MONTHS[moment.month - 1].capitalize()} {moment.year}"
    )
