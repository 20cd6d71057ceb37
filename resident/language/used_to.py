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
