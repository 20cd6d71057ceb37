"""What a statement someone said may write: pure rules, shared by every reader.

A statement enters at the hint cap under the teller's provenance; a hypothetical or a question
writes nothing; a one-valued attribute said with a second value is a contradiction to record,
never a silent overwrite.
"""

from __future__ import annotations

#: Attributes one subject holds one value of at a time: a second value said by someone else is
#: a contradiction; said by the person concerned with a cue of change ("not anymore", "now"), a
#: change of state (language/change.py). The one list: epistemic, the council and the household
#: read it from here.
FUNCTIONAL_PREDICATES = frozenset(
    {
        "birthday",
        "capital",
        "age",
        "born_in",
        "full_name",
        "lives_in",
        "works_at",
        "works_as",
        "studies_at",
        "married_to",
        "is_allowed",
        "allowed_in",
        "middle_name",
        "nickname",
        "favourite_colour",
        "favourite_food",
        "blood_type",
        "shoe_size",
    }
)
#: One-valued attributes that do not change with time: a second value, even from the same
#: teller, is a contradiction to settle (which day is the birthday?), never an update.
FIXED_PREDICATES = frozenset(
    {"birthday", "born_in", "full_name", "middle_name", "blood_type", "capital"}
)
#: How a clause may be said and still write a claim ("if I had a boat" and "do you like
#: jazz?" write nothing).
STORED_MODALITIES = frozenset({"state", "done", "habit", "plan", "wish"})


def told_by(person_id: str | None) -> str:
    """The provenance of what a person told MAX (`interaction:<person id>`)."""
    return f"interaction:{person_id}" if person_id else "interaction:unknown"


def may_store(modality: str) -> bool:
    """May a clause said this way write a claim?"""
    return modality in STORED_MODALITIES


def changes_over_time(predicate: str) -> bool:
    """May a one-valued attribute take a new value as time goes on (an age, a home, a job)?"""
    return is_one_valued(predicate) and predicate not in FIXED_PREDICATES


def is_one_valued(predicate: str) -> bool:
    """Does a subject hold at most one value of `predicate` (so a second is a conflict)?"""
    return predicate in FUNCTIONAL_PREDICATES
