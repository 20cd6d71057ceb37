"""Check set for answers about something else (issue 21, wrong38), written before the code in
words of its own (no dev sentence): the claim an answer rests on must say the act the question
asks (its verb, a synonym or a hypernym, not another act that shares its object or its time),
be about the one asked after (not a namesake, a relative or a thing), and give an answer of
the type asked (when: a time, where: a place, who: a person, how many: a number). A yes/no
question's claim must hold the thing asked of. About a third of the questions are near misses
that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "allotment": (
        [
            ("Morwenna", "Piran dug up the potatoes on Saturday."),
            ("Morwenna", "Piran painted the shed at the allotment last spring."),
        ],
        [
            ("Odile", "What did Piran paint?", "shed"),
            ("Odile", "When did Piran dig up the potatoes?", "saturday"),
            ("Odile", "When did Piran sell the shed?", ""),
            ("Odile", "Did Piran plant the potatoes?", ""),
        ],
    ),
    "lodger": (
        [
            ("Hester", "My lodger Anselm teaches chemistry at the sixth form college."),
            ("Hester", "Anselm's brother lives in Leipzig."),
        ],
        [
            ("Odile", "What does Anselm teach?", "chemistry"),
            ("Odile", "Where does Anselm's brother live?", "leipzig"),
            ("Odile", "Where does Anselm live?", ""),
            ("Odile", "What does Hester teach?", ""),
        ],
    ),
    "marathon": (
        [
            ("Isolde", "Cormac ran the Dublin marathon in October."),
            ("Isolde", "Cormac has three daughters."),
        ],
        [
            ("Odile", "When did Cormac run the marathon?", "october"),
            ("Odile", "How many daughters does Cormac have?", "three"),
            ("Odile", "Who ran the Dublin marathon?", "cormac"),
            ("Odile", "When did Cormac watch the marathon?", ""),
            ("Odile", "How many sons does Cormac have?", ""),
        ],
    ),
    "kiln": (
        [
            ("Blodwen", "Emrys fired the new kiln for the first time on Tuesday."),
            ("Blodwen", "The kiln is in the old dairy behind the farmhouse."),
        ],
        [
            ("Odile", "Where is the kiln?", "dairy"),
            ("Odile", "What did Emrys fire?", "kiln"),
            ("Odile", "Where does Emrys work?", ""),
            ("Odile", "Who built the kiln?", ""),
        ],
    ),
    "choirmaster": (
        [
            ("Fenella", "Quentin conducts the male voice choir in Treorchy."),
            ("Fenella", "Quentin retired from the post office in 2019."),
        ],
        [
            ("Odile", "When did Quentin retire?", "2019"),
            ("Odile", "What does Quentin conduct?", "choir"),
            ("Odile", "When did Quentin join the choir?", ""),
            ("Odile", "Who retired from the choir?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_wrong38_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
