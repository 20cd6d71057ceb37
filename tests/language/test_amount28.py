"""Amounts and counts (issue 21, amount28), in words of their own (not the corpus's): a count
said without a verb after the one thing the teller's sentence before took as its object, a
number said as near by a phrase the parser misreads ("something like"), time spent doing a
thing ("spent ten years ...", verbless "Ten years ..."), and a number got for a thing, which
is money, never a count of another noun. Each talk runs through a real Resident on a real
DuckDB graph. An expected answer of "" is "I don't know"; another is a word it must hold."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

TALKS: dict[str, Talk] = {
    "choir": (
        [("Gwen", "I run a community choir in Bangor. Forty voices, mostly pensioners.")],
        [
            ("Idris", "How many voices are in the community choir?", "forty"),
            ("Idris", "How many voices are in the brass band?", ""),
        ],
    ),
    "manuscript": (
        [("Tobias", "I sent my manuscript to an agent in London. Three hundred pages.")],
        [
            ("Idris", "How many pages are in the manuscript?", "three hundred"),
            ("Idris", "How many pages are in the agent?", ""),
        ],
    ),
    "span_not_count": (
        # A span of time after a thing is no count of what is in it.
        [("Petra", "We rented a cottage in Skye. Two weeks.")],
        [("Idris", "How many weeks are in the cottage?", "")],
    ),
    "approximate": (
        [("Hamza", "I have planted something like sixty oak trees along the canal.")],
        [
            ("Idris", "How many oak trees has Hamza planted?", "sixty"),
            ("Idris", "How many apple trees has Hamza planted?", ""),
        ],
    ),
    "spent": (
        [("Oona", "My uncle spent nine years building boats in Galway.")],
        [
            ("Idris", "How long did Oona's uncle build boats?", "nine years"),
            ("Idris", "How many years did Oona's uncle build boats?", "nine"),
            ("Idris", "How long did Oona's uncle sail boats?", ""),
        ],
    ),
    "spent_verbless": (
        [("Declan", "Fifteen years delivering post around Sligo.")],
        [
            ("Idris", "How long did Declan deliver post?", "fifteen years"),
            ("Idris", "How long did Declan deliver milk?", ""),
        ],
    ),
    "got_for": (
        [("Beca", "Got seven hundred for my old piano off a school.")],
        [
            ("Idris", "How much did Beca get for the piano?", "seven hundred"),
            ("Idris", "How much did Beca get for the harp?", ""),
            ("Idris", "How many cats does Beca have?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(TALKS))
def test_amount28(max_: Max, name: str) -> None:
    assert mismatches(max_, TALKS[name]) == []
