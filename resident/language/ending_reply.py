"""An ending said as the answer to a yes/no question (issue 21, stale44): "Do you still
swim?" / "Gave up in May."; "Is your dad still at the garage?" / "He packed it in last
year."; "So you're not in Leeds any more?" / "Not anymore." The ending is the answer's no:
what the question asked is over, read as "I do not still swim" (change.py then ends the
claim held of it). A question whose own verb is an ending ("Did you give up smoking?") is
answered yes by the same words, so it is left to the rest. Pure: the parse in, a verdict out.
The ending verbs are data (data/cessation_verbs.txt), read as lemmas, phrasal verbs joined
("give_up", "pack_in")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.change import change_kind
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: What an ending may take as its object and still end what was asked: "it", "that" (the
#: thing asked of, said again), or nothing.
_ASKED_AGAIN = frozenset({"it", "that", "them"})
#: Subjects of an answer that are the one asked of: "I", "we", "he", "she", "they".
_ANSWERING = frozenset({"i", "we", "he", "she", "they"})
#: Dependencies that would give an ending a thing of its own ("gave up the flat").
_OWN_THING = frozenset({"dobj", "xcomp", "ccomp", "pobj", "attr", "nsubjpass"})


def ending_verb(verb: Token) -> bool:
    """Is the verb one of ending ("stop", "quit", "give up", "pack in"), read as its lemma
    with its particle?"""
    prt = next((c.lower_ for c in verb.children if c.dep_ == "prt"), "")
    lemma = verb.lemma_.lower()
    return (f"{lemma}_{prt}" if prt else lemma) in words("cessation_verbs") or (
        not prt and lemma in words("cessation_verbs")
    )


def ends_unsaid(sent: Span) -> bool:
    """Does the sentence say an ending of nothing named: its head an ending verb with no
    thing of its own but "it" ("Gave up in May.", "He packed it in.", "Quit last week."), of
    no subject or a pronoun one?"""
    root = sent.root
    if root.pos_ not in ("VERB", "AUX") or not ending_verb(root):
        return False
    if any(c.dep_ == "neg" for c in root.children):
        return False  # "Never stopped!": it goes on
    things = [c for c in root.children if c.dep_ in _OWN_THING]
    if any(t.lower_ not in _ASKED_AGAIN for t in things):
        return False
    preps = [c for c in root.children if c.dep_ == "prep" and c.lower_ in ("on", "with")]
    if preps:
        return False  # "gave up on lettuces": names its thing
    subject = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return subject is None or subject.lower_ in _ANSWERING


def no_longer_said(sent: Span) -> bool:
    """Does the answer's first sentence say an ending ("Not anymore.", "No longer.")?"""
    return change_kind(sent) == "ended"


def asks_an_ending(sent: Span) -> bool:
    """Does the question ask of an ending itself ("Did you give up smoking?", "Have you
    stopped?")? Then an ending said back is its yes."""
    return any(t.pos_ in ("VERB", "AUX") and ending_verb(t) for t in sent)


def no_longer(said: str) -> str:
    """A no said as what is over: "I am not still swimming." -> "I am not swimming any
    more.", the way change.py reads an ending of the claim held."""
    kept = [w for w in said.rstrip(".").split() if w.lower() != "still"]
    if change_kind_text(" ".join(kept)):
        return " ".join(kept) + "."
    return " ".join([*kept, "any", "more"]) + "."


def change_kind_text(text: str) -> bool:
    """Does the text already say the ending ("any more", "anymore", "no longer")?"""
    said = f" {text.lower()} "
    return any(f" {p} " in said for p in ("any more", "anymore", "no longer", "any longer"))
