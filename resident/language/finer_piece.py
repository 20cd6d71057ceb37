"""A day said alone in the turn after a plan held by its month (issue 21, stale48): "we're going
in February now" / "Half term. The 14th of February.", or "I'm flying to Oslo in March" /
"The 9th.". fragments.py joins a verbless piece to the statements of its own turn; a piece
said as the next turn, often by another of the household, finishes the statement of the turn
before in the same way. Only a time that names a day of the month (a number or an ordinal)
and lies within the coarser time held (finer_time's rule) refines it; a day outside it ("The
3rd of July" after "in June") is another telling and changes nothing. The held claim keeps
its first time among its qualifiers; its valid time becomes the day (finer_time.finest_said
tells it by the finer phrase)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from resident.language.finer_time import _RANK, _whens, _within
from resident.language.told_time import current, precision
from resident.language.when import resolve
from resident.language.when_days import ordinal
from resident.records import Claim, Qualifier

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

    from resident.memory.client import GraphStore

#: Words a piece that only says a day may hold besides its time ("On the 14th.").
_AROUND = frozenset({"on", "the", "of"})


def _day_only(sent: Span) -> str | None:
    """The sentence as a time phrase when it is nothing but a day of a month: no verb, every
    word up to a comma a date's or "on"/"the", a number or an ordinal among them ("The 14th of
    February.")."""
    if sent.text.rstrip().endswith("?") or any(t.pos_ in ("VERB", "AUX") for t in sent):
        return None
    # What follows a comma is said of the day ("The 12th of August, first ferry."), not it.
    comma = next((t.i for t in sent if t.text == ","), sent.end)
    words = [t for t in sent.doc[sent.start : comma] if not t.is_punct]
    if not words:
        return None
    if not all(t.ent_type_ in ("DATE", "TIME", "ORDINAL") or t.lower_ in _AROUND for t in words):
        return None
    if not any(t.like_num or ordinal(t.lower_) is not None for t in words):
        return None
    return " ".join(t.text for t in words)


def day_pieces(doc: Doc) -> list[str]:
    """The time phrases of the turn's sentences that say only a day ("The 9th of March.")."""
    return [p for p in (_day_only(s) for s in doc.sents) if p is not None]


def refine_by_piece(
    graph: GraphStore,
    before: Sequence[str],
    phrase: str,
    now: datetime,
) -> list[Claim]:
    """Give each claim of `before` (the dated claims the turn before stored) whose time held
    is coarser than the day `phrase` names, and holds it, that day: the claims refined."""
    if not before or precision(phrase) != "day":
        return []
    held = graph.qualifiers_of(list(before))
    out = []
    for claim_id in before:
        claim = graph.peek_claim(claim_id)
        at = claim.occurred_at
        # Of a plan moved since, the time it was moved to ("in February now").
        phrases = _whens(current(held.get(claim_id, ())))
        if at is None or not phrases:
            continue
        kind = precision(phrases[0])
        if _RANK[kind] >= _RANK["day"]:
            continue
        # Read from the start of the time held, forward: "the 12th of August", told in
        # January of a trip in August, is this August's, not last year's.
        day = resolve(phrase, at, past=False)
        if day is not None and _within(at, kind, day):
            out.append(
                graph.reschedule(claim_id, day, (Qualifier(role="time", value=phrase),), now)
            )
    return out
