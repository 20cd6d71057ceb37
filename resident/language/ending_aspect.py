"""The aspect of a clause that ends what it names (issue 21, change26): "Dad gave up driving
after the fall", "we stopped looking", "she's quit smoking". A verb of ending is one the data
file names (data/cessation_verbs.txt: phrasal verbs WordNet does not group, "pack in") or one
whose frequent verb senses WordNet files as, or under, "put an end to a state or an activity"
(discontinue.v.01: stop, quit, give up, cease, retire ...). Its gerund is the doing that
ended; said with no object of its own it is stored as the ending's object ("Walter gives_up
driving"), so "Does Walter still drive?" finds the end (ended.ceased) and the store ends the
doing held before (superseded.end_ceased). Pure: reads the parse and WordNet only."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token

#: WordNet's sense of ending a state or an activity; a verb with one of its first senses at
#: or under it is a verb of ending.
_ENDING_SENSES = frozenset({"discontinue.v.01"})
#: How many of a verb's most frequent senses are read: the rare ones tie unrelated verbs in
#: ("drop" reaches discontinue only by its seventh sense).
_SENSES = 4


@functools.lru_cache(maxsize=4096)
def ends_activity(lemma: str) -> bool:
    """Is `lemma` ("give_up", "stop", "quit") a verb of ending a doing?"""
    if "_" in lemma and lemma in words("cessation_verbs"):
        # The data's phrasal verbs ("pack_in", "go_off"); its single verbs are events of
        # other kinds as well ("finish", "leave", "drop"), read by WordNet's sense here.
        return True
    wn = lexicon.reader()
    if wn is None:
        return False
    for sense in wn.synsets(lemma, "v")[:_SENSES]:
        above = {h.name() for h in sense.closure(lambda s: s.hypernyms())}
        if sense.name() in _ENDING_SENSES or above & _ENDING_SENSES:
            return True
    return False


def ending_lemma(verb: Token) -> str:
    """The verb as the data writes it, with its particle ("gave up": give_up)."""
    prt = next((c.lower_ for c in verb.children if c.dep_ == "prt"), "")
    lemma = verb.lemma_.lower()
    return f"{lemma}_{prt}" if prt else lemma


def ended_doing(verb: Token, xcomp: Token) -> str | None:
    """The doing a verb of ending ends, as a gerund ("driving", "looking"), when it is said
    bare: "Dad gave up driving", "we stopped looking". None when the verb ends nothing, or the
    gerund has an object or complement of its own ("stopped teaching PE" is read whole by the
    clause reader), or is no gerund ("stopped to look" stops for a purpose)."""
    if xcomp.tag_ != "VBG" or not ends_activity(ending_lemma(verb)):
        return None
    if any(c.dep_ in ("dobj", "attr", "ccomp", "xcomp", "dative") for c in xcomp.children):
        return None
    prt = next((c.lower_ for c in xcomp.children if c.dep_ == "prt"), "")
    return " ".join(w for w in (xcomp.lower_, prt) if w)
