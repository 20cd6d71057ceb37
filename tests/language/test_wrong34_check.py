"""Check set for answers about something else (issue 21, wrong34), written before the code in
words of its own (no dev sentence): a later change ("moved out", "gave up", "sold", "is off",
"changed our minds", "not any more", "switched to") ends the claim it changes, so "still" and
"now" questions do not answer from the old one; a question about another person, another thing
or another kind of answer must not take a claim that only looks near. About a third of the
questions are near misses that must stay "I don't know" or keep their earlier answer.

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
    "lodger": (
        [
            ("Perpetua", "Our nephew Anselm is living with us while he looks for work."),
            ("Perpetua", "Anselm moved out last weekend, he rents a room in Headingley now."),
            ("Perpetua", "My sister Gwenllian lives in Swansea."),
        ],
        [
            ("Odile", "Is Anselm still living with Perpetua?", "no"),
            ("Odile", "Where does Anselm live now?", "headingley"),
            ("Odile", "Does Gwenllian still live in Swansea?", "yes"),
            ("Odile", "Where does Gwenllian live?", "swansea"),
            ("Odile", "Is Odile still living in Leeds?", ""),
        ],
    ),
    "tram": (
        [
            ("Lysander", "I drive the number 9 tram for the city."),
            ("Lysander", "They took me off the 9 in the spring, I drive the 14 now."),
            ("Lysander", "I play bass in a ceilidh band."),
        ],
        [
            ("Odile", "Does Lysander still drive the 9?", "no"),
            ("Odile", "Which tram does Lysander drive now?", "14"),
            ("Odile", "Does Lysander still play bass?", "yes"),
            ("Odile", "Does Lysander still play the fiddle?", ""),
        ],
    ),
    "holiday": (
        [
            ("Marisol", "We are going to Crete in May, the whole family."),
            ("Marisol", "The Crete holiday is off, my husband broke his ankle."),
            ("Marisol", "We are going to the Lake District at Easter."),
        ],
        [
            ("Odile", "Is Marisol still going to Crete?", "no"),
            ("Odile", "Is Marisol going to the Lake District?", "yes"),
            ("Odile", "Is Marisol still going to Norway?", ""),
        ],
    ),
    "boat": (
        [
            ("Ottoline", "I bought an old narrowboat called Heron."),
            ("Ottoline", "I sold Heron in September to a couple from Stroud."),
            ("Ottoline", "I own a grey mare called Juniper."),
        ],
        [
            ("Odile", "Does Ottoline still own Heron?", "no"),
            ("Odile", "Does Ottoline own Juniper?", "yes"),
            ("Odile", "Does Odile own a boat?", ""),
        ],
    ),
    "choir": (
        [
            ("Benedikt", "Clodagh teaches chemistry at the grammar school."),
            ("Benedikt", "Clodagh gave up teaching in July and works for a charity now."),
            ("Benedikt", "Clodagh sings in a choir."),
        ],
        [
            ("Odile", "Does Clodagh still teach chemistry?", "no"),
            ("Odile", "Does Clodagh still sing in a choir?", "yes"),
            ("Odile", "Does Benedikt teach chemistry?", ""),
        ],
    ),
    "plans": (
        [
            ("Wilhelmina", "We want to build a conservatory next year."),
            ("Wilhelmina", "We changed our minds about the conservatory, it costs too much."),
        ],
        [
            ("Odile", "Is Wilhelmina still building a conservatory?", "no"),
            ("Odile", "Is Wilhelmina still building a garage?", ""),
        ],
    ),
}


#: Talks the branch still answers wrong (a sale said of "her" leaves owning standing).
ON_MAIN_WRONG = {"boat"}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.xfail(reason="main: the change leaves the old claim"))
        if n in ON_MAIN_WRONG
        else n
        for n in sorted(CHECK)
    ],
)
def test_wrong34_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
