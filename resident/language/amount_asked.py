"""Does "how much N" ask an amount of money ("How much rent does Fergus pay?", "How much profit
did the shop make?") rather than a count of N? It does when N is itself a sum: a noun whose
first WordNet sense is a possession (rent, profit, salary, loan, fee) or one data/price_nouns
names (bill, deposit). The noun then narrows what was paid or made, it is not what is counted:
"Fergus pays six hundred a month {rent}" answers it. Pure, over the parse and WordNet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from resident.language import lexicon
from resident.language.words import words

if TYPE_CHECKING:
    from spacy.tokens import Span


def asks_sum(sent: Span) -> bool:
    """ "How much <noun of money> ...?"."""
    much = next((t for t in sent if t.lower_ == "much" and t.i > sent.start), None)
    if much is None or much.doc[much.i - 1].lower_ != "how" or much.head.pos_ != "NOUN":
        return False
    noun = much.head.lemma_.lower()
    return noun in words("price_nouns") or lexicon.first_lexname(noun, "n") == "noun.possession"
