"""Whom a question put between people was about, for the answer after it that says no
subject: "How's Tomasz getting on?" - "Got a job at the garage in May." is Tomasz's job, not
the answerer's; "What about Priya?" - "Started at the bakery on Monday." is Priya's start.
A question put to its listener about themself ("Did you see Tomasz?", "Have you met
Priya?", "Heard from Trevor?") leaves the answer the answerer's own.

Pure: reads the parse and the talk's Context."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.statement import Ref

if TYPE_CHECKING:
    from spacy.tokens import Span

    from resident.language.statement import Context

_SUBJECTS = ("nsubj", "nsubjpass")


def note_asked(sent: Span, ctx: Context) -> None:
    """After a question has had its names remembered: keep the person or pet it named (the
    talk's last mention, said in this sentence) as whom it asked about, unless it asked the
    listener about themself ("you" its subject). Any other question forgets it."""
    mention = ctx.last_mention
    said = {t.lower_ for t in sent}
    named = mention is not None and ctx.mention_turn == ctx.turn and mention[0].lower() in said
    # "Heard from Trevor at all?": a question's verb with no subject asks the listener too.
    root = sent.root
    unsaid = root.pos_ == "VERB" and not any(c.dep_ in _SUBJECTS for c in root.children)
    to_you = unsaid or any(t.dep_ in _SUBJECTS and t.lower_ == "you" for t in sent)
    kind = None if mention is None else _kind(mention, ctx)
    if named and not to_you and mention is not None and kind is not None:
        ctx.asked_about = (Ref(role="name", name=mention[0], kind=kind), ctx.turn)
        ctx.asked_about_by = ctx.speaker
    else:
        ctx.asked_about, ctx.asked_about_by = None, None


def _kind(mention: tuple[str, str], ctx: Context) -> str | None:
    """A person or a pet, as this mention or the talk before it showed the name ("Is Gwen
    still at the garage?": the recogniser gave Gwen no label here, the talk did before)."""
    if mention[1] in ("person", "animal"):
        return mention[1]
    known = ctx.named(mention[0])
    return known[1] if known is not None and known[1] in ("person", "animal") else None


def asked_about(ctx: Context) -> Ref | None:
    """The one another speaker's question just before this turn asked about, or None."""
    if ctx.asked_about is None or ctx.asked_about_by in (None, ctx.speaker):
        return None
    ref, turn = ctx.asked_about
    return ref if ctx.turn - turn == 1 else None
