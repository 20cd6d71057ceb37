"""What a statement someone said may write: pure rules, shared by every reader.

A statement enters at the hint cap under the teller's provenance; a hypothetical or a question
writes nothing; a one-valued attribute said with a second value is a contradiction to record,
never a silent overwrite.
"""

from __future__ import annotations

#: Attributes one subject holds one value of: a second value said is a contradiction.
FUNCTIONAL_PREDICATES = frozenset({"birthday", "capital", "age", "born_in", "full_name"})
#: How a clause may be said and still write a claim ("if I had a boat" and "do you like
#: jazz?" write nothing).
STORED_MODALITIES = frozenset({"state", "done", "habit", "plan", "wish"})


def told_by(person_id: str | None) -> str:
    """The provenance of what a person told MAX (`interaction:<person id>`)."""
    return f"interaction:{person_id}" if person_id else "interaction:unknown"


def may_store(modality: str) -> bool:
    """May a clause said this way write a claim?"""
    return modality in STORED_MODALITIES


def is_one_valued(predicate: str) -> bool:
    """Does a subject hold at most one value of `predicate` (so a second is a conflict)?"""
    return predicate in FUNCTIONAL_PREDICATES
