"""Whether a pronoun may stand for something of a kind: the pronouns' classes and the rule by
kind (animacy.pronoun_fits asks it of a resolved referent), and the stricter rule for the one
last named ("it" only for an animal), he/she by the sex the talk showed. Pure, and free of the
reader's context (statement.py's Context asks it, so it imports nothing of the reader's)."""

from __future__ import annotations

from collections.abc import Callable

from resident.language.words import table

#: A name kept as a rival of the last one: (name, kind, sex of its relation noun).
Rival = tuple[str, str, str | None]


#: The pronouns of a person or an animal, of the neuter, and of the plural (or one person).
ANIMATE = frozenset({"he", "she", "him", "her", "his", "hers", "himself", "herself"})
NEUTER = frozenset({"it", "its", "itself"})
PLURAL = frozenset({"they", "them", "their", "theirs", "themselves"})

#: Pronouns that may stand for an animal as well as a person ("it" only for an animal).
_NEUTER_NAMED = frozenset({"it", "its"})


def kind_fits(pronoun: str, kind: str) -> bool:
    """May `pronoun` stand for a referent of `kind` (person, animal, group, place, thing, or ""
    unknown)? Only a kind known to clash refuses it: he/she never a thing, place or group,
    it/its never a person, they never a place (nor one thing: animacy.pronoun_fits asks the
    word whether it is plural)."""
    low = pronoun.lower()
    if low in ANIMATE:
        return kind not in ("thing", "place", "group")
    if low in NEUTER:
        return kind != "person"
    if low in PLURAL:
        return kind != "place"
    return True


def fits_kind(pronoun: str, kind: str) -> bool:
    """Could this pronoun stand for the one last named, of this kind? Stricter than kind_fits
    for the neuter: it/its only for an animal, since a name of no known kind is someone's."""
    if pronoun.lower() in _NEUTER_NAMED:
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
