"""A statement said before a question in one sentence: "my brother is visiting next weekend,
can he sleep on the sofa?", "we're moving in June, do you know a removal firm?". The parser
hangs the statement on the question's verb as a clausal complement before a comma; the
question's own clause is inverted (its auxiliary or wh-word before its subject). The whole
sentence ends in "?", so it was skipped as a question; the statement before it is read on
its own. A tag ("..., aren't you?", "..., is that OK?") has no verb of its own and keeps
the sentence a question whole: what it asks to confirm is not stored. Pure, given the parse
function.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from resident.language.reparse import Reparse


def _inverted(root: Token) -> bool:
    """Is the question's clause asked: an auxiliary or a wh-word before its subject?"""
    subj = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subj is None:
        return False
    asking = (
        c
        for c in root.children
        if c.i < subj.i and (c.dep_ == "aux" or c.tag_ in ("WP", "WRB", "WDT"))
    )
    return any(True for _ in asking)


def statement_before(sent: Span) -> Span | None:
    """The statement a question sentence opens with, or None."""
    root = sent.root
    if root.pos_ != "VERB" or not _inverted(root):
        return None
    said = next(
        (
            c
            for c in root.children
            if c.dep_ == "ccomp" and c.i < root.i and c.pos_ in ("VERB", "AUX")
        ),
        None,
    )
    if said is None or not any(c.dep_ in ("nsubj", "nsubjpass") for c in said.children):
        return None
    end = max(t.i for t in said.subtree) + 1
    comma = sent.doc[end] if end < sent.end else None
    if comma is None or comma.text != ",":
        return None
    return sent.doc[min(t.i for t in said.subtree) : end]


def stated_before_question(sent: Span, reparse: Reparse) -> Span | None:
    """The statement before the question, parsed again as a sentence of its own."""
    said = statement_before(sent)
    if said is None:
        return None
    again = list(reparse(f"{said.text}.").sents)
    return again[0] if len(again) == 1 else None
