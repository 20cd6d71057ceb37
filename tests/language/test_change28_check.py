"""Check set for changes, what they answer, and why they happened (issue 21, change28),
written before the code in words of its own (no dev sentence): an ending (quitting, giving
up, stopping, turning down, "not ... after all", "decided against", "no longer") answers a
yes/no or "still" question over what it ended with no; a replaced value answers a question
about the old one; a reason ("because", or the speaker's next sentence) answers "why". Half
the questions are near misses that must stay "I don't know" (another person, another thing).

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no near miss is answered."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, played
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "orchestra": (
        [
            ("Fenella", "Bartek plays the cello in our orchestra."),
            ("Fenella", "Bartek quit the orchestra in October. He's moving to Norway."),
        ],
        [
            ("Odile", "Is Bartek still in the orchestra?", "no"),
            ("Odile", "Does Bartek still play in the orchestra?", "no"),
            ("Odile", "Why did Bartek quit the orchestra?", "norway"),
            ("Odile", "Is Fenella still in the orchestra?", ""),
        ],
    ),
    "allotment": (
        [("Dilys", "I've given up the allotment because my knees can't take the digging.")],
        [
            ("Odile", "Does Dilys still have the allotment?", "no"),
            ("Odile", "Why did Dilys give up the allotment?", "knee"),
            ("Odile", "Does Dilys still have the greenhouse?", ""),
        ],
    ),
    "visa": (
        [("Tariq", "Yasmin isn't coming to the wedding after all. Her visa didn't come through.")],
        [
            ("Odile", "Is Yasmin coming to the wedding?", "no"),
            ("Odile", "Why isn't Yasmin coming to the wedding?", "visa"),
            ("Odile", "Is Tariq coming to the wedding?", ""),
        ],
    ),
    "puppy": (
        [("Gwen", "We were going to get a puppy, but we decided against it in the end.")],
        [
            ("Odile", "Is Gwen getting a puppy?", "no"),
            ("Odile", "Is Gwen getting a kitten?", ""),
        ],
    ),
    "cycling": (
        [("Ingrid", "Morten stopped cycling to work because his knee got worse.")],
        [
            ("Odile", "Does Morten still cycle to work?", "no"),
            ("Odile", "Why did Morten stop cycling to work?", "knee"),
            ("Odile", "Does Ingrid still cycle to work?", ""),
        ],
    ),
    "cardiff": (
        [("Cerys", "I turned down the job in Cardiff. The pay was awful.")],
        [
            ("Odile", "Did Cerys take the job in Cardiff?", "no"),
            ("Odile", "Why did Cerys turn down the job in Cardiff?", "pay"),
            ("Odile", "Did Cerys take the job in Swansea?", ""),
        ],
    ),
    "piano": (
        [("Anwen", "Tobias no longer teaches piano.")],
        [
            ("Odile", "Does Tobias still teach piano?", "no"),
            ("Odile", "Does Tobias still teach violin?", ""),
        ],
    ),
    "club": (
        [("Hollis", "The swimming club meets at seven now instead of six.")],
        [
            ("Odile", "Does the swimming club still meet at six?", "no"),
            ("Odile", "Does the chess club still meet at six?", ""),
        ],
    ),
}


def _fits(said: str, expected: str) -> bool:
    """Does the answer hold the expected word ("no" and "yes" as its first word)?"""
    if not expected:
        return said == ""
    if expected in ("yes", "no"):
        return said.split(",")[0].strip(" .!") == expected
    return expected in said


def _score(m: Max, talk: Talk) -> tuple[list[str], list[str]]:
    """The questions answered wrong (another answer than expected) and those left unknown."""
    wrong, unknown = [], []
    for question, expected, said in played(m, talk):
        if expected and said == "":
            unknown.append(question)
        elif not _fits(said, expected):
            wrong.append(f"{question!r}: expected {expected!r}, said {said!r}")
    return wrong, unknown


@pytest.mark.parametrize("name", sorted(CHECK))
def test_change28_check(max_: Max, name: str) -> None:
    wrong, unknown = _score(max_, CHECK[name])
    print(f"CHECK {name}: wrong={wrong} unknown={unknown}")
    assert not wrong
