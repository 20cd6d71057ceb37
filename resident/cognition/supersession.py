"""What supersedes what (issue 21, change22): the house's truth maintenance keeps every claim
and marks the one a later word replaced as over (`valid_to`), never deleting it. Pure rules,
shared by the reader's store side.

Two ways a later statement replaces an earlier one without any word of change:

- a one-valued attribute ("Tom is thirty-eight", later "he turned thirty-nine") said again
  with another value by the same teller: a person restating their own word updates it; a
  second teller's other value is a contradiction to record (statements.is_one_valued), not an
  update;
- a number restated for the same counted thing ("we're inviting ninety guests", later "we
  ended up with eighty-four guests in the end"), said with a word of restating (data): the
  count held is the later one, whatever verb carried either.
"""

from __future__ import annotations

from dataclasses import dataclass

from resident.cognition.statements import changes_over_time
from resident.records import Claim


@dataclass(frozen=True)
class Counted:
    """A number said of a counted thing, as read off a claim ("eighty-four guests": 84,
    "guest"); the reader reads it, this module only compares."""

    number: str
    noun: str


def same_teller(old: Claim, new: Claim) -> bool:
    """Did the same person tell both (the same provenance)?"""
    return old.provenance == new.provenance


def restates_value(old: Claim, new: Claim) -> bool:
    """Does `new` replace `old` as the one value of a one-valued attribute that changes with
    time? The same subject and attribute, another value, told later by the same teller. A
    birthday said twice with two days stays a contradiction (statements.FIXED_PREDICATES)."""
    return (
        changes_over_time(new.predicate)
        and old.id != new.id
        and (old.subject, old.predicate) == (new.subject, new.predicate)
        and old.object_value.strip().lower() != new.object_value.strip().lower()
        and same_teller(old, new)
        and old.created_at <= new.created_at
    )


def restates_count(
    old: Claim, old_count: Counted, new: Claim, new_count: Counted, restating: bool
) -> bool:
    """Does `new` restate the number `old` gave for the same counted thing? The same subject
    and noun, another number, said later with a word of restating ("in the end", "actually")."""
    return (
        restating
        and old.id != new.id
        and old.subject == new.subject
        and old_count.noun == new_count.noun
        and old_count.number != new_count.number
        and old.created_at <= new.created_at
    )
