"""What people answered under each object of a relation (pure rules).

The answers are about links "X is a kind of Y?"; whether the scorers' guesses under Y hold is a
property of Y's region of the graph (RESULTS-learning 24.1: a proposal is true 0.61 of the time
when another under the same object was confirmed, 0.13 when another was refuted). This module
counts, for each object, the proposals answered about it (confirmed or refuted, whichever scorer
made them: a decayed or unsure one says nothing) and the claims still open under it; what the
counts allow the second stage to write is resident.learning.frontier's rule (learn22's "beside
the confirmed", which wrote only under objects with two answers at the bound, 2 in ten nights,
is replaced by it: section 25). Nothing here names a graph or a relation.
"""

from __future__ import annotations

from dataclasses import dataclass

from resident.learning.proposals import Ledger


@dataclass(frozen=True)
class Neighbourhood:
    """What was answered about one object's proposals, and what of it is open as claims."""

    confirmed: int = 0
    answered: int = 0
    #: Written proposals (claims, not questions) under it still open.
    open: int = 0


def neighbourhoods(ledger: Ledger, relation: str) -> dict[str, Neighbourhood]:
    """Each object of `relation`'s proposals: confirmed, answered, open claims."""
    counts: dict[str, list[int]] = {}
    for p in ledger.proposals:
        if p.predicate != relation:
            continue
        c = counts.setdefault(p.object_entity, [0, 0, 0])
        if p.status in ("confirmed", "refuted"):
            c[0] += p.status == "confirmed"
            c[1] += 1
        elif p.status == "open" and not p.question:
            c[2] += 1
    return {o: Neighbourhood(*c) for o, c in counts.items()}
