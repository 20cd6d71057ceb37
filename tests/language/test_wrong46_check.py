"""Check set for answers about something else (issue 21, wrong46), written before the code in
words of its own (no dev sentence). An answer must come from a claim that says the act asked,
not from a claim that merely shares a word of the question: a number said as a clock time
("by 3", "at half 6") is no amount or price; a verb with a particle of its own ("sold out",
"gave up", "took off") is not the verb asked without it ("sold for", "gave", "took"). About a
third of the questions are near misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "clock_not_amount": (
        [
            ("Gwendolyn", "The pasties sold out by 3 on Saturday."),
            ("Gwendolyn", "Thaddeus sold his old tractor for 4000 pounds."),
            ("Gwendolyn", "The jumble sale opens at 10 tomorrow."),
            ("Gwendolyn", "Mirabel gets the bus at 7 every morning."),
        ],
        [
            ("Casimir", "How much did we sell the pasties for?", ""),
            ("Casimir", "How much did Thaddeus sell his tractor for?", "4000"),
            ("Casimir", "How much does the jumble sale cost?", ""),
            ("Casimir", "How much is the bus?", ""),
            ("Casimir", "How many pasties did we sell?", ""),
        ],
    ),
    "phrasal": (
        [
            ("Hester", "Cosmo gave up the choir last winter."),
            ("Hester", "Cosmo took up the cello."),
            ("Hester", "Cosmo picked up his niece from nursery."),
            ("Hester", "Cosmo went back to Carlisle in May."),
            ("Hester", "Cosmo set up a bike shop in Penrith."),
        ],
        [
            ("Casimir", "What did Cosmo give?", ""),
            ("Casimir", "What did Cosmo give up?", "choir"),
            ("Casimir", "What did Cosmo take?", ""),
            ("Casimir", "What did Cosmo take up?", "cello"),
            ("Casimir", "Who did Cosmo pick up?", "niece"),
            ("Casimir", "Where did Cosmo go?", "carlisle"),
            ("Casimir", "What did Cosmo get?", ""),
        ],
    ),
    "stall": (
        [
            ("Gwendolyn", "We took the cake stall to the village fete on Saturday."),
            ("Gwendolyn", "We sold out by 2!"),
            ("Gwendolyn", "The fete stayed open until 6."),
            ("Gwendolyn", "Auntie Flo sold her caravan for 9000 pounds."),
            ("Gwendolyn", "Her grandson Ezra finished his paper round before 9."),
            ("Gwendolyn", "Ezra is 14."),
        ],
        [
            ("Casimir", "How much did we sell the stall for?", ""),
            ("Casimir", "How many cakes did we sell?", ""),
            ("Casimir", "How much did Flo sell her caravan for?", "9000"),
            ("Casimir", "How many papers did Ezra deliver?", ""),
            ("Casimir", "How old is Ezra?", "14"),
            ("Casimir", "How much did the fete cost?", ""),
        ],
    ),
    "particle_not_verb": (
        [
            ("Perpetua", "Lysander gave up smoking in March."),
            ("Perpetua", "Lysander gave his nephew a guitar."),
            ("Perpetua", "The flight took off at 9."),
            ("Perpetua", "Ottoline took her mother to Bruges."),
            ("Perpetua", "Evander sold out of programmes before kick-off."),
            ("Perpetua", "Marguerite sold up last spring and moved to Tenby."),
        ],
        [
            ("Casimir", "How much did Marguerite sell the house for?", ""),
            ("Casimir", "What did Lysander give his nephew?", "guitar"),
            ("Casimir", "What did Lysander give up?", "smoking"),
            ("Casimir", "Where did Ottoline take her mother?", "bruges"),
            ("Casimir", "Who did Evander sell programmes to?", ""),
            ("Casimir", "How much did Evander sell the programmes for?", ""),
        ],
    ),
    "time_not_count": (
        [
            ("Hyacinth", "Bartholomew finished the marathon at 2 in the afternoon."),
            ("Hyacinth", "Bartholomew ran the marathon in 4 hours."),
            ("Hyacinth", "Clementine paid 30 pounds for the tickets."),
            ("Hyacinth", "The tickets went on sale at 8."),
        ],
        [
            ("Casimir", "How much did Clementine pay for the tickets?", "30"),
            ("Casimir", "How much were the tickets?", "30"),
            ("Casimir", "How much did Bartholomew run the marathon for?", ""),
            ("Casimir", "How much did Bartholomew pay for the marathon?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_wrong46_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
