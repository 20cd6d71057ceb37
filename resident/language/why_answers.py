"""Why MAX holds what he holds ("Why do you think aspirin treats headache?", "Why?" of his
last reply): the trails of the claims asked about (moved whole out of answering.py, which was
at its size limit).
"""

from __future__ import annotations

from resident.errors import NotFound
from resident.language.knowledge import why_claims, why_subject, why_triple
from resident.language.turn import _UNKNOWN_PERSON, LanguageBase, _Ctx, _Reply


class WhyAnsweringMixin(LanguageBase):
    """Mixed into `Language`: the handler of a why-question."""

    def _why(self, ctx: _Ctx) -> _Reply:
        p = ctx.parsed
        limit = self.settings.language.max_listed_claims
        reads = ctx.reads
        assert reads is not None
        if p.refers_back:
            with self._last_lock:
                last = self._last.get(ctx.person_id or "", ())
            claims = []
            for cid in last:
                try:
                    claims.append(reads.graph.peek_claim(cid))
                except NotFound:
                    continue
            if not claims:
                return _Reply(
                    'Why do I think what? Ask me, for example: "Why do you think '
                    'aspirin treats headache?"'
                )
            answer = why_claims(reads, claims, p.text, True, "Here is why:", ctx.now)
        elif p.triple is not None:
            if p.triple.speaker and ctx.person_id is None:
                return _Reply(_UNKNOWN_PERSON)
            answer = why_triple(
                reads, p.triple, p.text, ctx.now, speaker_id=ctx.person_id, limit=limit
            )
        else:
            name = _subject_words(p.said or "")
            answer = why_subject(reads, name, p.text, ctx.now, limit=limit)
        shown = [t.claim for t in answer.trails]
        shown += [cv.other for t in answer.trails for cv in t.conflicts if cv.other is not None]
        unique = list({v.claim.id: v for v in shown}.values())
        return _Reply(answer.text, claims=unique)


def _subject_words(said: str) -> str:
    """ "Why do you think about the Eiffel Tower": the subject without its article."""
    words = said.split()
    if words and words[0].lower() in ("the", "a", "an"):
        words = words[1:]
    return " ".join(words)
