"""Check set for copulas, verbless sentences and namings (issue 21, copula30), written before
the code in words of its own (no dev sentence): "X be Y" read by what Y is (a name, a job, a
place, a date, an age, an adjective with its preposition), and "called"/"named" wherever it
attaches. Some questions are near misses that must stay "I don't know" (another person).

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that nothing is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

CHECK: dict[str, Talk] = {
    "cousin": (
        [
            ("Priya", "My cousin Anand's in Leeds these days. He's a paramedic."),
            ("Priya", "Our new neighbour is Mr Castellano."),
            ("Priya", "Anand's allergic to shellfish."),
        ],
        [
            ("Odile", "Where does Anand live?", "leeds"),
            ("Odile", "What does Anand do?", "paramedic"),
            ("Odile", "Who is Priya's neighbour?", "castellano"),
            ("Odile", "What is Anand allergic to?", "shellfish"),
            ("Odile", "What is Priya allergic to?", ""),
        ],
    ),
    "bookshop": (
        [
            (
                "Gareth",
                "My daughter Rhian runs a bookshop on Mill Lane in Hexham called Paper Moon.",
            ),
            ("Gareth", "She took on a student called Olwen for Saturdays."),
            ("Gareth", "Rhian's birthday is the ninth of August."),
            ("Gareth", "We get our coffee from Copper Kettle, a roastery in Alnwick."),
        ],
        [
            ("Odile", "What is Rhian's bookshop called?", "paper moon"),
            ("Odile", "Where is Paper Moon?", "hexham"),
            ("Odile", "Who works for Rhian on Saturdays?", "olwen"),
            ("Odile", "When is Rhian's birthday?", "august"),
            ("Odile", "Where is Copper Kettle?", "alnwick"),
            ("Odile", "When is Gareth's birthday?", ""),
        ],
    ),
    "baby": (
        [
            ("Sunita", "Kofi and Ama had a baby boy on Friday. They've named him Kwame."),
            ("Sunita", "Kofi's thirty-four."),
            ("Sunita", "Ama's a midwife at the General. She's scared of dogs."),
        ],
        [
            ("Odile", "What is Kofi's baby called?", "kwame"),
            ("Odile", "How old is Kofi?", "thirty-four"),
            ("Odile", "What does Ama do?", "midwife"),
            ("Odile", "What is Ama scared of?", "dog"),
            ("Odile", "How old is Ama?", ""),
        ],
    ),
    "move": (
        [
            ("Bronwen", "The removal van was three hours late."),
            (
                "Bronwen",
                "Our landlord is Mr Pryce. Before it was flats, the building was a cinema.",
            ),
            ("Bronwen", "Bronwen's due in April."),
        ],
        [
            ("Odile", "Who is Bronwen's landlord?", "pryce"),
            ("Odile", "What was the building before?", "cinema"),
            ("Odile", "When is Bronwen due?", "april"),
            ("Odile", "How late was the removal van?", "three hours"),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_copula30_check(max_: Max, name: str) -> None:
    wrong, unknown, _ = scored(max_, CHECK[name])
    print(f"CHECK {name}: wrong={wrong} unknown={unknown}")
    assert not wrong
