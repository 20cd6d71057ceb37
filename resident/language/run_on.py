"""Two clauses set side by side with nothing between them, or only a comma (issue 21,
splice48): "my dad retired in march he plays golf now", "Nadia started at the bakery in May
she loves it", "i make pelmeni every sunday, Nina love them". The parser hangs one on the
other as a complement, an adverbial clause or a loose dependent, and what reads the clause it
hangs on takes no statement of it. Where the parse shows the second a finite clause opened by
its own subject, with nothing that subordinates it (no "that", "if", "when", "because", no
wh-word, no "and"), and the verb it hangs on reports or believes nothing, it is a sentence of
its own, cut at where its words begin (clause_pieces.py, splices.py read it so).

Never cut: what a verb of saying, believing or perceiving takes ("she said, the shop's
shutting", "I bet she loved it": clause_pieces._reporting), a conditional ("if ..." is marked),
a tag question ("..., isn't it": its subject follows its verb), an indirect question ("I don't
know where he went": a wh-word opens it). Pure, over spaCy's parse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Token

#: How the parser hangs a clause set beside another as if it were part of it.
BESIDE_DEPS = frozenset({"ccomp", "parataxis", "advcl", "dep"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl"})
#: Words that join or subordinate the clause after them: it is then no clause set beside.
_JOINING_DEPS = frozenset({"cc", "mark", "preconj"})
_WH_TAGS = frozenset({"WRB", "WP", "WDT", "WP$"})
#: What a clause's own subject is: a noun, a name or a pronoun ("seven and Santi" is no one).
_NOMINAL = frozenset({"NOUN", "PROPN", "PRON"})
#: WordNet verb classes whose complement is what is said or thought ("she said she moved").
_REPORTING_LEXNAMES = frozenset({"verb.communication", "verb.cognition", "verb.perception"})


def reports(verb: Token) -> bool:
    """Does `verb` report, believe or perceive the clause under it ("said", "bet", "saw")?"""
    lemma = verb.lemma_.lower()
    if lemma in words("reading_reporting") or lemma in words("belief_verbs"):
        return True
    return lexicon.first_lexname(lemma, "v") in _REPORTING_LEXNAMES


def finite(verb: Token) -> bool:
    """Is `verb` a finite verb, or the head of a clause a finite auxiliary carries ("she's
    doing law", "he'll move")?"""
    if verb.pos_ not in ("VERB", "AUX"):
        return False
    helpers = [verb, *(c for c in verb.children if c.dep_ in ("aux", "auxpass") and c.i < verb.i)]
    return any("Fin" in t.morph.get("VerbForm", []) or t.tag_ == "MD" for t in helpers)


def opening_subject(verb: Token) -> Token | None:
    """The clause's own subject when its words begin with it (the clause's left edge), else
    None: a tag question ("isn't it") or a question puts its verb first."""
    subject = next((c for c in verb.children if c.dep_ in _SUBJECTS), None)
    if subject is None or subject.i > verb.i:
        return None
    return subject if subject.left_edge.i == clause_start(verb) else None


def clause_start(verb: Token) -> int:
    """Where the clause headed by `verb` begins: its first word, past the punctuation the
    parser may hang on it."""
    start = verb.left_edge.i
    while start < verb.i and verb.doc[start].is_punct:
        start += 1
    return start


def set_beside(verb: Token) -> bool:
    """Is the clause headed by `verb` one set after the clause it hangs on with only a comma
    or nothing between: finite, opened by its own subject, with no word that joins or
    subordinates it?"""
    if verb.dep_ not in BESIDE_DEPS or not finite(verb) or verb.head.i >= verb.i:
        return False
    subject = opening_subject(verb)
    if subject is None or subject.pos_ not in _NOMINAL or reports(verb.head):
        return False
    if any(c.dep_ in _JOINING_DEPS or c.tag_ in _WH_TAGS for c in verb.children if c.i < verb.i):
        return False
    start = clause_start(verb)
    before = verb.doc[start - 1] if start > verb.sent.start else None
    if before is None or before.dep_ in _JOINING_DEPS or before.tag_ in _WH_TAGS:
        return False
    if start - 1 == verb.head.i:
        return False  # "Bea is | seven and Santi is four": a clause before says its words first
    if before.is_punct:
        return before.text in (",", ";", "-", "–", "—")
    # Nothing between: the clause is set beside only where a verb before it could not take it
    # as its complement ("I wish I spoke French", "I hope she's fine": WordNet's frames), nor
    # an adjective ("I'm not sure I'm staying").
    return verb.head.pos_ in ("VERB", "AUX") and not takes_a_clause(verb.head)


#: WordNet's verb frames "Somebody ----s that CLAUSE" and "It ----s that CLAUSE".
_CLAUSE_FRAMES = frozenset({26, 34})
#: How many of a verb's most frequent senses are asked whether they take a clause.
_SENSES = 3


def takes_a_clause(verb: Token) -> bool:
    """May `verb` take a clause as its complement with no "that" ("wish", "hope", "see") in
    one of its most frequent senses? Unknown (no WordNet): taken to, so nothing is cut."""
    frames = lexicon.lemma_frames(verb.lemma_.lower(), _SENSES)
    return frames is None or bool(frames & _CLAUSE_FRAMES)
