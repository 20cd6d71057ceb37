"""Answers about what is described, not named: "Whose dog is Skipper?" (the one owner held)
and "What is the chook called?" (the name of the one the asker's household holds to be one).
The rules of what counts as the one are in described.py."""

from __future__ import annotations

from resident.language.answer_fit import a_name
from resident.language.asking import Resolved, hedge
from resident.language.described import owned_named, owners_of, the_one
from resident.language.kin_answers import KinAnsweringMixin
from resident.language.knowledge import views
from resident.language.render import possessive
from resident.language.statement import Ref
from resident.language.turn import _Ctx, _Reply
from resident.records import Claim


class DescribedAnsweringMixin(KinAnsweringMixin):
    def _whose(self, ctx: _Ctx, noun: str, name: str) -> _Reply | None:
        """ "Whose dog is Skipper?": the owner or relative held, said as theirs."""
        found = self._resolve_ref(ctx, Ref(role="name", name=name))
        if found is None:
            return None
        reads = ctx.reads or self.dictionary
        held = owners_of(reads, found.ids, noun, ctx.now)
        owners = list(dict.fromkeys(reads.label(c.object_entity or "") for c in held))
        if len(owners) != 1:
            return None
        shown = views(held, reads)
        lines = "\n".join(v.line for v in shown)
        return _Reply(
            f"{possessive(owners[0])}. {hedge(held[0])}\n{lines}", shown, answer=owners[0]
        )

    def _called(
        self, ctx: _Ctx, noun: str, plural: bool = False, owner: str | None = None
    ) -> _Reply | None:
        """ "What is the chook called?": the name of the one held to be a chook; "What is
        Rhian's shop called?", "What is our café called?": of the one tied to its owner."""
        if ctx.person_id is None:
            return None
        reads = ctx.reads or self.dictionary
        circles = self._we(ctx, Resolved(ids=[ctx.person_id], name="you"))
        household = circles[-1] if circles else [ctx.person_id]
        if owner is not None:
            held = self._owned_named(ctx, owner, circles, noun)
        else:
            held = the_one(reads, household, noun, ctx.now, plural)
        shown = views(held, reads)
        names = [v.subject_label for v in shown]
        if not names or any("'" in n or not n[:1].isupper() or not a_name(n) for n in names):
            # "Nell's dog" is a description held, no name; "MAX" the resident's own
            # (answer_fit.a_name, the one test of a name asked).
            return None
        name = " and ".join(names)
        lines = "\n".join(v.line for v in shown)
        return _Reply(f"{name}. {hedge(held[0])}\n{lines}", shown, answer=name)

    def _owned_named(
        self, ctx: _Ctx, owner: str, circles: list[list[str]], noun: str
    ) -> list[Claim]:
        """The one `noun` held tied to the owner said: "my" the asker, "our" the asker and
        their partners, a name whoever it resolves to."""
        reads = ctx.reads or self.dictionary
        if owner == "my":
            widening = [[ctx.person_id or ""]]  # the asker's own, never another's in the house
        elif owner == "our":
            # The asker and their partners; not the household (another's would answer).
            widening = circles[:1] or [[ctx.person_id or ""]]
        else:
            found = self._resolve_ref(ctx, Ref(role="name", name=owner))
            widening = [] if found is None else [found.ids]
        for owners in widening:
            held = owned_named(reads, owners, noun, ctx.now)
            if held:
                return held
        return []
