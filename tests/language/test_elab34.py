"""Verbless fragments that add to the speaker's own last statement (issue 21, elab34): a
counted span of time is how long, a number alone or "N of them" counts a plural object, a
place named alone is where, a narrower noun says which kind; the statement may be the one of
the teller's turn just before. A note closing with "me" is a self-description. Another
speaker's fragment adds nothing, and a count never lands on a thing said in the singular.

Talks in words of their own (no corpus sentence), on a real booted resident."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

TALKS: dict[str, Talk] = {
    "duration": (
        [("Wanda", "We rented a barge on the Avon. Six nights.")],
        [
            ("Odile", "How long did Wanda rent the barge for?", "six nights"),
            ("Odile", "How long did Wanda rent the car for?", ""),
        ],
    ),
    "count_of_them": (
        [("Caspar", "I've got nephews in Leeds. Four of them.")],
        [
            ("Odile", "How many nephews does Caspar have?", "four"),
            ("Odile", "How many nieces does Caspar have?", ""),
        ],
    ),
    "count_singular": (
        [("Fenna", "I bought a sofa. Two of them.")],
        [("Odile", "How many sofas did Fenna buy?", "1")],  # the one "a sofa" says, not two
    ),
    "next_turn": (
        [("Lorcan", "We adopted a cat in March."), ("Lorcan", "A tabby.")],
        [
            ("Odile", "What cat did Lorcan adopt?", "tabby"),
            ("Odile", "What cat did Odile adopt?", ""),
        ],
    ),
    "other_speaker": (
        [("Lorcan", "We bought some goats."), ("Ingrid", "Five of them.")],
        [("Odile", "How many goats did Lorcan buy?", "")],
    ),
    "noted_me": (
        [("Ottilie", "Retired plumber, me.")],
        # A retired one is what Ottilie did, not does (role48: occupation.held_as).
        [
            ("Odile", "What did Ottilie do?", "plumber"),
            ("Odile", "What does Ottilie do?", ""),
            ("Odile", "What does Odile do?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(TALKS))
def test_fragment_adds_to_the_statement(max_: Max, name: str) -> None:
    assert mismatches(max_, TALKS[name]) == []
