"""Check set for questions that miss a held claim (issue 21, match30), written before the code
in words of its own (no dev sentence): a question's optional parts (a time clause, "instead
of", "at <event>", a reported-speech frame) must not keep it off the claim it asks about; a
description ("the girl with the rabbit") resolves to its entity; a head noun with a modifier
meets the bare noun held; a predicate in other words (job/work, live/from, make/do) meets the
held one. About a third of the questions are near misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "bakery": (
        [
            ("Rosalind", "Ewan got a job at the bakery on Mill Lane."),
            ("Rosalind", "Ewan is twenty-six."),
        ],
        [
            ("Odile", "Where does Ewan work?", "bakery"),
            ("Odile", "Where does Ewan work now, Rosalind said?", "bakery"),
            ("Odile", "How old is Ewan?", "twenty-six"),
            ("Odile", "Where does Rosalind work?", ""),
            ("Odile", "How old is Rosalind?", ""),
        ],
    ),
    "rabbit": (
        [
            ("Colm", "My niece Saoirse has a rabbit called Biscuit."),
            ("Colm", "Saoirse is nine."),
        ],
        [
            ("Odile", "How old is the girl with the rabbit?", "nine"),
            ("Odile", "What is Saoirse's rabbit called?", "biscuit"),
            ("Odile", "How old is the girl with the parrot?", ""),
        ],
    ),
    "boiler": (
        [
            ("Harriet", "The boiler repair cost 240 pounds."),
            ("Harriet", "We stayed in a caravan in Tenby instead of the hotel."),
        ],
        [
            ("Odile", "How much did the boiler repair cost?", "240"),
            ("Odile", "How much did the repair cost?", "240"),
            ("Odile", "How much did the roof repair cost?", ""),
            ("Odile", "Where did Harriet stay?", "tenby"),
            ("Odile", "Where did Harriet stay instead of the hotel?", "tenby"),
            ("Odile", "Where did Odile stay?", ""),
        ],
    ),
    "choir": (
        [
            ("Dervla", "Fergal sang a Beatles song at the pub quiz night."),
            ("Dervla", "Fergal comes from Galway."),
            ("Dervla", "Fergal is making a birthday cake for his daughter."),
        ],
        [
            ("Odile", "What did Fergal sing?", "beatles"),
            ("Odile", "What did Fergal sing at the quiz night?", "beatles"),
            ("Odile", "Where is Fergal from?", "galway"),
            ("Odile", "What is Fergal making?", "cake"),
            ("Odile", "What is Dervla making?", ""),
            ("Odile", "What did Dervla sing?", ""),
        ],
    ),
    "surgery": (
        [
            ("Imogen", "The nurse said Barnaby needs a tetanus jab."),
            ("Imogen", "After the school run I took Barnaby to the surgery."),
        ],
        [
            ("Odile", "What does Barnaby need?", "tetanus"),
            ("Odile", "What does Barnaby need, the nurse said?", "tetanus"),
            ("Odile", "What does Imogen need?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_match30_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
