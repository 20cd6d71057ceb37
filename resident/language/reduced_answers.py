"""A question that found nothing, asked again without its optional parts (issue 21, match30;
language/question_parts.py): "What does Sofia need, the dentist said?" as "What does Sofia
need?", "Where did they stay instead of Padstow?" as "Where did they stay?". The answer must
still pass every check the whole question's would (the same readings, the answer type), and
is refused where it names what "instead of" set aside or the noun asked with another
modifier ("the roof repair" never answered by "the boiler repair")."""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from spacy.lang.en.stop_words import STOP_WORDS

from resident.language.described_people import described
from resident.language.question_parts import Reduced, reduced, set_aside
from resident.language.reading import is_question

if TYPE_CHECKING:
    from collections.abc import Iterable
    from datetime import datetime

    from resident.language.dictionary import Dictionary
    from resident.language.turn import _Ctx, _Reply


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _about_else(reply: _Reply, part: Reduced) -> bool:
    """Does the answer name what the question set aside, or the asked noun with a modifier
    other than the one the question gave it (a content word right before it in a label)?"""
    labels = [reply.answer or ""]
    labels += [label for v in reply.claims for label in (v.subject_label, v.object_label)]
    if part.instead and any(
        w in _words(text) for text in [reply.plain, *labels] for w in part.instead
    ):
        return True
    dropped = {m for m, _ in part.dropped}
    for label in labels:
        seen = _words(label)
        for _, head in part.dropped:
            before = {seen[i - 1] for i in range(1, len(seen)) if seen[i].startswith(head[:4])}
            if any(w.isalpha() and w not in STOP_WORDS and w not in dropped for w in before):
                return True
    return False


def _another_kind(things: Iterable[str], part: Reduced) -> bool:
    """Was a thing of the asked noun said of with another modifier in the talk ("the boiler
    repair" held beside a bare "repair")? Then the bare one may be either, and a question about
    "the roof repair" is not answered from it."""
    dropped = {m for m, _ in part.dropped}
    for name in things:
        said = _words(name)
        for _, head in part.dropped:
            if len(said) > 1 and said[-1].startswith(head[:4]) and not set(said[:-1]) <= dropped:
                return True
    return False


def _told_of_since(reads: Dictionary, reply: _Reply, now: datetime) -> bool:
    """Was something said of the answer's thing after the claim answered ("the publisher moved
    the deadline")? A question matched loosely (a modifier left out) answers only from a thing
    nothing later was said of: what came later may have changed it."""
    for view in reply.claims:
        later = reads.graph.claims_by_object(view.claim.subject, now)
        if any(c.created_at > view.claim.created_at for c in later):
            return True
    return False


class ReducedAnsweringMixin:
    """The question asked again without its optional parts, when the whole found nothing."""

    def _not_set_aside(self, ctx: _Ctx, reply: _Reply | None) -> _Reply | None:
        """The whole question's answer, unless it names what the question set aside ("Where
        did they stay instead of the hotel?" never answered "the hotel")."""
        if reply is None or ctx.doc is None or not ctx.doc.has_annotation("DEP"):
            return reply
        sents = [s for s in ctx.doc.sents if is_question(s)]
        aside = set_aside(sents[-1]) if sents else ()
        return None if aside and _about_else(reply, Reduced("", aside)) else reply

    def _ask_reduced(self, ctx: _Ctx) -> _Reply | None:
        if ctx.doc is None or not ctx.doc.has_annotation("DEP"):
            return None
        sents = [s for s in ctx.doc.sents if is_question(s)]
        if not sents:
            return None
        named = described(sents[-1], ctx.reads or self.dictionary, ctx.now)  # type: ignore[attr-defined]
        parts = [Reduced(named)] if named else []
        for part in parts + reduced(sents[-1]):
            with self._nlp_lock:  # type: ignore[attr-defined]
                doc = self.nlp(part.text)  # type: ignore[attr-defined]
            again = dataclasses.replace(ctx, doc=doc)
            reply = (
                self._ask_priced(again)  # type: ignore[attr-defined]
                or self._ask_converse(again)  # type: ignore[attr-defined]
                or self._ask(again)  # type: ignore[attr-defined]
            )
            if part.dropped and _another_kind(self._context.things, part):  # type: ignore[attr-defined]
                continue
            reads = ctx.reads or self.dictionary  # type: ignore[attr-defined]
            if part.dropped and reply is not None and _told_of_since(reads, reply, ctx.now):
                continue
            if reply is not None and not _about_else(reply, part):
                return reply
        return None
