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
    # The doing's own words, up to the first stop or comma ("..., and I loved it" is not).
    after = [t for t in sent if t.i > doing.i]
    cut = next((t.i for t in after if t.is_punct), sent.end)
    rest = [t for t in after if t.i < cut]
    said = " ".join(t.lower_ for t in sent if _number_start(span) <= t.i <= span.i)
    text = f"{subject} {past} " + "".join(t.text_with_ws for t in rest).strip()
    # What the sentence says after the doing ("..., so we never got to Padstow") is kept.
    tail = "".join(t.text_with_ws for t in sent if t.i >= cut).strip() or "."
    text = re.sub(r"\s+", " ", f"{text} for {said}{tail}").replace(" .", ".").replace(" ,", ",")
    return next(iter(reparse(text).sents), None)


def _span_and_doing(sent: Span) -> tuple[Token, Token, str] | None:
    """The span's noun, the gerund said right after it, and who did it: the subject of
    "spend" right before the span, or the teller of a piece the span opens."""
    for span in (t for t in sent if _span(t)):
        doing = span.doc[span.i + 1] if span.i + 1 < sent.end else None
        if doing is None or not _gerund(doing):
            continue
        first = _number_start(span)
        lead = [t for t in sent if t.i < first and not (t.is_punct or t.pos_ in ("INTJ", "CCONJ"))]
        if not lead:
            return span, doing, "I"
        verb = span.doc[first - 1]
        if verb.lemma_.lower() != "spend" or verb.i == sent.start:
            return None
        subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        if subj is None or min(t.i for t in subj.subtree) != sent.start:
            return None
        # "I've spent": the auxiliaries between the subject and "spend" are the tense's only.
        return span, doing, "".join(t.text_with_ws for t in subj.subtree).strip()
    return None


def _number_start(span: Token) -> int:
    """Where the number said before the span's noun begins ("thirty eight years": thirty)."""
    i = span.i
    while i > 0 and (span.doc[i - 1].like_num or span.doc[i - 1].lower_ in ("and", "-")):
        i -= 1
    return i


def _gerund(tok: Token) -> bool:
    """A verb's -ing form, as tagged or as the parser took it for a noun ("nursing")."""
    if tok.tag_ == "VBG":
        return True
    return tok.lower_.endswith("ing") and lexicon.base(tok.lower_, "v") is not None


def _span(tok: Token) -> bool:
    """A noun of time said with its number ("twenty years", "six months")."""
    if tok.pos_ != "NOUN" or lexicon.first_lexname(tok.lemma_.lower(), "n") != "noun.time":
        return False
    return tok.i > 0 and tok.doc[tok.i - 1].like_num


def _past(lemma: str) -> str | None:
    from lemminflect import getInflection  # type: ignore[import-untyped, unused-ignore]

    forms = getInflection(lemma, "VBD")
    return forms[0] if forms else None
