"""A simple present said with one day is a timetable, not a habit: "Leon moves in on the
fifth", "term starts on Thursday", "she flies out on the sixth of June". Pure.

English says an arranged event in the simple present when a day is named with it; a habit
names its days in the plural ("on Thursdays") or says how often. The clause is a plan, as the
progressive "is moving in on the fifth" already reads (clause_parts.present_ahead).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.words import table, words

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
    if _often(verb):
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


def asked_timetable(verb: Token) -> bool:
    """Is the question "when" of a simple present event verb ("When does Jas fly to
    Amritsar?", "When does term start?"): the timetable asked, as `scheduled_present` reads
    it said, not a habit ("When do you usually swim?")?"""
    does = [c for c in verb.children if c.dep_ == "aux" and c.lower_ in ("do", "does")]
    if verb.tag_ != "VB" or not does or verb.pos_ != "VERB":
        return False
    if not any(t.lower_ == "when" and t.i < verb.i for t in verb.subtree):
        return False
    if lexicon.first_lexname(verb.lemma_.lower(), "v") in words("not_event_lexnames"):
        return False
    return not _often(verb)


def _often(verb: Token) -> bool:
    """Is the clause said with how often ("every Friday", "usually")?"""
    return any(t.lower_ in ("every", "each", "usually", "always", "often") for t in verb.subtree)


def scheduled_on_a_date(verb: Token) -> bool:
    """Is `verb` a simple present said "on" a day of the month ("I fly to Amritsar on the
    fourteenth of November", "I move in on the 12th")? A day gone is said in the past, so it
    is a plan; a bare weekday is left to the turn (language/learner_tense.py: a learner's "I
    sign the lease on Monday" may mean the Monday gone)."""
    if not scheduled_present(verb):
        return False
    days = table("ordinal_words")
    return any(
        t.like_num or t.lower_.split("-")[-1] in days
        for prep in verb.children
        if prep.dep_ == "prep" and _one_day(prep)
        for t in prep.subtree
        if t.i != prep.i
    )
