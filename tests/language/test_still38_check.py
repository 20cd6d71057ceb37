"""Check set for what is no longer so (issue 21, still38), written before the code in words of
its own (no dev sentence): a habit said with "used to" is over ("we used to go bowling on
Fridays"), an ending verb with its object elided or a pronoun ends the habit or state just
said ("we stopped", "she gave it up", "I quit"), and a new value of a one-valued predicate said
with "now" and "at"/"with" ("I'm with the ambulance service now") replaces the value held.
"Still", "anymore" and "now" questions ask after the live value; "used to" questions after the
ended one. About a third of the questions are near misses that must stay "I don't know" or keep
the value held now.

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold ("yes"/"no" as its first word). The score
is recorded in the report (main against the branch); the test asserts only that no question is
answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "bowling": (
        [
            ("Perpetua", "We used to go bowling on Fridays."),
            ("Perpetua", "My daughter Hester plays netball on Saturdays."),
        ],
        [
            ("Odile", "Does Perpetua still go bowling?", "no"),
            ("Odile", "Does Hester still play netball?", "yes"),
            ("Odile", "Does Perpetua go swimming?", ""),
        ],
    ),
    "choir": (
        [
            ("Leofric", "My wife Maude sings in the church choir."),
            ("Leofric", "She gave it up after her operation."),
            ("Leofric", "I walk the dog every morning."),
        ],
        [
            ("Odile", "Does Maude still sing in the choir?", "no"),
            ("Odile", "Does Leofric walk the dog?", "yes"),
            ("Odile", "Does Maude play the organ?", ""),
        ],
    ),
    "smoking": (
        [
            ("Tobias", "I smoked for twenty years."),
            ("Tobias", "My brother Crispin runs marathons."),
            ("Tobias", "He stopped last spring, his knees went."),
        ],
        [
            ("Odile", "Does Crispin still run marathons?", "no"),
            ("Odile", "Does Crispin run marathons anymore?", "no"),
            ("Odile", "Does Crispin cycle?", ""),
        ],
    ),
    "job": (
        [
            ("Rowena", "I work at the library in Hexham."),
            ("Rowena", "I'm with the ambulance service now."),
            ("Rowena", "My son Alaric works at the garage."),
        ],
        [
            ("Odile", "Where does Rowena work?", "ambulance"),
            ("Odile", "Does Rowena still work at the library?", "no"),
            ("Odile", "Where does Alaric work?", "garage"),
            ("Odile", "Where does Alaric work now?", "garage"),
            ("Odile", "Where does Odile work?", ""),
        ],
    ),
    "allotment": (
        [
            ("Gwilym", "Every Sunday back then we went to the allotment."),
            ("Gwilym", "My neighbour Ffion keeps bees."),
        ],
        [
            ("Odile", "Does Gwilym go to the allotment these days?", "no"),
            ("Odile", "Does Ffion still keep bees?", "yes"),
            ("Odile", "Does Ffion keep chickens?", ""),
        ],
    ),
    "quit": (
        [
            ("Sunniva", "I was doing a pottery class on Wednesdays."),
            ("Sunniva", "I quit in January, it was too dear."),
            ("Sunniva", "My partner Oisin teaches yoga."),
        ],
        [
            ("Odile", "Is Sunniva still doing the pottery class?", "no"),
            ("Odile", "Does Oisin still teach yoga?", "yes"),
            ("Odile", "Does Oisin teach pilates?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_still38_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
