"""A plain past clause with a named subject and no object is an event of that subject even
when no time is said ("Bernadette retired.", "Grandad fell over.", "Nia graduated"): before,
only an intransitive said with its time ("Spike escaped on Monday", dated_events.py) or its
reason was. Pure, over the parse and WordNet.

Only a verb whose first WordNet sense is a deed (not a state of mind or a state:
data/not_event_lexnames.txt, data/thing_no_deed_lexnames.txt), said in the main clause (not in
a clause of time, condition or report), by a subject said by a name the recogniser knows as a
person's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.dated_events import no_deed
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token

#: What a bare clause's verb may have beside its subject ("Nia finally retired, and ..."):
#: nothing that is another argument the parse hung wrongly ("Dad dropped one": "one" an
#: adverb), and no particle ("we broke up" is read whole elsewhere, as phrasal).
_BARE = frozenset({"nsubj", "aux", "neg", "punct", "cc", "conj", "advmod"})

#: Where a verb heads a clause of its own: the sentence's root, or a clause joined to it.
_MAIN = frozenset({"ROOT", "conj"})


def bare_past_event(verb: Token, lemma: str) -> bool:
    """Is the objectless past clause headed by `verb` an event of its named subject?"""
    if verb.dep_ not in _MAIN or verb.tag_ != "VBD" or no_deed(lemma):
        return False
    if lemma in words("light_verbs") or lemma in words("reading_social_verbs"):
        return False
    if lexicon.first_lexname(lemma, "v") in words("bare_event_not_lexnames"):
        return False  # "Megan laughed", "he slept": a moment, not news
    if any(c.dep_ not in _BARE for c in verb.children):
        return False
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    # Someone the recogniser knows as a person: "Cricket's started again" is no one's event.
    return subject is not None and subject.pos_ == "PROPN" and subject.ent_type_ == "PERSON"
