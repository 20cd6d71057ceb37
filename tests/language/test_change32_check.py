"""Check set for changes of state and the "still" questions after them (issue 21, change32),
written before the code in words of its own (no dev sentence): a new value of a one-valued
attribute said with an aspect word ("now", "these days", "anymore") supersedes the old one (age,
workplace, home, route, shift); a verb of ending or parting ("sold", "finished with", "off",
"moved off") ends what was held; a "still" question is answered from the change, a question
about the value from the new one. About a third are near misses that must stay "I don't know"
(another person, another thing).

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "age": (
        [
            ("Philippa", "My granddaughter Tilly is nine."),
            ("Philippa", "Tilly is ten now, she had a party on Saturday."),
        ],
        [
            ("Odile", "How old is Tilly?", "ten"),
            ("Odile", "Is Tilly still nine?", "no"),
            ("Odile", "How old is Philippa?", ""),
        ],
    ),
    "florist": (
        [
            ("Marguerite", "I work at the florist on the high street."),
            ("Marguerite", "I'm not at the florist any more, I work at the garden centre now."),
        ],
        [
            ("Odile", "Where does Marguerite work?", "garden centre"),
            ("Odile", "Does Marguerite still work at the florist?", "no"),
            ("Odile", "Does Marguerite still work at the bank?", ""),
        ],
    ),
    "home": (
        [
            ("Declan", "Bronagh lives in Sligo."),
            ("Declan", "Bronagh lives in Galway these days."),
        ],
        [
            ("Odile", "Where does Bronagh live?", "galway"),
            ("Odile", "Does Bronagh still live in Sligo?", "no"),
            ("Odile", "Where does Declan live?", ""),
        ],
    ),
    "boat": (
        [
            ("Lorcan", "We have a little sailing boat on the lake."),
            ("Lorcan", "We sold the boat in April."),
        ],
        [
            ("Odile", "Does Lorcan still have the boat?", "no"),
            ("Odile", "Does Lorcan still have the car?", ""),
        ],
    ),
    "physio": (
        [
            ("Anselm", "I have physio every Monday for my shoulder."),
            ("Anselm", "I've finished with physio now, the shoulder is fine."),
        ],
        [
            ("Odile", "Does Anselm still have physio?", "no"),
            ("Odile", "Does Odile still have physio?", ""),
        ],
    ),
    "bus": (
        [
            ("Winifred", "Wilf drives the number 14 bus."),
            ("Winifred", "They moved Wilf off the 14, he drives the 7 now."),
        ],
        [
            ("Odile", "Does Wilf still drive the 14?", "no"),
            ("Odile", "How old is Wilf?", ""),
        ],
    ),
    "shift": (
        [
            ("Priya", "Dominic works at the depot on days."),
            ("Priya", "Dominic doesn't work days anymore, he switched to nights."),
        ],
        [
            ("Odile", "Does Dominic still work days?", "no"),
            ("Odile", "Where does Dominic work?", "depot"),
            ("Odile", "Does Priya still work days?", ""),
        ],
    ),
    "choir": (
        [
            ("Hettie", "I sing in the church choir."),
            ("Hettie", "I'm no longer in the choir, my voice isn't up to it."),
        ],
        [
            ("Odile", "Is Hettie still in the choir?", "no"),
            ("Odile", "Is Hettie still in the book club?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_change32_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
