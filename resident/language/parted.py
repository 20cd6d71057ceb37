"""Two people parted (issue 21, coord19): "Tom and Lena split up last year" is stored as "Tom
splits_up_with Lena"; the relation told before between the same two ("Tom dates Lena", "Tom
is Lena's husband"), either way round, is over from when they parted. Which parting ends which
relation is data (data/parted_relations.tsv). Nothing is deleted: the ended rows still answer
"before" and "ever".
"""

from __future__ import annotations

from datetime import datetime

from resident.language.change import endable
from resident.language.words import table
from resident.memory.client import GraphStore
from resident.records import Claim


def end_parted(graph: GraphStore, claim: Claim, when: datetime, now: datetime) -> list[Claim]:
    """The relations between the claim's subject and object that its parting ends."""
    ended = table("parted_relations").get(claim.predicate, "").split()
    other = claim.object_entity
    if not ended or other is None:
        return []
    happened = claim.occurred_at
    at = happened if happened is not None and happened <= now else when
    pairs = ((claim.subject, other), (other, claim.subject))
    return [
        graph.end_validity(held.id, at, now)
        for subject, partner in pairs
        for held in graph.peek_claims(subject)
        if held.predicate in ended and held.object_entity == partner and endable(held, claim, now)
    ]
