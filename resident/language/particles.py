"""A verb's particle (issue 21, change22): the parser's "prt" child, or an adverb it tagged in
its place between the verb and its object ("Aled paid back the twenty pounds": "back" as an
advmod), when WordNet knows the two as one verb ("pay_back"). Without it the ending is lost:
"pays twenty pounds" ends no debt. The adverbs that may be particles are data
(data/particle_adverbs.txt). Pure."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.roles import is_time
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token


def particle_of(verb: Token) -> str:
    """The verb's particle, lower case, or "" when it has none."""
    said = next((c for c in verb.children if c.dep_ == "prt"), None)
    if said is not None:
        return "" if placed_adverb(verb, said) else said.lower_
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    after = verb.doc[verb.i + 1] if verb.i + 1 < len(verb.doc) else None
    if obj is None or after is None or after.head != verb or after.dep_ != "advmod":
        return ""
    if after.i >= obj.left_edge.i or after.lower_ not in words("particle_adverbs"):
        return ""
    phrasal = f"{verb.lemma_.lower()}_{after.lower_}"
    return after.lower_ if lexicon.base(phrasal, "v") == phrasal else ""


def phrasal_deed(verb: Token) -> bool:
    """ "I help out at the lifeboat shop", "the loan came through": a verb of talk with a
    particle WordNet knows as one verb of its own, whose first sense is a deed (no talk,
    thought, perception, feeling or state: data/phrasal_not_deed_lexnames.txt)."""
    prt = next((c.lower_ for c in verb.children if c.dep_ == "prt"), "")
    if not prt or not lexicon.available():
        return False
    phrasal = f"{verb.lemma_.lower()}_{prt}"
    if lexicon.base(phrasal, "v") != phrasal:
        return False
    return lexicon.first_lexname(phrasal, "v") not in words("phrasal_not_deed_lexnames")


#: Prepositions of place a particle may lead ("down at Port Eynon", "up in Leeds").
_PLACE_AFTER = frozenset({"at", "in", "on", "near", "by"})


def placed_adverb(verb: Token, prt: Token) -> bool:
    """ "We've got a caravan down at Port Eynon", "they have a cabin up at the lake": a particle
    said after the object and right before a phrase of place says where the thing is, no verb
    of its own with the verb; so unless WordNet knows the two as one verb, and the verb is no
    verb of having (whose "down at" is always where: "get_down" is another verb)."""
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    after = prt.doc[prt.i + 1] if prt.i + 1 < len(prt.doc) else None
    if obj is None or obj.i > prt.i or after is None or after.lower_ not in _PLACE_AFTER:
        return False
    place = next((c for c in after.children if c.dep_ == "pobj"), None)
    if place is None or is_time(place):
        return False  # "had a tooth out on Tuesday": when, and "have out" is a verb of its own
    phrasal = f"{verb.lemma_.lower()}_{prt.lower_}"
    having = verb.lemma_.lower() in words("keeping_verbs")
    return having or lexicon.base(phrasal, "v") != phrasal
