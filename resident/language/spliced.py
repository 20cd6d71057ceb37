"""Comma splices the parser hung on a noun as relative clauses, or left unattached, and run-on
clauses it hung on a noun with no comma at all. Pure.

"three of us in Marchmont, I'm doing history, Priti's doing vet med": the small parser hangs each
run-on clause on a noun as a `relcl`. English does not open a relative clause after a comma
without a relative word ("Tom, who fixes bikes"), so a comma, then a clause with a subject of its
own and no relative word, is a clause of the sentence, read as the root's clauses are. With no
comma ("declan here i drive a bin lorry", "With the money I bought the books"), a relative clause
without a relative word still leaves a gap where the noun it hangs on belongs ("the books I
bought", "the house we live in"); a clause whose personal pronoun subject and direct object are
both said has no gap, so it is no relative clause but a clause run on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.relative import _relative_word

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


def spliced_clauses(sent: Span) -> list[Token]:
    """The clauses of `sent` the parse hung on a noun as relative clauses though a comma and a
    subject of their own open them."""
    out: list[Token] = []
    for verb in sent:
        if verb.dep_ != "relcl" or verb.pos_ not in ("VERB", "AUX"):
            continue
        subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        start = verb.left_edge.i
        if subject is None or _relative_word(verb) is not None or start <= sent.start:
            continue
        if _run_together(verb):
            continue
        if verb.doc[start - 1].text == "," or _without_gap(verb, subject):
            out.append(verb)
    return out + [verb for verb in sent if run_on_piece(verb)]


#: Subjects that are never the noun a relative clause hangs on said again.
_PERSONAL = frozenset({"i", "we", "he", "she", "they", "you"})


def _without_gap(verb: Token, subject: Token) -> bool:
    """Does the clause say every argument a relative clause would leave out: a personal pronoun
    subject, a direct object, and no preposition stranded without its object ("the shop we
    went to")?"""
    if subject.lower_ not in _PERSONAL or subject.dep_ != "nsubj":
        return False
    if any(c.tag_ == "WRB" for c in verb.children):
        return False  # "the bridge where we had our first date": a relative adverb's gap
    if any(
        c.dep_ == "prep" and not any(g.dep_ == "pobj" for g in c.children) for c in verb.children
    ):
        return False
    return any(c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN", "PRON") for c in verb.children)


def run_on_piece(verb: Token) -> bool:
    """ "I left the café in May, got an apprenticeship with a plumber": a finite verb said
    after a comma with no subject of its own, which the parse left unattached (`dep`) under
    the clause before it, goes on with that clause and its subject (`subject_token`)."""
    if verb.dep_ != "dep" or verb.pos_ != "VERB" or verb.tag_ not in ("VBD", "VBZ"):
        return False
    if verb.i < verb.head.i or verb.head.pos_ not in ("VERB", "AUX") or verb.i == 0:
        return False
    own = ("nsubj", "nsubjpass", "expl", "csubj", "mark")
    return verb.doc[verb.i - 1].text == "," and not any(c.dep_ in own for c in verb.children)


def _run_together(verb: Token) -> bool:
    """A verb the parse hangs straight on the word before it ("doing vet med", "med" read as
    a verb on "vet"; "a dog called Rolo"): the clause's object may be cut short, so the
    splice is not read (the root's reading is untouched)."""
    return any(
        t.pos_ == "VERB" and t.dep_ in ("conj", "acl") and t.i == t.head.i + 1 for t in verb.subtree
    )
