"""Questions about MAX's reading ("What have you read?", "What is Persuasion about?"),
answered from the bookshelf (moved whole out of answering.py, which was at its size limit).
"""

from __future__ import annotations

from datetime import datetime

from resident.language.knowledge import views
from resident.language.phrases import Intent, Parsed
from resident.language.turn import LanguageBase, _Ctx, _Reply


class ReadingAnsweringMixin(LanguageBase):
    """Mixed into `Language`: reading questions, told apart from ordinary ones and answered."""

    def _reading(self, text: str, now: datetime) -> Parsed | None:
        """A question about MAX's reading; "What is X about?" only when X is a document he
        has read (otherwise it is an ordinary question)."""
        from resident.language.bookshelf import ReadingKind, find_document, reading_question

        q = reading_question(text)
        if q is None:
            return None
        # bookshelf hook: "Who is X?" and its kin are the bookshelf's only when a book names X
        # (and X is not someone of the house).
        if q.kind in (ReadingKind.SUBJECT, ReadingKind.WHICH) and q.subject is not None:
            from resident.language.book_subjects import book_knowledge

            people = [e for e in self.graph.find_entities(q.subject) if e.id.startswith("person:")]
            if people or not book_knowledge(self.graph, q.subject, now):
                return None
        if (
            q.kind is ReadingKind.ABOUT
            and q.title is not None
            and find_document(self.graph, q.title, now) is None
        ):
            return None
        return Parsed(intent=Intent.READING, text=text, about=q.title, reason=q.kind.value)

    def _read(self, ctx: _Ctx) -> _Reply:
        from resident.language.bookshelf import (
            ReadingKind,
            ReadingQuestion,
            answer_reading,
            reading_question,
        )

        p = ctx.parsed
        # bookshelf hook: the question again from the text (a subject and a title both).
        q = reading_question(p.text) or ReadingQuestion(ReadingKind(p.reason or "list"), p.about)
        answer = answer_reading(
            self.graph, q, ctx.now, limit=self.settings.language.max_listed_claims
        )
        return _Reply(answer.text, claims=views(answer.claims, self.dictionary))
