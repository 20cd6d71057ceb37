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
_PLACED = ("location", "destination")
_DEICTIC = frozenset({"here", "there"})


def _place_words(label: str, prep: str | None, qualifiers: Iterable[Qualifier]) -> set[str]:
    places = [q.value for q in qualifiers if q.role in _PLACED]
    if prep in ("in", "to", "at"):
        places.append(label)
    return _lemma_tokens(" ".join(places))


#: When a move happened, the words of where to, and when it was told.
Move = tuple[datetime, set[str], datetime]

#: A move told this long after a place was said is news of a later sitting: it outdates the
#: place even when dated before the place was said ("lives in Bristol", a week later "she
#: moved to Bath last month"); within one sitting the dates decide.
_LATER_SITTING = timedelta(hours=12)


def moves_of(
    claims: Iterable[tuple[Claim, str]], held: Mapping[str, Sequence[Qualifier]]
) -> list[Move]:
    """When a person moved (a relocation verb, not a plan), with the words of where to and
    when it was told."""
    out = []
    for claim, label in claims:
        negated, verbs, prep = claim_verbs(claim.predicate)
        quals = held.get(claim.id, ())
        doing = _moving(claim)
        if negated or not (verbs & _MOVES or doing) or planned(quals):
            continue
        # "does moving": the gerund is the move, not where to; the destination says that.
        where = _place_words("" if doing else label, prep or "to", quals)
        if where:
            out.append((claim.occurred_at or claim.created_at, where, claim.created_at))
    return out


def is_move(claim: Claim, qualifiers: Sequence[Qualifier]) -> bool:
    """Did this statement move someone (a relocation verb, said as done, not a plan)?"""
    negated, verbs, _ = claim_verbs(claim.predicate)
    moved = bool(verbs & _MOVES) or _moving(claim)
    return not negated and moved and not planned(qualifiers)


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
    _, verbs, _ = claim_verbs(view.claim.predicate)
    if not moves or verbs & _MOVES or not verbs & _RESIDES:
        return False
    return left_since(view, held, moves)


def left_since(
    view: ClaimView, held: Mapping[str, Sequence[Qualifier]], moves: Sequence[Move]
) -> bool:
    """Did a later move take the statement's subject to a place other than the one it holds
    (whatever its verb: "bought a flat in Leith", then "moved to Perth")?"""
    prep = claim_verbs(view.claim.predicate)[2]
    place = _place_words(view.object_label, prep, held.get(view.claim.id, ()))
    said = view.claim.occurred_at or view.claim.created_at
    told = view.claim.created_at + _LATER_SITTING
    # "moved here in 2019" names no other place, told whenever.
    news = [w for at, w, t in moves if at > said or (t > told and not w & _DEICTIC)]
    return bool(place) and any(not place & where for where in news)
