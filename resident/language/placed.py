"""Whether a stored statement says where its subject is or goes (issue 21, wave 17): "works in
Bath", "moving to Denver", and a thing's position ("sleeps on the radiator", "hides under the
shed"). A preposition of position answers "where" only with a thing or a place after it
(WordNet's noun classes): "works on a novel" and "relies on Tom" say no place. Pure.
"""

from __future__ import annotations

from resident.language import lexicon
from resident.language.words import words
from resident.records import Claim

#: Where someone is, goes or comes from; a motion verb's destination ("moving into sheltered
#: housing", data/destination_preps.txt) is where they go, whatever preposition says it.
PLACE_PREPS = frozenset({"in", "at", "from"}) | words("destination_preps")
#: WordNet's classes of nouns that a position may be on, under or beside.
_PLACES = frozenset({"noun.artifact", "noun.location", "noun.object", "noun.plant"})


def says_place(claim: Claim, prep: str | None) -> bool:
    """Does the claim's preposition (or, for one of position, its object) name a place?"""
    if prep in PLACE_PREPS:
        return True
    last = claim.predicate.rsplit("_", 1)[-1]
    if last not in words("position_preps") or claim.object_entity is None:
        return False
    noun = claim.object_entity.rsplit(":", 1)[-1].rsplit("-", 1)[-1]
    return lexicon.first_lexname(noun, "n") in _PLACES
