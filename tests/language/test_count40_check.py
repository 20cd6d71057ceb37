"""Check set for "how many" (issue 21, count40), written before the code in words of its own
(no dev sentence): a count said before a noun answers a "how many" of that noun (or a kind
above it by WordNet) only when its statement says the act asked; a count of years asked is a
length of time, not a count of things; held people and animals of the asked kind linked to
the subject (children, sisters, pets; "we" for the household) are counted when the set is
complete (the talk said "both", "all three", or every one is held). About a third of the
questions are near misses that must stay "I don't know" (another act, another noun, another
person, a set that may not be whole).

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "orchard": (
        [
            ("Ottoline", "Barnaby planted six pear trees behind the mill."),
            ("Ottoline", "Barnaby sold forty jars of chutney at the fair."),
        ],
        [
            ("Quentin", "How many pear trees did Barnaby plant?", "six"),
            ("Quentin", "How many trees did Barnaby plant?", "six"),
            ("Quentin", "How many jars did Barnaby sell?", "forty"),
            ("Quentin", "How many jars did Barnaby buy?", ""),
            ("Quentin", "How many pear trees did Barnaby sell?", ""),
        ],
    ),
    "lease": (
        [
            ("Perpetua", "We took the allotment on a three year lease in 2021."),
            ("Perpetua", "Our Leonie baked four cakes for the fete."),
        ],
        [
            ("Quentin", "How many cakes did Leonie bake?", "four"),
            ("Quentin", "How many cakes did Leonie eat?", ""),
            ("Quentin", "How many years did Perpetua live at the allotment?", ""),
        ],
    ),
    "kin": (
        [
            ("Griselda", "I've got two sisters, Maude and Ingrid."),
            ("Griselda", "Maude has three boys."),
            ("Griselda", "Ingrid's daughter Philippa started school."),
        ],
        [
            ("Quentin", "How many sisters does Griselda have?", "2"),
            ("Quentin", "How many sons does Maude have?", "three"),
            ("Quentin", "How many brothers does Griselda have?", ""),
            ("Quentin", "How many children does Ingrid have?", ""),
        ],
    ),
    "pets": (
        [
            ("Ambrose", "We have a tortoise called Hector and a ferret called Mabel."),
            ("Ambrose", "My cousin Delphine keeps goats."),
        ],
        [
            ("Ambrose", "How many pets do we have?", "2"),
            ("Quentin", "How many goats does Delphine keep?", ""),
            ("Quentin", "How many ferrets does Delphine have?", ""),
        ],
    ),
    "both": (
        [
            ("Cordelia", "My daughters Imelda and Rosamund both play the cello."),
            ("Cordelia", "Cordelia swam twenty lengths this morning."),
        ],
        [
            ("Quentin", "How many daughters does Cordelia have?", "2"),
            ("Quentin", "How many lengths did Cordelia swim?", "twenty"),
            ("Quentin", "How many lengths did Cordelia run?", ""),
            ("Quentin", "How many sons does Cordelia have?", ""),
        ],
    ),
    "trip": (
        [
            ("Hyacinth", "My brother Florian went to Lisbon for four nights."),
            ("Hyacinth", "Florian works three days a week at the library."),
        ],
        [
            ("Quentin", "How many nights was Florian in Lisbon?", "four"),
            ("Quentin", "How many nights was Florian in Porto?", ""),
            ("Quentin", "How many days a week does Florian work?", "three"),
            ("Quentin", "How many days a week does Hyacinth work?", ""),
        ],
    ),
}


#: Answered wrong on main: one daughter held of Ingrid is counted as all her children.
ON_MAIN_WRONG = {"kin"}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.xfail(reason="main counts a set not known whole"))
        if n in ON_MAIN_WRONG
        else n
        for n in sorted(CHECK)
    ],
)
def test_count40_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
