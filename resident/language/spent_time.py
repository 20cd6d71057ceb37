"""How long someone did a thing, said as time spent: "I spent twenty years teaching French",
or without a verb of its own, "Thirty years driving lorries out of Hull." The small parser
hangs the doing on the span ("years ... teaching" as its clause, or "years" as a modifier of
the gerund), so the deed is never read. The sentence is parsed again as the deed done for
that long, "I taught French for twenty years", and read as every deed with its span is (the
span its quantity, answering "how long" and "how many years"). The teller is its doer
where no one else is named; a span is a noun of time with its number ("twenty years", "six
months"), the doing a gerund with the span before it. Pure, over the parse and the reparse
the reader is given; the past form is lemminflect's (tense.py reads it likewise)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from resident.language import lexicon

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from resident.language.reparse import Reparse


def spent_said(sent: Span, reparse: Reparse) -> Span | None:
    """The sentence parsed again as the deed done for the span spent on it, or None when it
    says no span spent doing something."""
    found = _span_and_doing(sent)
    if found is None:
        return None
    span, doing, subject = found
    # "nursing" the parser took for a noun: its verb by WordNet.
    past = _past(lexicon.base(doing.lower_, "v") or doing.lemma_.lower())
    if past is None:
        return None
    doings = {t.i for t in doing.subtree}
    # "Ten years teaching maths": the doing hung on the span is not part of the span said.
    spans = {t.i for t in span.subtree} - (doings if span.i not in doings else set())
    rest = [t for t in doing.subtree if t.i > doing.i and t.i not in spans]
    rest = [t for t in rest if not (t.is_punct and t.i == sent.end - 1)]
    said = " ".join(t.lower_ for t in span.subtree if t.i in spans and not t.is_punct)
    text = f"{subject} {past} " + "".join(t.text_with_ws for t in rest).strip()
    text = re.sub(r"\s+", " ", f"{text} for {said}.").replace(" .", ".").replace(" ,", ",")
    return next(iter(reparse(text).sents), None)


def _span_and_doing(sent: Span) -> tuple[Token, Token, str] | None:
    """The span's noun, the gerund done over it, and who did it (as said, "I" for the teller
    of a verbless piece)."""
    root = sent.root
    if root.lemma_.lower() == "spend":
        span = next((c for c in root.children if c.dep_ == "dobj" and _span(c)), None)
        subj = next((c for c in root.children if c.dep_ == "nsubj"), None)
        doing = None if span is None else _gerund_of(span, root)
        if span is None or doing is None or subj is None:
            return None
        who = list(subj.subtree)
        if who[0].i != sent.start:
            return None
        return span, doing, "".join(t.text_with_ws for t in who).strip()
    if root.tag_ == "VBG" or (root.pos_ == "NOUN" and root.lower_.endswith("ing")):
        # "Thirty years driving lorries": the span a modifier of the gerund.
        span = next((c for c in root.children if c.dep_ == "npadvmod" and _span(c)), None)
        if span is None or min(t.i for t in span.subtree) != sent.start:
            return None
        return span, root, "I"
    if _span(root) and min(t.i for t in root.subtree) == sent.start:
        # "Ten years teaching maths": the gerund the span's clause.
        doing = next((c for c in root.children if c.dep_ == "acl" and c.tag_ == "VBG"), None)
        return None if doing is None else (root, doing, "I")
    return None


def _gerund_of(span: Token, verb: Token) -> Token | None:
    """The gerund the time was spent on, hung on the span or on "spend" itself."""
    for tok in (*span.children, *verb.children):
        if tok.tag_ == "VBG" and tok.dep_ in ("acl", "xcomp", "advcl", "dep"):
            return tok
    return None


def _span(tok: Token) -> bool:
    """A noun of time said with its number ("twenty years", "six months")."""
    if tok.pos_ != "NOUN" or lexicon.first_lexname(tok.lemma_.lower(), "n") != "noun.time":
        return False
    return any(c.dep_ == "nummod" and c.like_num for c in tok.children)


def _past(lemma: str) -> str | None:
    from lemminflect import getInflection  # type: ignore[import-untyped, unused-ignore]

    forms = getInflection(lemma, "VBD")
    return forms[0] if forms else None
