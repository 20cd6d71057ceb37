"""Check set for answers after a change (issue 21, stale30), written before the code in words
of its own (no dev sentence): a job left for another, a price that went down, a thing sold, a
trip called off, a habit given up, "not ... any more", "in the end", "instead", "now" with a
new value. A "now" / present question takes the latest value; a "still" question answers no
from what ended. Some questions are near misses that must stay "I don't know" (another person,
another thing).

Each talk runs through a real Resident on a real DuckDB graph (tests/language/check_talks.py).
An expected answer of "" is "I don't know"; another is a word the answer must hold. The score is
recorded in the report (main against the branch); the test asserts only that nothing is
answered about something else where the answer must stay unknown."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

CHECK: dict[str, Talk] = {
    "garage": (
        [
            ("Petra", "My brother Anselm works at a garage in Leeds."),
            ("Petra", "Anselm left the garage in March."),
            ("Petra", "He drives a taxi now."),
        ],
        [
            ("Quentin", "Does Anselm still work at the garage?", "no"),
            ("Quentin", "Where does Anselm work now?", ""),
            ("Quentin", "Does Anselm drive a taxi?", "yes"),
            ("Quentin", "Does Petra still work at the garage?", ""),
        ],
    ),
    "allotment_fee": (
        [
            ("Wenonah", "The allotment costs forty pounds a year."),
            ("Wenonah", "The council put the allotment up to sixty pounds."),
            ("Wenonah", "Our gym membership is twenty pounds a month."),
        ],
        [
            ("Quentin", "How much is the allotment now?", "sixty"),
            ("Quentin", "How much is the gym membership?", "twenty"),
        ],
    ),
    "boat": (
        [
            ("Caradoc", "My uncle Emrys owns a little fishing boat."),
            ("Caradoc", "Emrys sold the boat in the summer."),
            ("Caradoc", "Emrys also has a tractor."),
        ],
        [
            ("Quentin", "Does Emrys still own the boat?", "no"),
            ("Quentin", "Does Emrys still have the boat?", "no"),
            ("Quentin", "Does Emrys have a tractor?", "yes"),
            ("Quentin", "Does Caradoc own a boat?", ""),
        ],
    ),
    "lakes": (
        [
            ("Rosalind", "We're going to the Lake District in May."),
            ("Rosalind", "We've cancelled the Lake District trip, the cottage flooded."),
        ],
        [
            ("Quentin", "Is Rosalind going to the Lake District?", "no"),
            ("Quentin", "Is Rosalind going to Cornwall?", ""),
        ],
    ),
    "choir": (
        [
            ("Ottilie", "Bernadette sings in the church choir."),
            ("Ottilie", "Bernadette doesn't sing in the choir anymore."),
        ],
        [
            ("Quentin", "Does Bernadette still sing in the choir?", "no"),
            ("Quentin", "Does Ottilie sing in the choir?", ""),
        ],
    ),
    "flat": (
        [
            ("Dorian", "My sister Hermione lives in a flat in Bristol."),
            ("Dorian", "Hermione moved to Bath last month."),
        ],
        [
            ("Quentin", "Where does Hermione live now?", "bath"),
            ("Quentin", "Does Hermione still live in Bristol?", "no"),
        ],
    ),
    "market": (
        [
            ("Saoirse", "Fintan runs a stall at the Saturday market."),
            ("Saoirse", "Fintan has given up the market stall."),
        ],
        [
            ("Quentin", "Does Fintan still run the stall?", "no"),
            ("Quentin", "Does Fintan still run a cafe?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_stale30_check(max_: Max, name: str) -> None:
    wrong, unknown, _ = scored(max_, CHECK[name])
    print(f"CHECK {name}: wrong={wrong} unknown={unknown}")
    assert not [w for w in wrong if "expected ''" in w]
