"""A negated "can" or "must" that states a standing fact (issue 21, wave 12 second pass).

Every clause with a modal was read as hypothetical and stored nothing, so "Nnamdi loves
crosswords and can't stand cricket" kept only the crosswords, and "he mustn't have salt" and
"I can't eat peanuts" were lost. A negated can/must (data/standing_modals.txt) with a verb
first of a class of standing habits (data/standing_lexnames.txt, WordNet: eating, moving,
speaking, playing, making) says what the subject does not (may not) do, as a fact; a verb of
dislike (data/standing_stances.tsv: "can't stand") says the stance itself ("hates cricket").

Guards (a wrong claim is worse than none): not when the modal is the only thing negated
before a perfect ("can't have been"), not with a time of its own ("I can't come on Friday" is
one day, not a fact), and not when a he/she subject follows two or more people named in its
sentence ("Dad has physio with Marcus, and Anne comes, and he mustn't have salt": whose salt
the resolver cannot tell). Pure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.salience import may_be_someone
from resident.language.words import table, words

if TYPE_CHECKING:
    from spacy.tokens import Token


def standing_fact(verb: Token) -> bool:
    """Is `verb`'s clause a negated can/must that states a standing fact?"""
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if len(auxes) != 1 or auxes[0].lower_ not in words("standing_modals"):
        return False
    if verb.tag_ != "VB" or not any(c.dep_ == "neg" for c in verb.children):
        return False
    lemma = verb.lemma_.lower()
    kind = lexicon.first_lexname(lemma, "v")
    listed = lemma in table("standing_stances") or kind in words("standing_lexnames")
    if not listed and not _eaten(verb, lemma):
        return False
    if any(t.ent_type_ in ("DATE", "TIME") for c in verb.children for t in c.subtree):
        return False
    return not _unsure_pronoun(verb)


def stance(verb: Token, lemma: str, negated: bool) -> tuple[str, bool]:
    """The clause's lemma and negation, a dislike said as "can't stand" read as its stance."""
    said = table("standing_stances").get(lemma)
    if said and negated and standing_fact(verb):
        return said, False
    return lemma, negated


def _eaten(verb: Token, lemma: str) -> bool:
    """A verb that can mean eating with a food as its object ("mustn't have salt"): WordNet
    gives "have" a sense of consumption and "salt" one of food; "can't have children" has none."""
    obj = next((c for c in verb.children if c.dep_ == "dobj" and c.pos_ == "NOUN"), None)
    if obj is None or "verb.consumption" not in lexicon.lexnames(lemma, "v"):
        return False
    return "noun.food" in lexicon.lexnames(obj.lemma_.lower(), "n")


def _unsure_pronoun(verb: Token) -> bool:
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subject is None or subject.lower_ not in ("he", "she"):
        return False
    sent = verb.doc[verb.sent.start : subject.i]
    return sum(1 for t in sent if may_be_someone(t)) > 1
