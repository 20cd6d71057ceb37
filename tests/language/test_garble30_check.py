"""Check set for claims stored wrong (issue 21, garble30), written before the code in words of
its own (no dev sentence): a compound or adjectival modifier kept with the thing it names
("type 2 diabetes", "climbing partner", "Channel 4"), a "but not" that denies what it names, a
price put on the thing bought (not on the buyer or the seller), a phrasal verb's particle kept
with its verb ("broke down", "set up"), and a fixed expression ("by the way", "in the end") never
read as a place. Near misses must stay "I don't know" (another person, another thing).

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no near miss is answered."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, played
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "diabetes": (
        [("Ffion", "My uncle Gethin has type 2 diabetes, so he watches his sugar.")],
        [
            ("Odile", "What condition does Gethin have?", "type 2 diabetes"),
            ("Odile", "Does Gethin have diabetes?", "yes"),
            ("Odile", "What condition does Ffion have?", ""),
        ],
    ),
    "climbing": (
        [("Ravi", "Declan is my climbing partner, we go to the wall on Tuesdays.")],
        [
            ("Odile", "Who is Declan?", "climbing partner"),
            ("Odile", "Who is Ravi's climbing partner?", "declan"),
        ],
    ),
    "channel": (
        [("Agnieszka", "My grandad watches Channel 4 every evening.")],
        [
            ("Odile", "What does Agnieszka's grandad watch?", "channel 4"),
            ("Odile", "What does Agnieszka watch?", ""),
        ],
    ),
    "kitchen": (
        [("Harriet", "We're getting a new kitchen, but not from Wickes.")],
        [
            ("Odile", "Is Harriet getting the kitchen from Wickes?", "no"),
            ("Odile", "Is Harriet getting a new kitchen?", "yes"),
        ],
    ),
    "bike": (
        [("Owain", "A lad down the road is selling me his old mountain bike for eighty pounds.")],
        [
            ("Odile", "How much is the mountain bike?", "eighty"),
            ("Odile", "How much is the lad?", ""),
            ("Odile", "What is Owain buying?", "bike"),
        ],
    ),
    "boiler": (
        [("Lucinda", "Our boiler broke down on Monday, so the flat was freezing.")],
        [
            ("Odile", "What broke down?", "boiler"),
            ("Odile", "Did the boiler break down?", "yes"),
            ("Odile", "Did the fridge break down?", ""),
        ],
    ),
    "by_the_way": (
        [("Bronwen", "By the way, my sister Carys works at a garden centre in Brecon.")],
        [
            ("Odile", "Where does Carys work?", "garden centre"),
            ("Odile", "Where does Bronwen work?", ""),
        ],
    ),
    "in_the_end": (
        [("Matteo", "In the end we went to Lisbon for the honeymoon.")],
        [
            ("Odile", "Where did Matteo go for the honeymoon?", "lisbon"),
            ("Odile", "Where did Matteo go?", "lisbon"),
        ],
    ),
}


def score(m: Max) -> tuple[int, int, int, list[str]]:
    """(right, wrong, don't know, the lines wrong) over every question of the check set."""
    right = wrong = unknown = 0
    lines: list[str] = []
    for name, talk in CHECK.items():
        for question, expected, said in played(m, talk):
            if not expected:
                ok = said == ""
            elif expected in ("yes", "no"):
                ok = said.split(",")[0].strip(" .!") == expected
            else:
                ok = expected in said
            if ok:
                right += 1
            elif said == "":
                unknown += 1
            else:
                wrong += 1
                lines.append(f"{name}: {question!r} expected {expected!r}, said {said!r}")
    return right, wrong, unknown, lines


def test_garble30_score(max_: Max) -> None:
    """Prints the check set's score (right, wrong, don't know) for the report."""
    right, wrong, unknown, lines = score(max_)
    print(f"GARBLE30 CHECK right={right} wrong={wrong} unknown={unknown}", *lines, sep="\n")


@pytest.mark.parametrize("name", list(CHECK))
def test_near_misses_stay_unknown(max_: Max, name: str) -> None:
    for question, expected, said in played(max_, CHECK[name]):
        if not expected:
            assert said == "", f"{question!r} answered {said!r}"
