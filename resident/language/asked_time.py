"""Questions about time that a stored time answers by arithmetic from the day it was said:
"How long have you lived in Porto?" of "I've lived in Porto for four years" told a year ago
(five years now), "Since when ...?" of the same (since 2022), "How long has he lived in
Leeds?" of "since 2019" (seven years), "How long ago did we go to Rome?" of "last Christmas".
Also whether a statement holds at the time a question names (`at_time_asked`). Pure: the
asking moment comes in as `now`.

A duration said in the present perfect still runs: it grows by the whole units gone by since
it was said. One asked in the past ("How long did Joe live in Nottingham?") is over and is
told as said. Every span is told in the unit it was said in, or the largest whole unit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from dateutil.relativedelta import relativedelta  # type: ignore[import-untyped, unused-ignore]

from resident.language.knowledge import ClaimView
from resident.language.matching import _lemma_tokens, holds_time
from resident.language.question_reading import Query
from resident.language.told_time import Precision, occurred, told_as
from resident.language.when import resolve
from resident.language.when_days import count, span, tokens
from resident.language.words import table
from resident.records import Claim, Qualifier

_WORDS = {int(v): k for k, v in reversed(table("number_words").items()) if k not in ("a", "an")}
#: How finely a start counted back by a unit is told: four years back is a year.
_PRECISION: dict[str, Precision] = {"year": "year", "month": "month"}
#: The units a span is told in, largest first.
_UNITS = ("year", "month", "week", "day")


def _duration(phrase: str) -> tuple[int, str] | None:
    """ "for four years", "six months", "a fortnight": (count, unit), or None."""
    # "since four years": how a speaker of many languages says "for four years".
    skip = ("for", "since", "about", "nearly", "almost", "over")
    words = [w for w in tokens(phrase) if w not in skip]
    if len(words) == 1 and words[0] == "fortnight":
        return 2, "week"
    if len(words) != 2 or words[1].removesuffix("s") not in _UNITS:
        return None
    n = 1 if words[0] in ("a", "an") else count(words[0])
    return None if n is None else (n, words[1].removesuffix("s"))


def _told_span(n: int, unit: str) -> str:
    return f"{_WORDS.get(n, str(n))} {unit}{'' if n == 1 else 's'}"


def _whole(unit: str, start: datetime, end: datetime) -> int:
    """How many whole `unit`s lie between two moments."""
    gone = relativedelta(end, start)
    if unit == "year":
        return int(gone.years)
    if unit == "month":
        return int(gone.years * 12 + gone.months)
    days = (end - start).days
    return days // 7 if unit == "week" else days


def lasted(filler: str, claim: Claim, now: datetime, past: bool) -> str:
    """How long, as the duration said ("for four years") grown by the whole units gone by
    since it was said, unless asked of what is over (`past`) or said of what was (the claim
    ended: "Joe lived in Hull for ten years")."""
    plain = re.sub(r"^(for|since) ", "", filler)
    found = _duration(filler)
    if found is None or past or not claim.valid_at(now):
        return plain
    n, unit = found
    grown = _whole(unit, claim.created_at, now)
    return _told_span(n + grown, unit) if grown > 0 else plain


def elapsed(start: datetime, now: datetime) -> str | None:
    """The span from `start` to `now` in its largest whole unit ("seven years"), or None
    when `start` is not before `now`."""
    for unit in _UNITS:
        n = _whole(unit, start, now)
        if n > 0:
            return _told_span(n, unit)
    return None


def reckoned_from(query: Query, claim: Claim, qualifiers: Sequence[Qualifier]) -> str | None:
    """The time said that `spanned` counts from, when the question asks for a count from it
    ("last Christmas" for "How long ago ...?"), so the statement answers it; else None."""
    times = [q.value for q in qualifiers if q.role == "time"]
    durations = [q.value for q in qualifiers if q.role == "duration"]
    if query.wh == "how long" and query.time_asked == "ago":
        return times[0] if times else None if claim.occurred_at is None else "then"
    if query.wh == "how long" and not durations and query.time_asked == "perfect":
        since = next((t for t in times if t.lower().startswith("since ")), None)
        counted = since is not None and _duration(since) is not None
        start = None if since is None else resolve(since, claim.created_at, past=True)
        return since if counted or start is not None else None
    if query.wh == "when" and query.time_asked == "since" and not times and durations:
        return durations[0] if _duration(durations[0]) else None
    return None


def spanned(
    query: Query, claim: Claim, qualifiers: Sequence[Qualifier], now: datetime
) -> str | None:
    """The answer arithmetic gives: "How long ago" from when it happened, "How long" from a
    "since" time, "Since when" from a duration said in the present perfect; else None."""
    said = reckoned_from(query, claim, qualifiers)
    if said is None:
        return None
    if query.time_asked == "ago":
        at = occurred(claim, qualifiers, True)
        gone = None if at is None else elapsed(at, now)
        return None if gone is None else f"{gone} ago"
    if query.wh == "how long" and _duration(said) is not None:
        return lasted(said, claim, now, False)
    if query.wh == "how long":
        start = resolve(said, claim.created_at, past=True)
        return None if start is None else elapsed(start, now)
    found = _duration(said)
    assert found is not None
    # No finer than the duration said: four years back is a year, six months a month.
    return told_as(claim.created_at - span(*found), now, _PRECISION.get(found[1], "day"))


def at_time_asked(
    query: Query, view: ClaimView, qualifiers: Sequence[Qualifier], now: datetime
) -> bool:
    """A question that names a time and asks something else than when holds only statements
    of that time."""
    if query.time_phrase is None or query.wh in ("when", "how long", "how often"):
        return True
    rate = _lemma_tokens(query.time_phrase)
    if rate and rate <= _lemma_tokens(view.object_label):
        # "How many swims a week?": a rate said with the thing counted ("two swims a week");
        # "Does Gethin hate Mondays?": the time named is what the statement is about.
        return True
    if any(q.role == "manner" and rate <= _lemma_tokens(q.value) for q in qualifiers):
        # "How far does Lucas swim every evening?": a habit's time said as its frequency.
        return True
    return holds_time(query.time_phrase, qualifiers, view.claim.occurred_at, now)
