"""A name asked with the naming verb active: "What did they call the kitten?", "What did Chloe
name the van?" ask what the thing is called, as "What is the kitten called?" does. Whoever gave
the name is no part of what is asked: a name is the thing's, however it was said ("we named
the kitten Pudding", "the kitten's called Pudding", "a kitten called Pudding"). Pure, over
the parse.

Only a thing or an animal is read so: "What did Tom call the teacher?" may ask what he called
her in anger, and a person's name is asked of the person ("What is the teacher called?")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.roles import NAMING_VERBS
from resident.language.statement import KIN

if TYPE_CHECKING:
    from spacy.tokens import Token

#: The two objects of a naming verb: the thing named and its name (the gap, "what").
_OBJECTS = frozenset({"dobj", "oprd"})
#: What makes the question ask more than the name: "call the kitten after" (whom it is named
#: for), "not call", a passive ("What was the kitten called by the kids?").
_MORE = frozenset({"prep", "prt", "neg", "agent", "auxpass", "nsubjpass", "xcomp", "ccomp"})


def named_thing(wh: str, verb: Token) -> Token | None:
    """The thing whose name a "what" question asks with an active naming verb ("What did they
    call the kitten?": kitten); None for any other question."""
    if wh != "what" or verb.lemma_.lower() not in NAMING_VERBS or verb.pos_ != "VERB":
        return None
    kids = list(verb.children)
    if any(c.dep_ in _MORE for c in kids):
        return None
    gaps = [c for c in kids if c.dep_ in _OBJECTS and c.lower_ == "what"]
    things = [c for c in kids if c.dep_ in _OBJECTS and c.lower_ != "what"]
    if len(gaps) != 1 or len(things) != 1:
        return None
    thing = things[0]
    noun = thing.lemma_.lower()
    if thing.pos_ != "NOUN" or noun in KIN or lexicon.person_noun(noun):
        return None  # a person is called names as well as named
    return thing
