"""Check set for "how many" (issue 21, count34), written before the code in words of its own
(no dev sentence): a count held under one noun and asked under another that it is a kind of
("two boys" asked as children, "three rabbits" asked as pets), a count of a measure of stuff
asked with the stuff named ("five mugs" asked as mugs of tea), said by the one who has them or
of someone else, in the present and the past. About a third of the questions are near misses
that must stay "I don't know" (another kind, another person, another stuff).

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "sons": (
        [
            ("Marguerite", "I have three boys, all of them mad about rugby."),
            ("Marguerite", "Tobias keeps two rabbits in the garden."),
        ],
        [
            ("Lowri", "How many children does Marguerite have?", "three"),
            ("Lowri", "How many sons does Marguerite have?", "three"),
            ("Lowri", "How many pets does Tobias have?", "two"),
            ("Lowri", "How many daughters does Marguerite have?", ""),
            ("Lowri", "How many dogs does Tobias have?", ""),
        ],
    ),
    "daughters": (
        [
            ("Anselm", "My brother Hal has two little girls."),
            ("Anselm", "We had four hamsters when I was a kid."),
        ],
        [
            ("Lowri", "How many children does Hal have?", "two"),
            ("Lowri", "How many kids has Hal got?", "two"),
            ("Lowri", "How many pets did Anselm have?", "four"),
            ("Lowri", "How many sisters does Hal have?", ""),
            ("Lowri", "How many cats did Anselm have?", ""),
        ],
    ),
    "cafe": (
        [
            ("Petra", "Odd drinks five mugs a day, it's ridiculous."),
            ("Petra", "Our cafe sold ninety slices on Saturday."),
        ],
        [
            ("Lowri", "How many mugs of tea does Odd drink a day?", "five"),
            ("Lowri", "How many slices of cake did the cafe sell on Saturday?", "ninety"),
            ("Lowri", "How many mugs does Petra drink a day?", ""),
            ("Lowri", "How many scones did the cafe sell?", ""),
        ],
    ),
    "farm": (
        [
            ("Ifan", "Dad keeps sixty ewes on the hill farm."),
            ("Ifan", "My nephew Cai has a collie and two cats."),
        ],
        [
            ("Lowri", "How many sheep does Ifan's dad keep?", "sixty"),
            ("Lowri", "How many animals does Ifan's dad keep?", "sixty"),
            ("Lowri", "How many cows does Ifan's dad keep?", ""),
            ("Lowri", "How many goats does Ifan's dad keep?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_count34_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
