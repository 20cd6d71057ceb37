"""An amount said without a verb of its own, continuing the statement before it from the same
speaker: "I finally sold the car. Two thousand three hundred to a lad from town." (the sale's
price), "Oh, and Mum's new glasses. Three hundred pounds, private." (the thing just named's
price). Pure, over the parse; the amount is stored as prices.py stores every price, the
thing's `<thing> costs <amount>` statement, never a second shape.

The piece is a sentence whose first words are the amount, heading the sentence or hung by the
parser on a clause after a comma ("Ninety at the vet's, she was brave"). Money (a currency word
or sign) is the price of the priceable noun the sentence before named; a bare number only of
what a deal was said of (deals.object_verbs with its object, singular: "bought eggs. Twelve."
counts them) or of a noun that is itself an amount ("the rent", data/price_nouns). A number
counting a noun ("Ten more people") heads no amount, and a time ("Seven thirty", "ten
o'clock") is not one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language.counting import number_value
from resident.language.number_parts import SCALES
from resident.language.statement import Context
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

#: Words before the piece that do not make it part of another clause ("Oh, and ...").
_LEAD_DEPS = frozenset({"punct", "intj", "cc"})
#: How the parser hangs a verbless amount: as the sentence, or on the clause after it.
_PIECE_DEPS = frozenset({"ROOT", "npadvmod", "dep"})


def continued_thing(sent: Span, ctx: Context, amount: Token, money: bool) -> str | None:
    """The thing whose price the amount headed by `amount` is, when it opens the sentence as a
    verbless piece continuing the same speaker's sentence before; else None."""
    before = ctx.continued
    if before is None or before[2] != ctx.turn:
        return None
    if sent.text.rstrip().endswith("?") or not opens_piece(sent, amount):
        return None
    thing, dealt, _ = before
    if money:
        return thing
    if amount.pos_ != "NUM":
        return None  # "A green one.": a noun's stand-in, no number
    if not dealt and thing.split()[-1] not in words("price_nouns"):
        return None
    return None if time_like(amount) else thing


def opens_piece(sent: Span, amount: Token) -> bool:
    """Does the amount open the sentence as a piece without a verb of its own?"""
    first = next((t for t in sent if t.dep_ not in _LEAD_DEPS), None)
    if first is None or min(t.i for t in amount.subtree) != first.i:
        return False
    if amount.dep_ not in _PIECE_DEPS:
        return False
    if amount.dep_ == "ROOT":
        return True
    # Hung on the clause after it: only across a comma ("Ninety at the vet's, she was ...").
    end = max(t.i for t in amount.subtree)
    return end + 1 < len(amount.doc) and amount.doc[end + 1].text == ","


def time_like(head: Token) -> bool:
    """A time of day said as bare numbers: "seven thirty", "ten o'clock", "half six"."""
    span = list(head.subtree)
    if any(t.ent_type_ == "TIME" or t.lower_ in words("clock_words") for t in span):
        return True
    nums = [t for t in span if t.like_num]
    if len(nums) < 2 or any(t.lower_ in SCALES for t in nums):
        return False
    first = number_value(nums[0].text)
    return first is not None and first <= 12
