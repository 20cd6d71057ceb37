"""Second clauses and sentences of a turn (issue 21, clause28): the check set, written before
the code, in words of its own (not the corpus's). Each talk's turns hold two or more clauses:
coordinated verbs sharing one subject, a second sentence with a pronoun subject, "but"/"and"
joining two subjects, a relative clause ("who is ...", "which is ..."), an apposition naming a
person or giving a job. Near misses (another person, another thing) must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph (T0 is Thursday 1 January 2026).
An expected answer of "" is "I don't know"; another is a word the answer must hold.
This module records the score (main vs the branch); it asserts only that no near miss is
answered, the branch's own assertions are in test_clause28.py."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, played
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

TALKS: dict[str, Talk] = {
    "allotment": (
        [
            (
                "Bronagh",
                "My uncle Declan grows leeks on an allotment in Armagh"
                " and sells them at the market.",
            ),
            ("Bronagh", "He retired in June. He keeps bees in the back garden too."),
            ("Bronagh", "My cousin Orla, who is nine, plays the fiddle."),
        ],
        [
            ("Pavel", "Where does Declan grow leeks?", "armagh"),
            ("Pavel", "Where does Declan sell leeks?", "market"),
            ("Pavel", "What does Declan keep?", "bee"),
            ("Pavel", "How old is Orla?", "nine"),
            ("Pavel", "What does Orla play?", "fiddle"),
            ("Pavel", "What does Orla sell?", ""),
        ],
    ),
    "bakery": (
        [
            (
                "Idris",
                "I'm Idris, a baker, mostly doing sourdough for cafes in Swansea.",
            ),
            (
                "Idris",
                "My sister works in a hospital in Cardiff,"
                " but her husband teaches maths in Newport.",
            ),
            ("Idris", "We opened the shop in May and hired two apprentices."),
        ],
        [
            ("Pavel", "What does Idris do?", "baker"),
            ("Pavel", "Where does Idris's sister work?", "cardiff"),
            ("Pavel", "What does Idris's sister's husband teach?", "math"),
            ("Pavel", "Where does Idris's sister's husband teach?", "newport"),
            ("Pavel", "How many apprentices did Idris hire?", "two"),
            ("Pavel", "Where does Idris's brother work?", ""),
        ],
    ),
    "wedding": (
        [
            ("Saoirse", "My friend Niamh got married in Galway. Her husband Ruairi is a vet."),
            (
                "Saoirse",
                "They flew to Lisbon on Friday and they stayed for a fortnight.",
            ),
            ("Saoirse", "Ruairi's brother Cian, who lives in Sligo, drove them to the airport."),
        ],
        [
            ("Pavel", "Where did Niamh get married?", "galway"),
            ("Pavel", "What does Ruairi do?", "vet"),
            ("Pavel", "Where did Niamh fly to?", "lisbon"),
            ("Pavel", "Where does Cian live?", "sligo"),
            ("Pavel", "Who drove Niamh to the airport?", "cian"),
            ("Pavel", "Where does Niamh live?", ""),
        ],
    ),
    "move": (
        [
            (
                "Tobiah",
                "We sold the flat in Hull last month."
                " My wife found a job in York and starts in March.",
            ),
            ("Tobiah", "Our landlord, a retired dentist, owns three houses on the street."),
        ],
        [
            ("Pavel", "What did Tobiah sell?", "flat"),
            ("Pavel", "Where did Tobiah's wife find a job?", "york"),
            ("Pavel", "When does Tobiah's wife start?", "march"),
            ("Pavel", "How many houses does Tobiah's landlord own?", "three"),
            ("Pavel", "Where did Tobiah's brother find a job?", ""),
        ],
    ),
}


def _outcomes(m: Max, talk: Talk) -> list[tuple[str, str, str]]:
    out = []
    for question, expected, said in played(m, talk):
        if not said:
            verdict = "right" if not expected else "unknown"
        else:
            verdict = "right" if expected and expected in said else "wrong"
        out.append((question, said, verdict))
    return out


@pytest.mark.parametrize("name", sorted(TALKS))
def test_clause28_check(max_: Max, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    outcomes = _outcomes(max_, TALKS[name])
    with capsys.disabled():
        for question, said, verdict in outcomes:
            print(f"CHECK {name} {verdict}: {question!r} -> {said!r}")
    assert not [o for o in outcomes if o[2] == "wrong"]
