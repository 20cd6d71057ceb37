"""The form a clause said without its subject is in, where the verb's own tag does not say
it: the auxiliary that opens it ("Been learning the cello since spring": the teller's
perfect; "Is coming home Friday": a third person's present), and a bare "-ed" participle
that is the past chat drops its "I" before ("Started at the garage Monday", "Moved to Leeds
in May"), which the small tagger calls a participle as often as a past.

A bare participle is read as the past only where no passive can be meant: WordNet's
commonest sense of the verb is one somebody does without an object ("Somebody ----s",
"Somebody ----s PP": start, move, retire), and the clause says where, when or with what
("at the garage", "Monday"). "Diagnosed in March", "Booked for forty", "Named after my mum"
(done to someone: no such frame) and "Healed." (nothing said with it) keep no past.

Pure: reads the parse and WordNet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon

if TYPE_CHECKING:
    from spacy.tokens import Token

#: WordNet's frames of a verb somebody does with no object: "Somebody ----s" and
#: "Somebody ----s PP".
_SOMEBODY_ALONE = frozenset({2, 22})

#: Auxiliaries that open a clause whose dropped subject is the teller's "I" ("Been
#: learning", "Have been to Paris", "Am off to bed") and a third person's ("Is coming home",
#: "Has moved to Hull"). "Was", "were", "had", a modal or "do" say no person: left alone.
_TELLERS_AUX = frozenset({"been", "have", "'ve", "am", "'m"})
_THIRD_AUX = frozenset({"is", "has", "'s"})


def done_alone(lemma: str) -> bool:
    """Is the verb's commonest sense one somebody does with no object (WordNet's frames)?"""
    return bool((lexicon.lemma_frames(lemma, 1) or frozenset()) & _SOMEBODY_ALONE)


def _said_with(verb: Token) -> bool:
    """Does the clause say where, when or with what the doing was (a preposition that is no
    passive's "by", a particle, a date)?"""
    for c in verb.children:
        if c.dep_ == "prep" and c.lower_ != "by" or c.dep_ == "prt":
            return True
        if c.dep_ == "npadvmod" and c.ent_type_ in ("DATE", "TIME"):
            return True
    return False


def bare_past(verb: Token) -> bool:
    """Is a bare "-ed" participle opening its clause ("Started at the garage Monday") the
    past its subject did, not a passive ("Diagnosed in March")?"""
    if verb.tag_ != "VBN" or not verb.lower_.endswith("ed"):
        return False
    if any(c.dep_ in ("aux", "auxpass", "agent", "oprd", "xcomp") for c in verb.children):
        return False
    return _said_with(verb) and done_alone(verb.lemma_.lower())


def leading_aux(verb: Token) -> Token | None:
    """The auxiliary that opens the verb's clause, or None."""
    first = next((c for c in verb.children if c.dep_ == "aux" and c.i < verb.i), None)
    return first if first is not None and first.i == verb.sent.start else None


def aux_form(verb: Token) -> str | None:
    """The form the clause's opening auxiliary gives it: "VBD" for the teller's perfect or
    present ("Been learning"), "VBZ" for a third person's ("Is coming"), else None."""
    aux = leading_aux(verb)
    if aux is None or verb.tag_ not in ("VBG", "VBN"):
        return None
    if aux.lower_ in _TELLERS_AUX:
        return "VBD"
    return "VBZ" if aux.lower_ in _THIRD_AUX else None
