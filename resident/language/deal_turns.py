"""A deal's price said in a later turn without a verb: "I bought a motorbike." / "What kind?"
/ "A Honda. Two thousand eight hundred, from a guy in Croydon." The sum is the price of the
thing the deal was said of, only when the deal is unambiguous: one thing dealt in the sentence
that said it (not "sold the Zafira and bought a Skoda"), said in one of the two turns before
(a question may come between) by the same teller, and no other price said since. The sum
must say it is money: a currency word or sign, or a scale word ("two thousand eight
hundred"); "Twelve." after "bought eggs" counts them, "Twenty nineteen." after "bought a van"
is its year.

Pure, over the parse and the reader's context; the price is stored as prices.py stores every
price, `<thing> costs <amount>`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from resident.language.amount_pieces import opens_piece, time_like
from resident.language.number_parts import scaled
from resident.language.statement import Context

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

Mood = Literal["fact", "past", "plan", "wish"]

#: How many turns back a deal may be answered: the turn before, or the one before a question.
_TURNS_BACK = 2


def note_deal(
    dealt: Sequence[tuple[str, Mood | None]],
    sided: bool,
    together: bool,
    priced: Sequence[object],
    ctx: Context,
) -> None:
    """Keep the sentence's deal when it dealt one thing alone, on one side of a deal for money
    (`sided`: "bought the van", not "got a job"), and said no price of another thing; two
    things dealt, or dealt `together` ("a mug and a vase"), leave nothing to answer."""
    names = {name for name, _ in dealt}
    held = ctx.dealt
    # A price of another thing ends the wait; its own may be read again (the reader reparses).
    if together or len(names) > 1 or any(held is None or _name(p) != held[0] for p in priced):
        ctx.dealt = None
    elif names:
        name, mood = dealt[0]
        ctx.dealt = (name, mood or "past", ctx.turn, ctx.speaker) if sided else None


def held_deal(ctx: Context) -> str | None:
    """The thing of the deal the teller said last, while it may still be priced ("I've sold
    the motorbike." / ... / "Got two thousand five hundred for it": it is the motorbike)."""
    held = ctx.dealt
    if held is None or not 0 <= ctx.turn - held[2] <= _TURNS_BACK or held[3] != ctx.speaker:
        return None
    return held[0]


def deal_before(sent: Span, amount: Token, ctx: Context, money: bool) -> tuple[str, Mood] | None:
    """The thing and mood of the deal a verbless sum in a later turn prices, or None."""
    held = ctx.dealt
    if held is None or held_deal(ctx) is None:
        return None  # none, too long ago, or another's: "Four hundred." may be their guess
    if sent.text.rstrip().endswith("?") or not opens_piece(sent, amount):
        return None
    if not money and not scaled(amount):
        return None
    if time_like(amount):
        return None
    return held[0], held[1]


def _name(priced: object) -> str | None:
    subject = getattr(priced, "subject", None)
    return None if subject is None else subject.name
