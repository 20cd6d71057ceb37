"""The household's part of a turn (issue 26): answering the question MAX asked, Rule 4 with
causes ("Why do you feel like that?"), and present-tense questions about what is no longer so."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from resident.language.change import asks_before, asks_now
from resident.language.feeling import asks_why_feeling, why_i_feel
from resident.language.intents import Intent
from resident.language.knowledge import views
from resident.language.render import fmt_time
from resident.language.turn import _Ctx, _Reply
from resident.memory.valid_time import Tense, at_time
from resident.people.privacy import graph_for

if TYPE_CHECKING:
    from spacy.tokens import Doc


class HouseholdTurnMixin:
    """Mixed into `Language`: the attributes below are the layer's own."""

    graph: Any
    settings: Any
    dictionary: Any
    household: Any
    _handlers: Any

    def _household_reply(self, ctx: _Ctx, doc: Doc | None, text: str) -> tuple[_Reply, Any]:
        """household hook: the turn may answer the question MAX just asked this person, ask
        why he feels as he does (Rule 4 with causes), or ask about what is no longer so."""
        answered = None
        if ctx.person_id is not None and doc is not None:
            answered = self.household.answer(
                ctx.person_id,
                [t.lower_ for t in doc],
                ctx.now,
                self.dictionary.labels,
                ctx.resident.session.session_id,
                ctx.correlation_id,
            )
        if answered is not None:
            claims = views(answered.claims, self.dictionary)
            return _Reply(answered.text, claims=claims, intent=Intent.STATEMENT), answered
        if asks_why_feeling(doc):
            why_text, state = why_i_feel(ctx.resident, self.settings, ctx.now)
            return _Reply(why_text, state=state, intent=Intent.HOW_ARE_YOU), None
        reply = self._handlers[ctx.parsed.intent](self, ctx)
        if not reply.claims and asks_now(doc, text):
            reply = self._no_longer(ctx, reply)
        elif not reply.claims and asks_before(doc, text):
            # "Did Lena use to play the cello?" when she still does: what holds still answers.
            view = graph_for(self.graph, ctx.reader)
            ctx.reads = self.dictionary.viewing(at_time(view, Tense.EVER, ctx.now))
            reply = self._handlers[ctx.parsed.intent](self, ctx)
        return reply, None

    def _no_longer(self, ctx: _Ctx, reply: _Reply) -> _Reply:
        """A present-tense question nothing valid now answers, asked again of the claims that
        stopped being true: "Does Ben still work at a law firm?" -> "Not any more ..."."""
        view = graph_for(self.graph, ctx.reader)
        ctx.reads = self.dictionary.viewing(at_time(view, Tense.BEFORE, ctx.now))
        past = self._handlers[ctx.parsed.intent](self, ctx)
        ended = [v for v in past.claims if v.claim.valid_to is not None]
        if not past.claims or len(ended) != len(past.claims):
            return reply
        lines = [f"{v.line} It held until {fmt_time(v.claim.valid_to)}." for v in ended]
        # "Is Joe still a paramedic?": what was a yes then is a no now; a wh-question ("Who
        # has Patch now?") gets no answer from what stopped being true.
        no = "No" if (past.answer or "").lower() == "yes" else None
        text = "Not any more, as far as I know:\n" + "\n".join(lines)
        return _Reply(text, claims=ended, answer=no)

    def _how_are_you(self, ctx: _Ctx) -> _Reply:
        report = ctx.resident.state(ctx.now)
        dump: dict[str, Any] = report.model_dump(mode="json")
        labels: list[str] = []
        if dump.get("known", True):
            for part in ("mood", "disposition"):
                section = dump.get(part)
                if isinstance(section, dict) and isinstance(section.get("label"), str):
                    labels.append(section["label"])
        return _Reply(str(dump["sentence"]), state=dump, mood_labels=tuple(labels))
