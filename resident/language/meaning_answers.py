"""The answering side of held_meaning: a question no reading answered, tried once more against
what its subject holds, by meaning (issue 21, match26). The subject of "Priti's internship"
is Priti, the internship the thing her statements must name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.held_meaning import (
    answerable_shape,
    kind_of_asked,
    meaning_answer,
    subject_views,
)
from resident.language.held_place import place_answer, place_shape

if TYPE_CHECKING:
    from collections.abc import Sequence

    from spacy.tokens import Span

    from resident.language.dictionary import Dictionary
    from resident.language.question_reading import Query
    from resident.language.resolved import Resolved
    from resident.language.statement import Ref
    from resident.language.turn import _Ctx, _Reply


class MeaningAnsweringMixin:
    dictionary: Dictionary

    if TYPE_CHECKING:

        def _resolve_ref(
            self, ctx: _Ctx, ref: Ref, modifiers: Sequence[str] = ()
        ) -> Resolved | None: ...

        def _asked(
            self, ctx: _Ctx, query: Query, nouns: list[frozenset[str]] | None = None
        ) -> list[frozenset[str]]: ...

    def _meant(self, ctx: _Ctx, query: Query, sent: Span) -> _Reply | None:
        """The answer by meaning to a question read as `query`, or None."""
        from resident.language.turn import _Reply

        ref = query.subject
        kind = kind_of_asked(sent)
        where = place_shape(query)
        if ref is None or not (where or answerable_shape(query, kind)):
            # Gated before the graph is read: most questions nothing else answered are of no
            # shape held_meaning answers, and resolving the subject again costs at 1M claims.
            return None
        if ref.role == "kin" and ref.kind == "thing" and ref.owner is not None:
            # "How long is Priti's internship?": what Priti holds that names it.
            ref = ref.owner
        subject = self._resolve_ref(ctx, ref)
        if subject is None:
            return None
        reads = ctx.reads or self.dictionary
        nouns: list[frozenset[str]] | None = None if query.wh == "yes" else []
        asked = self._asked(ctx, query, nouns)
        shown, every = subject_views(reads, subject)
        answer = meaning_answer(shown, every, query, ctx.now, [*asked, *(nouns or ())], kind)
        if answer is None and where:
            # "Where does Bill work?" of "works as a mechanic {in Sandwich}" (held_place).
            answer = place_answer(shown, every, query, ctx.now)
        if answer is None:
            return None
        return _Reply(answer.text, claims=answer.claims, answer=answer.short, score=answer.score)
