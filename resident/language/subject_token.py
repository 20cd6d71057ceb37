"""The subject token of a clause headed by a verb, where the parser hung it or lost it (moved
whole out of clauses.py, which was at its size limit). Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.clause_opener import clause_opener
from resident.language.clause_parts import _misparsed_subject
from resident.language.spliced import run_on_piece

if TYPE_CHECKING:
    from spacy.tokens import Token


def subject_token(verb: Token) -> Token | None:
    """The clause's subject token, where the parser hung it (or lost it), or None."""
    before = [c for c in verb.lefts if c.dep_ == "nsubj"]
    if len(before) > 1:
        # "im 15 and ronan is 10", parsed with both subjects on "is": the nearer is its own.
        return before[-1]
    for child in verb.children:
        if child.dep_ in ("nsubj", "expl"):
            return child if child.dep_ == "nsubj" else None
        if child.dep_ == "nsubjpass":
            return child if has_done(verb) else None
    opener = clause_opener(verb)
    if opener is not None:
        return opener  # "... on Sunday and Mali lost her first tooth": Mali.
    if verb.dep_ == "conj" and verb.head.pos_ in ("VERB", "AUX") or run_on_piece(verb):
        return subject_token(verb.head)
    if verb.dep_ in ("xcomp",) or continuing_participle(verb):
        return subject_token(verb.head)
    return _misparsed_subject(verb)


def continuing_participle(verb: Token) -> bool:
    """ "She's an architect in Leith, mostly restoring old tenements": an -ing clause said
    after its clause (not right after its verb), with no subject, no marker ("while",
    "before") and no auxiliary of its own, is done by who does the clause it continues
    (English leaves that subject out)."""
    if verb.dep_ != "advcl" or verb.tag_ != "VBG" or verb.i <= verb.head.i + 1:
        # "went travelling": an -ing right after its verb is what that verb does, read there.
        return False
    own = ("nsubj", "nsubjpass", "expl", "csubj", "mark", "aux", "auxpass")
    if verb.head.pos_ not in ("VERB", "AUX") or any(c.dep_ in own for c in verb.children):
        return False
    # "I passed my tram driving test": an -ing said right after the verb's object may be a
    # noun's modifier the parser cut off ("driving test", "running shoes"), not a clause.
    before = verb.doc[verb.left_edge.i - 1]
    return not (before.dep_ == "dobj" and before.head == verb.head)


def has_done(verb: Token) -> bool:
    """ "He's got a workshop in the garage", "She's bought a van", "he's joined the rowing
    club", "She's moved to Leeds": "'s" and a past participle, which the parser reads as a
    passive ("is bought"). A passive takes no direct object, and a verb of motion said with
    where to or from is done by its subject ("she has moved"); this is the present perfect,
    its subject the one who did it (read as "I've bought" is)."""
    if verb.tag_ not in ("VBN", "VBD") and verb.lower_ != "got":
        return False
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    # "He's been given a car": a passive of a verb with two objects keeps one.
    if any(a.lower_ == "been" for a in auxes):
        return False
    if not any(a.dep_ == "auxpass" and a.lower_ in ("'s", "s", "\u2019s") for a in auxes):
        return False
    if any(c.dep_ == "dobj" for c in verb.children):
        # "She's called Bella", "he's given a lift": a verb of two objects keeps one in
        # its passive, so the object proves nothing.
        return not _two_objects(verb.lemma_.lower())
    moved = lexicon.first_lexname(verb.lemma_.lower(), "v") == "verb.motion"
    # "The piano's moved by a firm": a doer said with "by" keeps the passive.
    return moved and not any(c.dep_ == "agent" for c in verb.children) and _whither(verb)


def _whither(verb: Token) -> bool:
    """Does a preposition of direction hang on the verb ("to Leeds", "from Oslo")?"""
    return any(c.dep_ == "prep" and c.lower_ in ("to", "from", "into") for c in verb.children)


#: WordNet's verb frame "Somebody ----s somebody something" (call, name, give, tell).
_TWO_OBJECTS_FRAME = 14
#: How many of a verb's most frequent senses are asked for that frame.
_SENSES = 3


def _two_objects(lemma: str) -> bool:
    """Does one of the verb's most frequent senses take two objects (WordNet's frames)?"""
    frames = lexicon.lemma_frames(lemma, _SENSES)
    # Unknown without WordNet: keep the passive, as the parser read it.
    return frames is None or _TWO_OBJECTS_FRAME in frames
