"""Check set for answers that were true once (issue 21, stale48), written before the code in
words of its own (no dev sentence). A state said in the past ("we were at Holgate together")
is over: it answers no question asked in the present, even when a present clause opens the
sentence ("this is Dom, we were at ..."); a plan called off by the name of where it goes
("Skegness is off") is over, but a person's name said off is their day off and ends nothing;
a habit said off with no time ("Yoga is off") is over, one evening's ("off tonight") not;
a thing said with "no" and no verb ("No kayak after all", "no pudding from Wilhelm") ends the
plan or habit of it held of the speaker or of the one it comes from, one said with a time ("no
tomatoes from Lavinia this year") that time's exception only;
a time said later as a bare piece ("The 9th of March.") refines the month held for the plan
said just before it, and never a plan it does not fall within. About a third of the
questions are near misses that must stay "I don't know" (or keep their answer).

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "past_together": (
        [
            ("Ottoline", "MAX, this is Dominic, we were at Holgate together, left in 1994."),
            ("Ottoline", "Hey Perpetua, this is my cousin, we were in Swindon together for years."),
            ("Ottoline", "Barnabas is at the depot in Crewe today."),
        ],
        [
            ("Ignatius", "Where does Ottoline live?", ""),
            ("Ignatius", "Where does Ottoline live now?", ""),
            ("Ignatius", "Where is Ottoline?", ""),
            ("Ignatius", "Where does Dominic live?", ""),
            ("Ignatius", "Where is Barnabas?", "crewe"),
        ],
    ),
    "past_state_then_present": (
        [
            ("Leocadia", "Hi all, this is Tiberius, we were at college in Preston together."),
            ("Leocadia", "These days I live in Kendal with my sister."),
        ],
        [
            ("Ignatius", "Where does Leocadia live?", "kendal"),
            ("Ignatius", "Where does Tiberius live?", ""),
        ],
    ),
    "name_off": (
        [
            ("Marigold", "We're driving to Skegness next weekend to see my aunt."),
            ("Marigold", "Right, bad news. Skegness is off, the car failed its MOT."),
            ("Marigold", "Thaddeus is flying to Oslo in May for his conference."),
        ],
        [
            ("Marigold", "Are we going to Skegness?", "no"),
            ("Ignatius", "Is Marigold going to Skegness?", "no"),
            ("Ignatius", "Is Thaddeus flying to Oslo?", "yes"),
        ],
    ),
    "person_off": (
        [
            ("Hyacinth", "I'm visiting Bramwell on Sunday afternoon."),
            ("Hyacinth", "Bramwell's off today, so he's gardening."),
            ("Hyacinth", "Cosmo is driving to Whitby next week."),
            ("Hyacinth", "The heating is off again."),
        ],
        [
            ("Ignatius", "Is Hyacinth visiting Bramwell?", "yes"),
            ("Ignatius", "Is Cosmo driving to Whitby?", "yes"),
        ],
    ),
    "habit_off": (
        [
            ("Clementine", "My grandad Ambrose does yoga at the leisure centre."),
            ("Clementine", "Cosima goes to pottery on Thursdays."),
            ("Clementine", "Yoga is off, his knee is bad again."),
            ("Clementine", "Pottery's off tonight, the kiln broke."),
        ],
        [
            ("Ignatius", "Does Ambrose still do yoga?", "no"),
            ("Ignatius", "Does Cosima still go to pottery?", "yes"),
            ("Ignatius", "Does Cosima do yoga?", ""),
        ],
    ),
    "no_thing": (
        [
            ("Ferdinand", "I'm buying a kayak this spring."),
            ("Ferdinand", "Wilhelm makes the Christmas pudding every year."),
            ("Ferdinand", "Lavinia grows tomatoes in the greenhouse."),
            ("Ferdinand", "No kayak after all. The shop closed down."),
            ("Ferdinand", "So no pudding from Wilhelm, the doctor says no sugar."),
            ("Ferdinand", "No tomatoes from Lavinia this year, the blight got them."),
            ("Ferdinand", "No tomatoes for me, thanks. No problem though."),
        ],
        [
            ("Ignatius", "Is Ferdinand buying a kayak?", "no"),
            ("Ignatius", "Is Wilhelm still making the Christmas pudding?", "no"),
            ("Ignatius", "Does Lavinia still grow tomatoes?", "yes"),
            ("Ignatius", "Is Lavinia buying a kayak?", ""),
        ],
    ),
    "finer_piece": (
        [
            ("Rosalind", "Big news, we're flying to Reykjavik in March."),
            ("Cuthbert", "The 9th of March. Can't wait."),
            ("Rosalind", "My sister is moving to Truro in June."),
            ("Cuthbert", "The 3rd of July, I think."),
        ],
        [
            ("Ignatius", "When is Rosalind flying to Reykjavik?", "9"),
            ("Ignatius", "When is Rosalind's sister moving to Truro?", "june"),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_stale48_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
