"""A question about one side of what two people did to each other: "When did Rhys and Tom split
up?" of "Tom and I split up" told by Rhys, held as "Tom splits_up_with Rhys" (reciprocal.py).
The relation is held under the one named first, so a question asked of the other finds it
through its object: the partner's statement that names the one asked as its object answers,
matched as any statement is (asking.answer_query), as does the relation held under the one
asked, whose own "with" the question's particle does not align with. Reads the graph."""

from __future__ import annotations

from datetime import datetime

from resident.language.asking import Query, Resolved, answer_query
from resident.language.dictionary import Dictionary
from resident.language.knowledge import Answer
from resident.language.words import table

_RECIPROCAL = table("reciprocal_verbs")


def stored_as(query: Query) -> str | None:
    """The predicate a reciprocal verb asked is held as ("split up": splits_up_with), or None
    when the verb asked is none."""
    key = f"{query.verb}_{query.prep}" if query.particle and query.prep else query.verb
    return _RECIPROCAL.get(key)


def from_the_other_side(
    reads: Dictionary, query: Query, subject: Resolved, now: datetime, limit: int = 8
) -> Answer | None:
    """The answer held as the relation of a reciprocal verb, under the subject asked or under
    its partner (whose statement names the subject as its object); None when there is none."""
    predicate = stored_as(query)
    if predicate is None:
        return None
    # The held predicate says the particle itself and its own "with": the question's particle
    # is no other preposition to align ("split up" against "splits_up_with").
    asked = query.model_copy(update={"prep": None, "particle": False})
    held = [c for eid in subject.ids for c in reads.graph.claims_by_object(eid, now)]
    partners = dict.fromkeys(c.subject for c in held if c.predicate == predicate)
    sides = [subject, *(Resolved(ids=[p], name=reads.label(p)) for p in partners)]
    for side in sides:
        found = answer_query(reads, asked, side, now, limit=limit)
        if found is not None and all(
            v.claim.predicate == predicate
            and subject.ids[0] in (v.claim.subject, v.claim.object_entity)
            for v in found.claims
        ):
            return found
    return None
