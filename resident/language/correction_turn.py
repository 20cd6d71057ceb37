"""A correction said in a turn ("No, the capital of Australia is Canberra"): the claim it
corrects, the hypothesis written in its place with a question filed to check it, and the reply
(moved whole out of conversation.py, which was at its size limit).
"""

from __future__ import annotations

from resident.language.intents import Intent, Triple, is_strong_correction
from resident.language.knowledge import resolve, views
from resident.language.storing import StoringMixin
from resident.language.turn import _UNKNOWN_PERSON, _Ctx, _Reply, words_of_doc
from resident.people.privacy import readable_by
from resident.records import Claim, Entity, Level


class CorrectionMixin(StoringMixin):
    """Mixed into `Language`: the correction handler of a turn."""

    def _correction(self, ctx: _Ctx) -> _Reply:
        triple = ctx.parsed.triple
        strong = ctx.doc is not None and is_strong_correction(words_of_doc(ctx.doc))
        if triple is None:
            if strong:
                return _Reply(
                    'What is right, then? Tell me, for example: "No, the capital '
                    'of Australia is Canberra."'
                )
            # "No worries", "Nope, still busy": talk, not a correction.
            reply = self._unknown(ctx)
            reply.intent = Intent.STATEMENT if reply.claims else Intent.UNKNOWN
            return reply
        if triple.speaker and ctx.person_id is None:
            return _Reply(_UNKNOWN_PERSON)
        old, subject = self._corrected_claim(ctx, triple)
        if old is None:
            # Nothing held to correct: what the person says (read whole: _answers_someone).
            answers = self._answers_someone(ctx)
            reply = self._unknown(ctx) if answers else self._store_triple(ctx, triple)
            if not answers and ctx.person_id is not None:
                # "No kayak after all.": read as a correction of nothing held, it still ends
                # what the statement reader would have (denied.py).
                self._end_said_over(ctx, min(ctx.said_at or ctx.now, ctx.now))
            reply.intent = Intent.STATEMENT
            return reply
        provenance = (
            "user_correction" if ctx.person_id is None else f"user_correction:{ctx.person_id}"
        )
        new = self._new_claim(
            ctx, triple, subject, self.settings.epistemic.correction_confidence, provenance
        )
        self._file_pending(ctx)
        writes = self.graph.record_correction(
            new,
            None if old is None else old.id,
            ctx.now,
            ctx.resident.session.session_id,
            ctx.correlation_id,
        )
        ctx.wrote["correction"] = {
            "old_claim_id": None if old is None else old.id,
            "hypothesis_id": writes.hypothesis.id,
            "gap_id": writes.gap.id,
            "conflict_id": None if writes.conflict is None else writes.conflict.id,
        }
        ctx.appraise(
            "corrected", claim_id=writes.hypothesis.id, old_claim_id=None if old is None else old.id
        )
        hypothesis = views([writes.hypothesis], self.dictionary)[0]
        parts = ["Thank you for the correction."]
        shown = [hypothesis]
        # household hook: the reply repeats only what the speaker may read.
        if old is not None and readable_by(old, ctx.reader):
            old_view = views([old], self.dictionary)[0]
            shown.append(old_view)
            parts.append(f"I had: {old_view.line}")
        parts.append(f"I have written down: {hypothesis.line}")
        if writes.conflict is not None:
            parts.append("I recorded the conflict between the two.")
        parts.append(
            f"I filed a question to check it, at priority {writes.gap.priority}; "
            "until it is checked it stays a hypothesis."
        )
        return _Reply("\n".join(parts), claims=shown)

    def _corrected_claim(self, ctx: _Ctx, triple: Triple) -> tuple[Claim | None, Entity]:
        """The claim being corrected (same subject and predicate, another object, strongest
        first) and the subject entity the correction is about."""
        if triple.speaker:
            assert ctx.person_id is not None
            candidates = [self._person_entity(ctx, ctx.person_id)]
        else:
            assert triple.subject is not None
            person = self._known_person(ctx, triple.subject)
            candidates = (
                [self._person_entity(ctx, person)]
                if person
                else resolve(self.dictionary, triple.subject)
            )
        assert triple.object is not None
        said = triple.object.strip().lower()
        object_ids = {e.id for e in resolve(self.dictionary, triple.object)}
        # household hook: privacy hides, never blinds: compare with everything MAX holds.
        held = [
            c
            for e in candidates
            for c in self.graph.peek_claims(e.id, triple.predicate)
            if c.level is not Level.OPINION
            and c.valid_at(ctx.now)
            and c.object_value.lower() != said
            and c.object_value not in object_ids
            and (c.object_entity is None or self.dictionary.label(c.object_entity).lower() != said)
        ]
        if held:
            old = max(held, key=lambda c: (c.confidence, c.created_at))
            subject = next(e for e in candidates if e.id == old.subject)
            return old, subject
        if candidates:
            return None, candidates[0]
        return None, self._entity(ctx, triple.subject or "")
