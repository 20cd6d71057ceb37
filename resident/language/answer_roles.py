"""The words each claim an answer rests on holds in its other roles, for answer_check's test
that every name a question says is an argument of the statement answered: the values of its
qualifiers ("with Tariq", "in Leeds"), and the names that hold the same statement as a claim
of their own ("Kwame and I met at uni" is held as Kwame's claim and the speaker's)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from resident.language.knowledge import resolve

if TYPE_CHECKING:
    from resident.language.dictionary import Dictionary
    from resident.language.knowledge import ClaimView


def roles_held(reads: Dictionary, views: Sequence[ClaimView], names: list[str]) -> dict[str, str]:
    """Per claim id: its qualifiers' values, and each of `names` whose entity holds a claim
    with the same predicate and object."""
    held = reads.graph.qualifiers_of([v.claim.id for v in views])
    out: dict[str, str] = {}
    for view in views:
        said = [q.value for q in held.get(view.claim.id, ())]
        claim = view.claim
        for name in names:
            ids = [e.id for e in resolve(reads, name)]
            if any(
                c.object_value == claim.object_value
                for eid in ids
                if eid != claim.subject
                for c in reads.graph.peek_claims(eid, claim.predicate)
            ):
                said.append(name)
        out[claim.id] = " ".join(said)
    return out
