"""Whether a pronoun may stand for what was named: "it" only for an animal, he/she by the sex
the talk showed. Pure, and free of the reader's context (statement.py's Context asks it, so it
imports nothing of the reader's)."""

from __future__ import annotations

from collections.abc import Callable

from resident.language.words import table

#: A name kept as a rival of the last one: (name, kind, sex of its relation noun).
Rival = tuple[str, str, str | None]


#: Pronouns that may stand for an animal as well as a person ("it" only for an animal).
_NEUTER = frozenset({"it", "its"})


def fits_kind(pronoun: str, kind: str) -> bool:
    """Could this pronoun stand for something of this kind? it/its only for an animal."""
    if pronoun.lower() in _NEUTER:
        return kind == "animal"
    return True


def sex_fits(pronoun: str, sex: str | None) -> bool:
    said = table("pronoun_sex").get(pronoun.lower())
    return said is None or sex is None or said == sex


def rival_blocks(rival: Rival, pronoun: str, agrees: Callable[[str, str], bool]) -> bool:
    """Does a kept rival fit the pronoun as well as the last name does? A listed name of no
    known kind may be a person or a pet; `agrees(name, pronoun)` is the sex the talk showed."""
    name, kind, sex = rival
    if name:
        return agrees(name, pronoun) and (kind == "" or fits_kind(pronoun, kind))
    return fits_kind(pronoun, kind) and (kind == "animal" or sex_fits(pronoun, sex))
