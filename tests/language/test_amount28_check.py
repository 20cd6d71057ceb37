"""Check set for amounts and counts (issue 21, amount28), written before the reader code, in
words of its own (not the corpus's): a number with its unit or currency and its rate said
without a verb of its own, a verbless amount after the thing the same speaker just named, a
count said in a plain clause, and "how much / how many / how long" asked of it. A third of
the questions are near misses that must stay "I don't know" (another thing, another person).

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another lists, split by "|", words one of which the answer must hold.
`score` counts right and wrong over the whole set (the number the report gives for main and
for the branch); the test asserts only that no near miss is answered."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, played
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

TALKS: dict[str, Talk] = {
    "observatory": (
        [
            ("Ines", "I finally bought a telescope. Three hundred and twenty pounds."),
            ("Ines", "I wrote an essay on Saturn for the club. Sixty pages."),
            ("Ines", "Nine pounds twenty an hour at the garden centre, weekends only."),
        ],
        [
            ("Bram", "How much did the telescope cost?", "320|three hundred and twenty"),
            ("Bram", "How many pages is the essay?", "60|sixty"),
            ("Bram", "How much does Ines earn an hour?", "9.20|twenty"),
            ("Bram", "How much did the microscope cost?", ""),
            ("Bram", "How many pages is Bram's essay?", ""),
        ],
    ),
    "kennels": (
        [
            ("Wyn", "My parents run a kennel near Brecon."),
            ("Wyn", "They've trained something like thirty guide dogs over the years."),
            ("Wyn", "We've got twelve puppies at the moment."),
            ("Wyn", "Got nine hundred for my old laptop off a student."),
        ],
        [
            ("Bram", "How many guide dogs have Wyn's parents trained?", "30|thirty"),
            ("Bram", "How many puppies does Wyn have?", "12|twelve"),
            ("Bram", "How much did Wyn get for the laptop?", "900|nine hundred"),
            ("Bram", "How many kittens does Wyn have?", ""),
            ("Bram", "How much did Wyn get for the camera?", ""),
        ],
    ),
    "lodge": (
        [
            ("Saoirse", "We booked a lodge in Kerry for the summer."),
            ("Saoirse", "Eighty euros a night, with a hot tub."),
            ("Saoirse", "I teach a pottery class on Thursdays. Fourteen students, all beginners."),
            ("Saoirse", "Twenty two years nursing in Cork before that."),
        ],
        [
            ("Bram", "How much is the lodge a night?", "80|eighty"),
            ("Bram", "How many students are in the pottery class?", "14|fourteen"),
            ("Bram", "How many years did Saoirse nurse?", "22|twenty two|twenty-two"),
            ("Bram", "How much is the hotel a night?", ""),
            ("Bram", "How many students are in the yoga class?", ""),
        ],
    ),
    "workshop": (
        [
            ("Kofi", "The council pays me two hundred pounds a week for the mural."),
            ("Kofi", "I sold my drum kit. Four hundred and fifty, to a band in Hull."),
            ("Kofi", "The rent on the workshop is going up thirty pounds a month."),
        ],
        [
            ("Bram", "How much does the council pay Kofi?", "200|two hundred"),
            ("Bram", "How much did Kofi sell the drum kit for?", "450|four hundred and fifty"),
            ("Bram", "How much did the drum kit cost?", "450|four hundred and fifty"),
            ("Bram", "How much did Kofi sell the guitar for?", ""),
            ("Bram", "How much does the council pay Bram?", ""),
        ],
    ),
}


def verdict(expected: str, said: str) -> str:
    """right, wrong or unknown (an "I don't know" where an answer was expected)."""
    if not expected:
        return "right" if said == "" else "wrong"
    if said == "":
        return "unknown"
    return "right" if any(e in said for e in expected.split("|")) else "wrong"


@pytest.mark.parametrize("name", sorted(TALKS))
def test_amount28_check(max_: Max, name: str) -> None:
    outcomes = played(max_, TALKS[name])
    for question, expected, said in outcomes:
        print(f"CHECK {verdict(expected, said)}\t{question}\t{expected}\t{said[:60]}")
    # Never an answer where none was held, never another amount than the one said.
    assert [o for o in outcomes if verdict(o[1], o[2]) == "wrong"] == []
