"""Between statements that both answer "when", the finer time wins: "I'm flying to Lagos in
November", then "the flight is on the 6th of November": the 6th, which lies in the November
said before and says more of it; so for one statement said twice, first with the month, then
with the day. A finer time that falls outside the coarser one is another
telling (a change of plan), left to the order the answer already has. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.matching import event_nouns
from resident.language.render import local_day
from resident.language.told_time import precision, said_time
from resident.language.when import resolve
from resident.language.when_days import MONTHS, ordinal, tokens
from resident.records import Claim, Qualifier

if TYPE_CHECKING:
    from resident.language.knowledge import ClaimView

_RANK = {"year": 0, "season": 1, "month": 2, "day": 3}
#: How far from its start a season said reaches.
_SEASON_DAYS = 92


def _whens(qualifiers: Sequence[Qualifier]) -> list[str]:
    """The phrases that say when, without one that says how long ("for a fortnight", kept
    in the same role): a fortnight is no day of it."""
    return [q.value for q in qualifiers if q.role == "time" and q.value.split()[0] != "for"]


def _kind(view: ClaimView, held: Mapping[str, Sequence[Qualifier]]) -> str:
    phrase = " ".join(_whens(held.get(view.claim.id, ())))
    return precision(phrase) if phrase else "day"


def _within(coarse: datetime, kind: str, fine: datetime) -> bool:
    """Does the moment `fine` lie in the time `coarse` names at its precision `kind`?"""
    if kind == "year":
        return fine.year == coarse.year
    if kind == "month":
        return (fine.year, fine.month) == (coarse.year, coarse.month)
    if kind == "season":
        return abs((fine - coarse).days) <= _SEASON_DAYS
    return False


def finest(
    dated: Sequence[tuple[ClaimView, datetime]], held: Mapping[str, Sequence[Qualifier]]
) -> tuple[ClaimView, datetime]:
    """The dated candidate to answer from: the first, unless another names a finer time that
    lies within the first's."""
    lead, at = dated[0]
    kind = _kind(lead, held)
    best, best_at, best_rank = lead, at, _RANK[kind]
    for view, moment in dated[1:]:
        rank = _RANK[_kind(view, held)]
        if rank > best_rank and _within(at, kind, moment):
            best, best_at, best_rank = view, moment, rank
    return best, best_at


def finest_said(
    claim: Claim, qualifiers: Sequence[Qualifier], at: datetime, past: bool | None
) -> tuple[datetime, str]:
    """When a statement happened and the phrase to tell it by, where it was said more than
    once: "we're moving in March", later "we're moving on the 14th of March" keeps one
    statement with both phrases, and its time from the first. The finest phrase whose day
    lies within the first's time wins; else the time held, told as said."""
    phrases = _whens(qualifiers)
    if len(phrases) < 2:
        phrase = phrases[0] if phrases else said_time(qualifiers)
        return at, held_month(claim, at, phrase) or phrase
    kind = precision(phrases[0])
    # A month said beside the day in another role ("on the 14th of May" kept as "on 14th"
    # and "May"): the day is not of the first time's month.
    said = {w for q in qualifiers for w in tokens(q.value) if w in MONTHS}
    other_month = bool(said - {MONTHS[local_day(at, at).month - 1]})
    best: tuple[datetime, str] | None = None
    rank = _RANK[kind]
    for phrase in phrases[1:]:
        finer = _RANK[precision(phrase)]
        for moment in _moments(phrase, claim.created_at, at, past, other_month):
            if finer > rank and _within(at, kind, moment):
                best, rank = (moment, phrase), finer
                break
    # None finer within it: the first time as it was said, not a day of it read from a
    # phrase that names another ("1 March" of "in March" and "on the 14th of May").
    return best if best is not None else (at, phrases[0])


def held_month(claim: Claim, at: datetime, phrase: str) -> str | None:
    """A month for a time held finer than the one phrase kept says ("in September last year",
    of which a change of the same turn kept only "last year"): a year phrase is read from the
    day it was told, so a time held on the first of another month was said with its month.
    None when the phrase says as much as the time held."""
    if not phrase or precision(phrase) != "year":
        return None
    day = _local_midnight(at)
    if day is None or day.day != 1 or day.month == 1:
        return None
    told_on = claim.created_at + (day - at)  # the day it was told, in the same zone
    if (day.month, day.day) == (told_on.month, told_on.day):
        return None  # "last year", told on the first of a month
    return f"in {MONTHS[day.month - 1]} {day.year}"


def _local_midnight(at: datetime) -> datetime | None:
    """The day a time held names: a day is stored as its local midnight in UTC (the evening
    before, east of Greenwich), so the midnight nearest it; None for a time of day."""
    day = (at + timedelta(hours=12)).replace(hour=0, minute=0, second=0, microsecond=0)
    return day if (day - at).total_seconds() % 900 == 0 else None


def _moments(
    phrase: str, told_at: datetime, coarse: datetime, past: bool | None, other_month: bool
) -> list[datetime]:
    """The days a phrase may name: read from the day it was told, and a day of the month said
    alone ("on the 14th", with the month said before) read within the coarser time."""
    out = [resolve(phrase, told_at, past=past or None)]
    words = tokens(phrase)
    alone = not other_month and not set(words) & set(MONTHS)
    if alone and any(w.isdigit() or ordinal(w) is not None for w in words):
        out.append(resolve(phrase, coarse, past=False))
    elif set(words) & set(MONTHS):
        # "the 12th of August", told in January of a plan held for August: read forward
        # from the time held, it is this August's, where read from January it may be last's.
        out.append(resolve(phrase, coarse, past=False))
    return [m for m in out if m is not None]


def refined(
    verb: str,
    top: list[ClaimView],
    pool: Sequence[ClaimView],
    held: Mapping[str, Sequence[Qualifier]],
) -> list[ClaimView]:
    """`top` with, first, a statement of the same subject that names the event of the verb
    asked ("flight" of "When is Kemi flying to Lagos?", WordNet's nouns derived from the verb)
    at a finer time within the answer's coarser one ("going to Lagos in November", "my flight
    is on the 6th of November"); `top` as it was when its time is a day or none is finer."""
    lead = top[0] if top else None
    at = None if lead is None else lead.claim.occurred_at
    if lead is None or at is None:
        return top
    kind = _kind(lead, held)
    if kind == "day":
        return top
    events = event_nouns(verb)
    shown = {v.claim.id for v in top}
    for view in pool:
        claim = view.claim
        if claim.id in shown or claim.subject != lead.claim.subject or claim.occurred_at is None:
            continue
        said = [*claim.predicate.split("_"), *view.object_label.lower().split()[-1:]]
        if not any(_names_event(lexicon.base(w, "n") or w, verb, events) for w in said):
            continue
        if _RANK[_kind(view, held)] > _RANK[kind] and _within(at, kind, claim.occurred_at):
            return [view, *top]
    return top


def _names_event(noun: str, verb: str, events: frozenset[str]) -> bool:
    """Does `noun` name the event of `verb`: one of the nouns WordNet derives from the verb,
    or a noun whose frequent senses WordNet derives the verb from ("flight": fly, listed on
    the noun's side only)?"""
    if noun in events:
        return True
    wn = lexicon.reader()
    if wn is None:
        return False
    return any(
        d.name().lower() == verb
        for sense in wn.synsets(noun, "n")[:3]
        if sense.lexname() == "noun.act"
        for said in sense.lemmas()
        for d in said.derivationally_related_forms()
        if d.synset().pos() == "v"
    )
