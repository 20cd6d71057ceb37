"""The qualifier that fills a question's gap: where, when, how long, how often, how far, why,
who with, and the number said for "how many" or the measure for "how tall". Pure.

Moved whole out of asking.py, which re-exports it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from resident.language.counting import counted, number_in, times_said
from resident.language.knowledge import ClaimView
from resident.language.matching import _tokens
from resident.language.measured import measure_said, measured
from resident.language.prices import PRICE_PREDICATE
from resident.language.question_reading import Query
from resident.language.words import table, words
from resident.records import Qualifier

#: The qualifier roles (migration 009) whose filler answers each kind of question, best first.
GAP_ROLES: dict[str, tuple[str, ...]] = {
    "where": ("destination", "location", "origin"),
    "when": ("time",),
    "how often": ("manner",),
    # "How far", "how tall", "how heavy": a measure (data/measure_kinds.tsv).
    **{f"how {adjective}": ("quantity",) for adjective in table("measure_kinds")},
    "how long": ("duration",),
    "why": ("purpose",),
    "how many": ("quantity",),
}
#: "Who did Evan go with?": the preposition left without its object names the role asked.
_WHO_ROLES = {"with": ("companion",), "to": ("recipient", "destination"), "for": ("recipient",)}


def gap_roles(query: Query) -> tuple[str, ...]:
    """The qualifier roles that fill the question's gap ("where" -> destination, location,
    origin; "who ... with" -> companion; "where ... from" -> origin alone)."""
    if query.wh == "who" and query.subject is not None and query.prep in _WHO_ROLES:
        # Only a stranded preposition asks its object: "Who is Rhys taking to the match?"
        # asks whom he takes, not where.
        return _WHO_ROLES[query.prep] if query.stranded else ()
    if query.wh == "what" and query.prep == "for" and query.stranded:
        return ("purpose",)  # "What is Ana going to Leeds for?": why
    if query.wh == "where" and query.prep == "from":
        # Where someone lives or works is not where they are from.
        return ("origin",)
    return GAP_ROLES.get(query.wh, ())


def gap_filler(
    query: Query, qualifiers: Sequence[Qualifier], label: str = "", predicate: str = ""
) -> str | None:
    """The qualifier that answers the question, if the statement kept one; for "how many",
    a number said with the noun asked, in the object or another role ("forty bushes")."""
    if query.wh == "how many" and query.unit is not None:
        # "How many times a month ...": the count the statement's frequency says, per the
        # rate asked; a frequency said per another rate answers nothing.
        manner = [q.value for q in qualifiers if q.role == "manner"]
        times = times_said(manner, query.unit, query.rate) if manner else None
        counts_times = query.unit in words("frequency_iterations")
        if times is not None or (manner and query.rate is not None and counts_times):
            return times
    adjective = measured(query.wh)
    if adjective is not None and predicate == PRICE_PREDICATE:
        return None  # "three hundred pounds" a guitar cost is no weight, "a month" no length
    if adjective is not None and adjective != "long":
        # "How far", "how tall", "how heavy": a number with a unit of what is asked, in the
        # quantity or the object ("swims 2 km", "weighs 20 kilos").
        return measure_said(adjective, label, qualifiers)
    if query.wh == "how many":
        asked = () if query.amount else (query.unit,) if query.unit else query.object_words
        return counted(asked, label, qualifiers)
    named = {*query.context_words, *query.object_words}
    for role in gap_roles(query):
        held = [q for q in qualifiers if q.role == role]
        if query.wh == "how long":
            # "for her grandmother's birthday" kept as a duration says no length of time: one
            # that says a number of a unit of time comes first ("for three weeks").
            held.sort(key=lambda q: measure_said("long", q.value) is None)
        for q in held:
            # "Where did Ines work in Singapore?" is not answered by "Singapore": what the
            # question names itself is no answer to it.
            if not _tokens(q.value) <= named:
                return within(q, label, predicate) or q.value
    if query.wh == "how long":
        # "Tom swam two hours": a quantity in a unit of time answers it too, as said (never
        # grown by the time gone since, as a duration "for two years" is: asking._short).
        return measure_said("long", label, qualifiers)
    return None


#: The last word of a predicate whose object is itself a place ("works_in", "lives_at").
_PLACE_ENDINGS = frozenset({"in", "at", "into"})


def within(q: Qualifier, label: str, predicate: str) -> str | None:
    """For "where", a place said inside the object that is itself where ("works in a café in
    the city centre": "café in city centre"): the object with its place, never the place
    alone, which names somewhere else; None when the object is no place."""
    if q.role != "location" or not label or predicate.rsplit("_", 1)[-1] not in _PLACE_ENDINGS:
        return None
    return None if _tokens(q.value) <= _tokens(label) else f"{label} in {q.value}"


def latest_counts(
    query: Query, top: Sequence[ClaimView], held: Mapping[str, Sequence[Qualifier]]
) -> list[ClaimView]:
    """For a number asked ("how many", "how far"), of the statements that say the same thing
    but for its number ("Tom sold 30 tickets", later "Tom sold 45 tickets"), the one said last:
    the number said again replaces the one before. Statements of other times stay apart."""
    if query.wh != "how many" and measured(query.wh) is None:
        return list(top)
    latest: dict[tuple[str, ...], ClaimView] = {}
    for v in top:
        times = sorted(q.value for q in held.get(v.claim.id, ()) if q.role == "time")
        words_said = [w for w in v.object_label.lower().split() if number_in(w) is None]
        key = (v.claim.subject, v.claim.predicate, " ".join(words_said), *times)
        if key not in latest or v.claim.created_at > latest[key].claim.created_at:
            latest[key] = v
    kept = {v.claim.id for v in latest.values()}
    return [v for v in top if v.claim.id in kept]
