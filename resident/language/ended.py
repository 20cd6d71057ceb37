"""What is no longer so, for the asking side: a statement that something ended ("I stopped
brewing beer"), a change said of it ("now he works nights on Fridays only"), a move away
since ("Liam's moved to Darwin"). Each turns a "still" question into "No, not any more"; a
role said again with a change replaces what it was (`current`). Moved out of asking.py. Reads
held claims only through what it is given, except `_moved_away`, which bumps the claim it
rests on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from resident.language import lexicon
from resident.language.counting import number_value
from resident.language.dictionary import Dictionary
from resident.language.gone import gone_had
from resident.language.knowledge import Answer, ClaimView, views
from resident.language.matching import _ing_forms, _lemma_tokens, claim_verbs
from resident.language.moves import is_move
from resident.language.question_reading import Query
from resident.language.statement import base_form
from resident.language.still_parted import parted
from resident.language.superseded import ends_kind, names_people
from resident.language.told_time import current, on_time, said_time
from resident.language.words import words
from resident.records import Qualifier

#: How a no from what ended it leads its reply ("I quit", "I changed to day shifts").
NOT_ANY_MORE = "No, not any more as far as I know:"
_CESSATION = words("cessation_verbs")
#: Parting with a thing ("sold the caravan") ends having it (superseded.ends_kind).
_PARTING = words("parting_verbs")
_DWELL = words("asking_dwelling_verbs")
#: Qualifiers that say nothing of what ended: that it was said as a change, and why.
_NOT_WHAT = frozenset({"change", "purpose"})


def _phrasal(predicate: str) -> str:
    """A stored predicate as its phrasal verb ("gives_up": give_up), the way the cessation
    list writes one."""
    head, _, rest = predicate.removeprefix("not_").partition("_")
    return f"{base_form(head)}_{rest}" if rest else base_form(head)


def _when(view: ClaimView) -> float:
    return (view.claim.occurred_at or view.claim.created_at).timestamp()


def _changed(query: Query, view: ClaimView, qualifiers: Sequence[Qualifier]) -> bool:
    """ "Does Lucía (still) work night shifts?" after "I changed to day shifts": a change said
    as one, about the same thing (a word of what is asked) but not all of it; the time the
    question names is asked too ("still ... on Tuesdays" after "now on Fridays only"). Only
    for what is so now: "Did Lucía work night shifts?" is not denied by a later change."""
    if query.past or not any(q.role == "change" for q in qualifiers):
        return False
    now = current(qualifiers)
    text = " ".join([view.object_label, *(q.value for q in now if q.role not in _NOT_WHAT)])
    said = _lemma_tokens(text)
    asked = set(query.object_words) | _lemma_tokens(query.time_phrase or "")
    return bool(said & asked) and not asked <= said


def _number(text: str) -> int | None:
    """The value of a label that is only a number ("ten", "8", "forty"), else None."""
    said = text.strip().lower().split()
    return number_value(said[0]) if len(said) == 1 else None


def replaced_value(query: Query, view: ClaimView, qualifiers: Sequence[Qualifier]) -> bool:
    """ "Does the workshop still open at eight?" after "it opens at ten now instead of
    eight": the same verb and preposition held now with another number, said as a change
    (change.py files it "declared"), answers no; a number held with no change said, or a
    value that is no number, is left to the rest (two values may both hold)."""
    if query.wh != "yes" or query.past or query.negated or len(query.object_words) != 1:
        return False
    asked = _number(query.object_words[0])
    negated, verbs, prep = claim_verbs(view.claim.predicate)
    if asked is None or negated or prep != query.prep or query.verb not in verbs:
        return False
    if not any(q.role == "change" for q in qualifiers):
        return False
    held = _number(view.object_label)
    return held is not None and held != asked


def ceased(
    query: Query,
    shown: list[ClaimView],
    held: Mapping[str, Sequence[Qualifier]],
    gone: tuple[Dictionary, Sequence[str] | None, datetime] | None = None,
) -> ClaimView | None:
    """For "Does Tomas still brew beer?": the latest statement that it ended ("I stopped
    brewing beer"), if one was said; with `gone` (the graph, the ids of whom the question asks
    of, now), else a death that leaves them without the thing asked of ("Kluska died", gone.py)."""
    if query.wh != "yes":
        return None
    found = _ceased(query, shown, held) or _moved_on(query, shown, held)
    if found is None and gone is not None:
        dictionary, owner, now = gone
        # "Is Joe still with Claire?" after "Claire and I split up" (still_parted.py).
        found = parted(dictionary, query, owner, now) if owner else None
        return found or gone_had(dictionary, query, owner, [v.claim for v in shown], now)
    return found


def _ceased(
    query: Query, shown: list[ClaimView], held: Mapping[str, Sequence[Qualifier]]
) -> ClaimView | None:
    asked = {*query.object_words, query.verb, *query.also}
    for v in sorted(shown, key=_when, reverse=True):
        _, verbs, _ = claim_verbs(v.claim.predicate)
        if _changed(query, v, held.get(v.claim.id, ())) or replaced_value(
            query, v, held.get(v.claim.id, ())
        ):
            return v
        ending = (verbs | {_phrasal(v.claim.predicate)}) & (_CESSATION | _PARTING)
        if not ending or ending & {query.verb, *query.also}:
            # "Did Idris finish the half marathon?" asks the ending itself: that he finished
            # it is a yes, not that something ended.
            continue
        parts = ending & words("relinquishing_verbs") and not v.object_label.endswith("ing")
        if not parts and not any(
            ends_kind(e, frozenset({query.verb, *query.also}), _thing(query)) for e in ending
        ):
            continue  # "Do I have keys?" is not answered by "I left my keys at home"
        if names_people(v.claim):
            continue  # "I dropped the kids at school" ends no school run
        # Why it ended is not what ended: "stopped piano lessons {because: guitar now}".
        said_with = (q.value for q in held.get(v.claim.id, ()) if q.role not in _NOT_WHAT)
        text = " ".join([v.object_label, *said_with])
        words_said = _lemma_tokens(text) | verbs
        said = {f for w in words_said for f in _ing_forms(w)} | words_said
        # "Do I eat fish?" is not answered by "I stopped eating meat": a thing asked of must
        # be the thing said to have ended.
        things = set(query.object_words) - verbs
        if said & things if things else said & asked:
            return v
    return None


def _thing(query: Query) -> str:
    """The last word of what a question asks of ("lesson" of "piano lessons"), "" for none."""
    return query.object_words[-1] if query.object_words else ""


def _dwells(view: ClaimView) -> bool:
    """Is the statement one of where its subject lives ("lives in", "is based in")?"""
    negated, verbs, prep = claim_verbs(view.claim.predicate)
    said = {lexicon.base(v, "v") or v for v in verbs}
    return not negated and prep is not None and bool(said & _DWELL)


def _moved_on(
    query: Query, shown: list[ClaimView], held: Mapping[str, Sequence[Qualifier]]
) -> ClaimView | None:
    """ "Does Gavin still live in Scarborough?" after "he lives in Whitby now": where someone
    lives is one place; said again with a change, a new place replaces the one held before.
    Only a place held before as where they lived is denied ("Does Gavin live in England?"
    asks of no place replaced)."""
    if query.past or not query.object_words or query.verb not in _DWELL | {"be"}:
        return None
    asked = set(query.object_words)
    dwelt = sorted((v for v in shown if _dwells(v)), key=_when)

    def place(v: ClaimView) -> set[str]:
        return _lemma_tokens(
            " ".join([v.object_label, *(q.value for q in held.get(v.claim.id, ()))])
        )

    for n, v in reversed(list(enumerate(dwelt))):
        changed = any(q.role == "change" for q in held.get(v.claim.id, ()))
        if not changed or asked & place(v):
            continue
        if any(asked <= place(before) for before in dwelt[:n]):
            return v
    return None


def moved_away(
    dictionary: Dictionary,
    query: Query,
    shown: list[ClaimView],
    left: list[ClaimView],
    held: Mapping[str, Sequence[Qualifier]],
    now: datetime,
) -> Answer | None:
    """ "Is Liam still in Cairns?" when only a statement that he moved since holds it: no,
    with the move it rests on. None for any other question."""
    if query.wh != "yes" or query.past or not query.object_words:
        return None
    asked = set(query.object_words)
    places = [
        _lemma_tokens(" ".join([v.object_label, *(q.value for q in held.get(v.claim.id, ()))]))
        for v in left
    ]
    if not any(asked <= place for place in places):
        return None
    moved = [v for v in shown if is_move(v.claim, held.get(v.claim.id, ()), v.object_label)]
    if not moved:
        return None
    latest = max(moved, key=_when)
    went = " ".join([latest.object_label, *(q.value for q in held.get(latest.claim.id, ()))])
    if asked & _lemma_tokens(went):
        # He moved back there: the last move does not say he left.
        return None
    fresh = views([dictionary.graph.get_claim(latest.claim.id, now)], dictionary)
    text = f"{NOT_ANY_MORE}\n" + with_time(fresh[0], now, held)
    return Answer(text=text, claims=fresh, known=True, short="No", score=3.0)


def with_time(view: ClaimView, now: datetime, held: Mapping[str, Sequence[Qualifier]]) -> str:
    """The claim's line, with when it happened said no finer than it was told."""
    if view.claim.occurred_at is None:
        return view.line
    phrase = said_time(held.get(view.claim.id, ()))
    return f"{view.line} It happened (or is due) {on_time(view.claim.occurred_at, now, phrase)}."
