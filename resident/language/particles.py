"""A verb's particle (issue 21, change22): the parser's "prt" child, or an adverb it tagged in
its place between the verb and its object ("Aled paid back the twenty pounds": "back" as an
advmod), when WordNet knows the two as one verb ("pay_back"). Without it the ending is lost:
"pays twenty pounds" ends no debt. The adverbs that may be particles are data
(data/particle_adverbs.txt). Pure."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token


def particle_of(verb: Token) -> str:
    """The verb's particle, lower case, or "" when it has none."""
    prt = next((c.lower_ for c in verb.children if c.dep_ == "prt"), "")
    if prt:
        return prt
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
