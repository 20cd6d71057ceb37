"""A thing parted with ends whoever's having it (issue 21, change26): "the motorbike's sold",
"the van was sold in July", "the old boat got given away" are stored as said of the thing
("motorbike is sold"); each holding of that same thing told before ("Rhys buys motorbike",
"we have a van": the owning verbs, data/owning_verbs.txt) is over from when it was parted
with, so "Does Rhys still have the motorbike?" is answered no. Nothing is deleted: the ended
rows still answer "before" and "ever"."""

from __future__ import annotations

from datetime import datetime

from resident.language import lexicon
from resident.language.change import endable
from resident.language.matching import claim_verbs
from resident.language.words import words
from resident.memory.client import GraphStore
from resident.records import Claim

#: The copula and "get" the passive of parting is stored with ("is sold", "gets sold").
_PASSIVE_HEADS = frozenset({"is", "gets"})


def parted_with(claim: Claim) -> bool:
    """Is the claim a thing said to have been parted with ("van is sold", "boat is given
    away")? The participle's verb, with its particle, is a parting verb."""
    said = (claim.object_literal or "").strip().lower().split()
    if claim.predicate not in _PASSIVE_HEADS or not said or len(said) > 2:
        return False
    verb = lexicon.base(said[0], "v") or said[0]
    return "_".join([verb, *said[1:]]) in words("parting_verbs")


def end_sold(graph: GraphStore, claim: Claim, when: datetime, now: datetime) -> list[Claim]:
    """Each holding of the thing `claim` says was parted with, over from when that happened."""
    if not parted_with(claim):
        return []
    happened = claim.occurred_at
    at = happened if happened is not None and happened <= now else when
    owning = words("owning_verbs")
    out = []
    for other in graph.claims_by_object(claim.subject, now):
        negated, verbs, _prep = claim_verbs(other.predicate)
        if negated or not verbs & owning or not endable(other, claim, now):
            continue
        out.append(graph.end_validity(other.id, at, now))
    return out
