"""Questions whose optional parts keep them off a held claim (issue 21, match30): a time
clause, an "instead of" phrase, a narrowing "at"/"during" phrase, a reporting frame, a noun's
modifier, and a person asked about by a description ("the lad with the tortoise"). Each is
asked again without the part when the whole finds nothing; none may answer with what
"instead of" set aside, nor the noun with another modifier, nor a person two descriptions fit.

Talks in words of their own (no corpus sentence), on a real booted resident."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

TALKS: dict[str, Talk] = {
    "reported": (
        [("Maeve", "The vet said Pickles needs a special diet.")],
        [
            ("Odile", "What does Pickles need, the vet said?", "diet"),
            ("Odile", "According to the vet, what does Pickles need?", "diet"),
            ("Odile", "What does Maeve need, the vet said?", ""),
        ],
    ),
    "instead": (
        [("Bogusia", "We slept in a yurt near Keswick instead of the tent.")],
        [
            ("Odile", "Where did Bogusia sleep instead of the tent?", "yurt"),
            ("Odile", "Where did Bogusia sleep instead of the yurt?", ""),
            ("Odile", "Where did Odile sleep instead of the tent?", ""),
        ],
    ),
    "time_clause": (
        [("Tamsin", "Priya walked the dogs on Saturday.")],
        [
            ("Odile", "Who walked the dogs after Tamsin hurt her ankle?", "priya"),
            ("Odile", "Who fed the cats after Tamsin hurt her ankle?", ""),
        ],
    ),
    "modifier": (
        [
            ("Lowri", "The gutter repair cost ninety pounds."),
            ("Lowri", "The course cost three hundred pounds."),
        ],
        [
            ("Odile", "How much did the first aid course cost?", "three hundred"),
            ("Odile", "How much did the roof repair cost?", ""),
        ],
    ),
    "description": (
        [
            ("Hywel", "Rhodri got a tortoise called Shelly last spring."),
            ("Hywel", "Rhodri's age is eleven."),
        ],
        [
            ("Odile", "How old is the lad with the tortoise?", "eleven"),
            ("Odile", "How old is the lad with the ferret?", ""),
        ],
    ),
    "two_holders": (
        [
            ("Hywel", "Rhodri got a tortoise called Shelly."),
            ("Hywel", "Efa has a tortoise called Speedy."),
            ("Hywel", "Rhodri's age is eleven."),
        ],
        [("Odile", "How old is the girl with the tortoise?", "")],
    ),
}


@pytest.mark.parametrize("name", sorted(TALKS))
def test_match30(max_: Max, name: str) -> None:
    assert mismatches(max_, TALKS[name]) == []
