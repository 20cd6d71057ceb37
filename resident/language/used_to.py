"""The past habit "used to <verb>" ("I used to play the cello", "Did you use to smoke?"): one
reading for statements and questions. The clause is the verb "used to" takes, said as a habit
that is over (tense.ended_state), not a using of anything ("I used a spanner to fix it")."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token


def used_to(verb: Token) -> bool:
    """Is `verb` the one "used to" takes ("play" in "I used to play the cello")? Its head is
    "use" with no object of its own ("used the van to move" uses a thing), and it is said
    with "to"."""
    head = verb.head
    return (
        verb.dep_ == "xcomp"
        and head is not verb
        and head.lemma_.lower() == "use"
        and any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children)
        and not any(c.dep_ in ("dobj", "nsubjpass", "auxpass") for c in head.children)
    )


def habit_of(verb: Token) -> Token:
    """The clause a head stands for: "used" in "I used to play" stands for "play"."""
    inner = next((c for c in verb.children if c.dep_ == "xcomp" and used_to(c)), None)
    return verb if inner is None else inner


def given_up(verb: Token) -> Token | None:
    """The ending said after a "used to" habit with its object left unsaid: "gave up" in "I
    used to play the cello but I gave up after university" or "I used to smoke. Quit in
    2019.", of the same subject (said again or left out), with no object of its own."""
    from resident.language.words import words

    ending = words("cessation_verbs")
    subject = next((c for c in verb.head.children if c.dep_ == "nsubj"), None)
    for tok in verb.doc[verb.i + 1 :]:
        if tok.pos_ != "VERB":
            continue
        prt = next((c.lower_ for c in tok.children if c.dep_ == "prt"), "")
        lemma = tok.lemma_.lower()
        if (f"{lemma}_{prt}" if prt else lemma) not in ending:
            continue
        if any(c.dep_ in ("dobj", "xcomp", "ccomp", "nsubjpass") for c in tok.children):
            return None  # "... but I stopped going": an ending of its own, read as one
        own = next((c for c in tok.children if c.dep_ == "nsubj"), None)
        if own is None or subject is None or own.lower_ == subject.lower_:
            return tok
        # "Sharon used to work at the post office but she retired": one third person.
        third = own.morph.get("Person", []) == ["3"] and own.pos_ == "PRON"
        return tok if third and subject.pos_ in ("PROPN", "NOUN") else None
    return None
