"""A relative named by kin ("my father", "Ana's sister") is the person MAX already knows as that
relative (issue 26, point 3): Joe, when Ben said "Joe is my father" or "My father Joe ...",
rather than a new entity "Ben's father"."""

from __future__ import annotations

from datetime import datetime

from resident.cognition.epistemic import teller
from resident.language.kinship import held_by_name, kin_of
from resident.memory.client import GraphStore
from resident.records import Level

PERSON_PREFIX = "person:"


def relative_of(graph: GraphStore, owner: str, noun: str, now: datetime) -> str | None:
    """The one known person who is `owner`'s `noun`, else None (none, or several: "my
    sister" with two sisters known stays unresolved rather than guessed)."""
    found: set[str] = set()
    # "My sister Lena ...": Lena | sister_of | Ben.
    for claim in graph.claims_by_object(owner, now, f"{noun}_of"):
        if claim.subject.startswith(PERSON_PREFIX) and claim.valid_at(now):
            found.add(claim.subject)
    # "Joe is my father", read as Joe | is_a | father by Ben: the teller is the owner.
    for claim in graph.claims_by_object(f"concept:{noun}", now, "is_a"):
        if (
            claim.subject.startswith(PERSON_PREFIX)
            and claim.subject != owner
            and teller(claim.provenance) == owner
            and claim.level is not Level.OPINION
            and claim.valid_at(now)
        ):
            found.add(claim.subject)
    found.discard(owner)
    if not found:
        # "my grandfather", said by Conor's daughter: Conor's father, through the relatives held.
        found = set(kin_of(graph, [owner], noun, now, named=False))
    if not found:
        # "Mum's move got brought forward", after "my mum's been in Peckham" stored "Olu's mum":
        # the relative held under the owner's name of that very noun (one probe; the walk's
        # probe of every noun of the path is for questions: a statement's turn cannot pay it).
        found = set(held_by_name(graph, owner, noun))
    return found.pop() if len(found) == 1 else None
