"""A comma splice: two sentences joined by a comma alone ("My dad fixed the fence, he was out
there all day", "I brew kombucha, she pretends not to mind"). Pure.

The parser hangs the first clause on the second verb as its complement, as it would a quote
("I'm fine, she said"), and the reader then takes the first for something reported. When the
second verb is no verb of saying or believing, or already has a complement of its own, the
two halves are independent clauses: each is parsed again and read as a sentence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

    from resident.language.reparse import Reparse

_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl"})
#: WordNet verb classes whose complement may be the clause before the comma ("..., she said").
_REPORTING_LEXNAMES = frozenset({"verb.communication", "verb.cognition", "verb.perception"})


def spliced_halves(sent: Span, reparse: Reparse) -> tuple[Doc, Token] | None:
    """The first half of a comma-spliced sentence parsed again, and its verb in the sentence
    as said; None when the sentence is no splice."""
    for comma in sent:
        if comma.text != "," or comma.i == sent.start:
            continue
        first = _clause_before(sent, comma)
        if first is None or not _own_clause_after(first.head, comma):
            continue
        text = sent.doc[sent.start : comma.i].text.strip()
        if len(text.split()) < 2:
            return None
        return reparse(text[0].upper() + text[1:] + "."), first
    return None


def _clause_before(sent: Span, comma: Token) -> Token | None:
    """The finite verb before `comma` the parse hung as the complement of a verb after it,
    with its subject before the comma too."""
    for verb in sent.doc[sent.start : comma.i]:
        if verb.dep_ != "ccomp" or verb.head.i <= comma.i or verb.pos_ not in ("VERB", "AUX"):
            continue
        subject = next((c for c in verb.children if c.dep_ in _SUBJECTS), None)
        if subject is None or subject.i < sent.start or verb.right_edge.i >= comma.i + 1:
            continue
        if verb.left_edge.i == sent.start or _only_openers(sent, verb):
            return verb
    return None


def _only_openers(sent: Span, verb: Token) -> bool:
    """Only conjunctions, adverbs or punctuation before the clause ("And I ...", "Oh, ...")."""
    return all(
        t.pos_ in ("CCONJ", "ADV", "INTJ", "PUNCT") for t in sent.doc[sent.start : verb.left_edge.i]
    )


def _own_clause_after(head: Token, comma: Token) -> bool:
    """Is the verb after the comma a clause with a subject of its own right after it, which
    does not take the clause before as what it says or thinks?"""
    subject = next((c for c in head.children if c.dep_ in _SUBJECTS), None)
    if subject is None or subject.left_edge.i != comma.i + 1:
        return False
    if any(c.dep_ in ("ccomp", "xcomp", "dobj") and c.i > head.i for c in head.children):
        return True  # "..., she says it's quieter": what she says is after
    lemma = head.lemma_.lower()
    if lemma in words("reading_reporting") or lemma in words("belief_verbs"):
        return False
    return lexicon.first_lexname(lemma, "v") not in _REPORTING_LEXNAMES
