"""An intention given up in the same breath (issue 21, change28): "We were going to get a puppy,
but we decided against it in the end", "I was going to sell the flat but I changed my mind".
The intention said in the past ("were going to") is otherwise no plan and nothing done
(clauses.py); joined by "but" to a clause that gives it up (data/plan_dropping.txt: a verb and
a word hung on it), it is kept as the plan denied ("not_gets puppy"), so "Is Gwen getting a
puppy?" is answered no. Pure: reads the parse only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token


def _gives_up(clause: Token) -> bool:
    """Does the clause say an intention was given up ("decided against it")?"""
    lemma = clause.lemma_.lower()
    hung = {c.lemma_.lower() for c in clause.children if c.dep_ in ("prep", "dobj", "prt")}
    return any(f"{lemma} {w}" in words("plan_dropping") for w in hung)


def dropped(verb: Token) -> bool:
    """Is the intention `verb` says ("going" of "were going to") given up in a clause joined
    to it by "but"?"""
    if not any(c.dep_ == "cc" and c.lower_ == "but" for c in verb.children):
        return False
    return any(c.dep_ == "conj" and _gives_up(c) for c in verb.children)
