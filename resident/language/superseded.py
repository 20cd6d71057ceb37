"""What a turn says is over, for the store (issue 21, answers about something else): a state
said in the past ends the same state told before by anyone ("Tanvi: Joe is a paramedic" then
"Joe: was a paramedic"), and leaving what one of the subject's one-valued attributes holds ends
that attribute ("I work at the pharmacy" then "I left the pharmacy in March"). The cue verbs are
data (data/departure_verbs.txt); what ends is read from the claims held, so nothing here is tied
to a sentence. Nothing is deleted: the ended rows still answer "before" and "ever".
"""

from __future__ import annotations

from datetime import datetime

from resident.cognition.statements import is_one_valued
from resident.language.change import endable
from resident.language.matching import claim_verbs
from resident.language.words import words
from resident.memory.client import GraphStore
from resident.records import Claim


def _same_value(a: Claim, b: Claim) -> bool:
    if a.object_entity is not None and a.object_entity == b.object_entity:
        return True
    return a.object_value.strip().lower() == b.object_value.strip().lower()


def end_told_before(graph: GraphStore, claim: Claim, when: datetime, now: datetime) -> list[Claim]:
    """`claim` was said as a state that is over ("was a paramedic"): the same state told
    before, by the same teller or another, is over too, from `when`."""
    return [
        graph.end_validity(other.id, when, now)
        for other in graph.peek_claims(claim.subject, claim.predicate)
        if endable(other, claim, now) and _same_value(other, claim)
    ]


def departs(predicate: str) -> bool:
    """Is the claim's verb one of leaving what one holds ("leaves", "quits", "moves_out_of")?"""
    negated, verbs, _prep = claim_verbs(predicate)
    return not negated and bool(verbs & words("departure_verbs"))


def end_left(graph: GraphStore, claim: Claim, when: datetime, now: datetime) -> list[Claim]:
    """`claim` says its subject left something ("Orla leaves pharmacy"): each one-valued
    attribute of the subject that holds that same thing (works_at pharmacy, lives_in Leeds)
    is over from `when`. A many-valued one ("likes the pharmacy's tea") is left standing."""
    if not departs(claim.predicate):
        return []
    return [
        graph.end_validity(other.id, when, now)
        for other in graph.peek_claims(claim.subject)
        if is_one_valued(other.predicate)
        and endable(other, claim, now)
        and _same_value(other, claim)
    ]
