"""A plan called off (issue 21, change22): "We're going to Lisbon in August" then "we
cancelled the Lisbon trip" or "we called off the barbecue". The plan is over from when it was
called off; the row stays, so "Were we going to go to Lisbon?" still reads it. Which verbs call
a plan off is data (data/cancelling_verbs.txt); which plan is the one whose object or place
shares a word with what was called off ("the Lisbon trip": going to Lisbon), so "we cancelled
the trip" with no word of its own ends nothing (a wrong ending costs more than a missed one).
"""

from __future__ import annotations

from datetime import datetime

from resident.language.change import endable
from resident.language.matching import _lemma_tokens, planned
from resident.language.restated import _label
from resident.language.statement import base_form
from resident.language.words import words
from resident.memory.client import GraphStore
from resident.records import Claim

#: Where a plan goes or happens: its place words name it as well as its object does.
_PLACES = frozenset({"location", "destination"})


def _phrasal(predicate: str) -> str:
    """A stored predicate as its (phrasal) verb lemma ("calls_off": call_off)."""
    head, _, rest = predicate.partition("_")
    return f"{base_form(head)}_{rest}" if rest else base_form(head)


def cancels(predicate: str) -> bool:
    """Is the claim's verb one of calling a plan off ("cancels", "calls_off")?"""
    return not predicate.startswith("not_") and _phrasal(predicate) in words("cancelling_verbs")


def end_cancelled(graph: GraphStore, claim: Claim, when: datetime, now: datetime) -> list[Claim]:
    """`claim` calls a plan off ("Nina cancels Lisbon trip"): each plan of the same subject
    still ahead whose object or place shares a word with what was called off is over."""
    if not cancels(claim.predicate):
        return []
    others = [o for o in graph.peek_claims(claim.subject) if endable(o, claim, now)]
    held = graph.qualifiers_of([claim.id, *(o.id for o in others)])
    # "the trip to Rome": the place said with what was called off names it too.
    own = [q.value for q in held.get(claim.id, ()) if q.role in _PLACES]
    called_off = _lemma_tokens(" ".join([_label(graph, claim), *own]))
    if not called_off:
        return []
    ended = []
    for other in others:
        qualifiers = held.get(other.id, ())
        if cancels(other.predicate) or not planned(qualifiers, other, now):
            continue
        places = [q.value for q in qualifiers if q.role in _PLACES]
        named = _lemma_tokens(" ".join([_label(graph, other), *places]))
        if named & called_off:
            ended.append(graph.end_validity(other.id, when, now))
    return ended
