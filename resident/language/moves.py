"""Moves: when a person moved (a relocation verb, or its gerund stored as a doing), and whether a
place a statement holds was left by a later move. Pure; asking.py and ended.py read these."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.matching import _lemma_tokens, claim_verbs, planned
from resident.language.words import words
from resident.records import Claim, Qualifier

if TYPE_CHECKING:
    from resident.language.knowledge import ClaimView

_MOVES = words("relocation_verbs")
_RESIDES = words("residence_verbs")
#: Verbs of a home (where someone lives, never their job): one list with held_meaning's.
_HOME_VERBS = words("residing_verbs") | words("staying_verbs")
_HOMES = words("home_senses")
_MOTION = words("motion_senses")
_PLACED = ("location", "destination")
_DEICTIC = frozenset({"here", "there"})


def _place_words(label: str, prep: str | None, qualifiers: Iterable[Qualifier]) -> set[str]:
    places = [q.value for q in qualifiers if q.role in _PLACED]
    if prep in ("in", "to", "at"):
        places.append(label)
    return _lemma_tokens(" ".join(places))


#: When a move happened, the words of where to (none for a move out), and when it was told.
Move = tuple[datetime, set[str], datetime]

#: A move told this long after a place was said is news of a later sitting: it outdates the
#: place even when dated before the place was said ("lives in Bristol", a week later "she
#: moved to Bath last month"); within one sitting the dates decide.
_LATER_SITTING = timedelta(hours=12)


def moves_of(
    claims: Iterable[tuple[Claim, str]], held: Mapping[str, Sequence[Qualifier]]
) -> list[Move]:
    """When a person moved (a relocation verb, or going into a home; not a plan), with the
    words of where to and when it was told. A move out of a place ("moved out of Mum's") is
    one with no place to: it outdates every home held before it (outdated_by_move)."""
    out: list[Move] = []
    for claim, label in claims:
        quals = held.get(claim.id, ())
        if not is_move(claim, quals, label):
            continue
        doing = _moving(claim)
        if _moved_out(claim.predicate):
            out.append((claim.occurred_at or claim.created_at, set(), claim.created_at))
            continue
        _, _, prep = claim_verbs(claim.predicate)
        # "does moving": the gerund is the move, not where to; the destination says that.
        where = _place_words(
            "" if doing else label, "in" if prep == "into" else prep or "to", quals
        )
        if where:
            out.append((claim.occurred_at or claim.created_at, where, claim.created_at))
    return out


def is_move(claim: Claim, qualifiers: Sequence[Qualifier], label: str = "") -> bool:
    """Did this statement move someone (a relocation verb, or going into a home: "went into a
    care home"), said as done, not a plan?"""
    negated, verbs, _ = claim_verbs(claim.predicate)
    moved = bool(verbs & _MOVES) or _moving(claim) or _into_home(claim.predicate, label)
    return not negated and moved and not planned(qualifiers)


def dwells(verb: str) -> bool:
    """Does the verb say where someone lives (data: residing_verbs, staying_verbs)? "Where is
    Dennis living?" in the progressive asks where he lives now, not a plan, so a later move
    outdates the answer."""
    return verb in _HOME_VERBS


def _moved_out(predicate: str) -> bool:
    """ "moves_out_of", "moves_out": a move out of a place, not "moves_from" (where someone
    came from long ago is told beside where they live now)."""
    _, verbs, _ = claim_verbs(predicate)
    return bool(verbs & _MOVES) and "out" in predicate.split("_")[1:]


def _into_home(predicate: str, label: str) -> bool:
    """Going into a home ("goes_into" a care home, a flat): a verb WordNet puts at or under
    going somewhere, "into", and a head noun under a home (data: home_senses)."""
    negated, verbs, prep = claim_verbs(predicate)
    head = label.split()[-1] if label.split() else ""
    if negated or prep != "into" or not head or not lexicon.under(head, _HOMES):
        return False
    return any(lexicon.under(verb, _MOTION, "v") for verb in verbs)


def _moving(claim: Claim) -> bool:
    """A move stored as a doing ("Hermione moved to Bath last month": "does moving", its
    destination a qualifier), as a dated clause is read: a relocation verb's gerund."""
    said = (claim.object_literal or "").strip().lower()
    if claim.predicate != "does" or " " in said or not said.endswith("ing"):
        return False
    return (lexicon.base(said, "v") or "") in _MOVES


def outdated_by_move(
    view: ClaimView,
    held: Mapping[str, Sequence[Qualifier]],
    moves: Sequence[Move],
) -> bool:
    """Was a place this statement holds ("works as a chef in Bath") left by a later move to
    another place ("moved to Cardiff")? Then it no longer says where the person is."""
    _, verbs, prep = claim_verbs(view.claim.predicate)
    if not moves or verbs & _MOVES or not verbs & _RESIDES:
        return False
    if not verbs & _HOME_VERBS:
        # A move out of a home says nothing of where someone works.
        moves = [m for m in moves if m[1]]
    place = _place_words(view.object_label, prep, held.get(view.claim.id, ()))
    said = view.claim.occurred_at or view.claim.created_at
    told = view.claim.created_at + _LATER_SITTING
    # "moved here in 2019" names no other place, told whenever.
    news = [w for at, w, t in moves if at > said or (t > told and not w & _DEICTIC)]
    return bool(place) and any(not place & where for where in news)
