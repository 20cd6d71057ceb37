"""A simple present said with one day is a timetable, not a habit: "Leon moves in on the
fifth", "term starts on Thursday", "she flies out on the sixth of June". Pure.

English says an arranged event in the simple present when a day is named with it; a habit
names its days in the plural ("on Thursdays") or says how often. The clause is a plan, as the
progressive "is moving in on the fifth" already reads (clause_parts.present_ahead).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token


def scheduled_present(verb: Token) -> bool:
    """Is `verb` a simple present (no auxiliary) event verb said "on" one day: a single
    date the NER marks, not a plural ("on Mondays") nor a frequency ("every Friday")?"""
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if verb.tag_ not in ("VBP", "VBZ") or auxes or verb.pos_ != "VERB":
        return False
    if lexicon.first_lexname(verb.lemma_.lower(), "v") in words("not_event_lexnames"):
        return False  # "I think on Sunday ...": a state of mind has no timetable
    if any(t.lower_ in ("every", "each", "usually", "always", "often") for t in verb.subtree):
        return False
    return any(_one_day(child) for child in verb.children if child.dep_ == "prep")


def _one_day(prep: Token) -> bool:
    """ "on Thursday", "on the fifth of September": one day under "on"."""
    if prep.lower_ != "on":
        return False
    pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
    if pobj is None or pobj.ent_type_ != "DATE" or pobj.tag_ in ("NNS", "NNPS"):
        return False
    return not pobj.lower_.endswith("s") or pobj.like_num
