"""Who else holds each claim an answer rests on, for answer_check's test that the companions a
question names are the ones the statement answered holds: its companion qualifiers ("with
Kwame"), and the people who hold the same statement as a claim of their own ("Kwame and I
met at uni" is held as Kwame's claim and the speaker's)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from resident.language.dictionary import Dictionary
    from resident.language.knowledge import ClaimView


def others_held(reads: Dictionary, views: Sequence[ClaimView], now: datetime) -> dict[str, str]:
    """Per claim id: the names of its companions and of the others who hold a claim with the
    same predicate and object entity, said in the same turn ("" when none)."""
    held = reads.graph.qualifiers_of([v.claim.id for v in views])
    # The answer's own subjects are no one else: "Nour and Sami" counted as Layla's kids.
    answered = {v.claim.subject for v in views}
    out: dict[str, str] = {}
    for view in views:
        claim = view.claim
        said = [q.value for q in held.get(claim.id, ()) if q.role == "companion"]
        if claim.object_entity is not None:
            same = reads.graph.claims_by_object(claim.object_entity, now, claim.predicate)
            # Said in the same turn: one statement held by each of its subjects, not another
            # person's claim of the same kind ("has two children" said of another family).
            turn = claim.correlation_id
            said += [
                reads.label(c.subject)
                for c in same
                if c.subject not in answered and turn is not None and c.correlation_id == turn
            ]
        out[claim.id] = " ".join(said)
    return out
