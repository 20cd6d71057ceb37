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
from resident.language.run_on import BESIDE_DEPS, finite, opening_subject
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

    from resident.language.reparse import Reparse

_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl"})
#: Words that open a clause and say nothing of it: a conjunction, an adverb, an interjection.
_OPENING = frozenset({"cc", "advmod", "intj", "punct"})
#: WordNet verb classes whose complement may be the clause before the comma ("..., she said").
_REPORTING_LEXNAMES = frozenset({"verb.communication", "verb.cognition", "verb.perception"})


def spliced_halves(sent: Span, reparse: Reparse) -> tuple[Doc, Token] | None:
    """The first half of a comma-spliced (or run-on) sentence parsed again, and its verb in
    the sentence as said; None when the sentence is no splice."""
    for end, after in _cuts(sent):
        first = _clause_before(sent, end)
        if first is None or not _own_clause_after(first.head, after):
            continue
        text = sent.doc[sent.start : end].text.strip(" ,")
        if len(text.split()) < 2:
            return None
        return reparse(text[0].upper() + text[1:] + "."), first
    return None


def _cuts(sent: Span) -> list[tuple[int, int]]:
    """Where the sentence may be cut in two: (where the first half ends, exclusive; where the
    second's words begin). At a comma; or, in a run-on turn with no stop ("my dad retired in
    march he plays golf now", splice48), right before a finite clause its own subject opens
    with no word between that joins it to the first (run_on.opening_subject)."""
    cuts = [(t.i, t.i + 1) for t in sent if t.text == "," and t.i > sent.start]
    for verb in sent:
        subject = opening_subject(verb) if finite(verb) else None
        if subject is None or verb.dep_ not in ("ROOT", *BESIDE_DEPS):
            continue
        start = subject.left_edge.i
        before = sent.doc[start - 1] if start > sent.start else None
        if before is not None and not before.is_punct and before.dep_ not in ("cc", "mark"):
            cuts.append((start, start))
    return sorted(cuts)


def _clause_before(sent: Span, end: int) -> Token | None:
    """The finite verb before `end` the parse hung as the complement of a verb after it,
    with its subject before the cut too."""
    for verb in sent.doc[sent.start : end]:
        if verb.dep_ != "ccomp" or verb.head.i < end or verb.pos_ not in ("VERB", "AUX"):
            continue
        subject = next((c for c in verb.children if c.dep_ in _SUBJECTS), None)
        if subject is None or subject.i < sent.start or verb.right_edge.i > end:
            continue
        if verb.left_edge.i == sent.start or _only_openers(sent, verb):
            return verb
    return None


def _only_openers(sent: Span, verb: Token) -> bool:
    """Only conjunctions, adverbs or punctuation before the clause ("And I ...", "Oh, ...")."""
    return all(
        t.pos_ in ("CCONJ", "ADV", "INTJ", "PUNCT") for t in sent.doc[sent.start : verb.left_edge.i]
    )


def _past_openers(head: Token, after: int) -> int:
    """Where the clause after the cut begins past the words that open it and are no part of
    what it says ("..., so I thought I knew everything", "..., and then she rang"): the first
    half is a clause of its own whatever joins the second to it."""
    while after < head.i and head.doc[after].head == head and head.doc[after].dep_ in _OPENING:
        after += 1
    return after


def _own_clause_after(head: Token, after: int) -> bool:
    """Is the verb after the comma a clause with a subject of its own right after it, which
    does not take the clause before as what it says or thinks?"""
    subject = next((c for c in head.children if c.dep_ in _SUBJECTS), None)
    if subject is None or subject.left_edge.i != _past_openers(head, after):
        return False
    if any(c.dep_ in ("ccomp", "xcomp", "dobj") and c.i > head.i for c in head.children):
        return True  # "..., she says it's quieter": what she says is after
    lemma = head.lemma_.lower()
    if lemma in words("reading_reporting") or lemma in words("belief_verbs"):
        return False
    return lexicon.first_lexname(lemma, "v") not in _REPORTING_LEXNAMES
