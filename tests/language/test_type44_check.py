"""Check set for answers of the wrong kind (issue 21, type44), written before the code in
words of its own (no dev sentence): the gap a question asks has a kind (a breed, a job, a
name, an amount of money, someone, a place) and a filler of another kind that a statement
holds nearby ("a hearing dog" for a breed, "keeper" or "a good lad" for what someone does,
the resident's own name or a car's make for someone's name, "three" for a price) must be
"I don't know"; the near-identical talks whose filler is of the right kind must stay
answered. About half of the questions are the near misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

CHECK: dict[str, Talk] = {
    "breed": (
        [
            ("Cerys", "Our dog Tansy is a guide dog."),
            ("Cerys", "Her brother Moss is a whippet."),
        ],
        [
            ("Odile", "What breed is Tansy?", ""),
            ("Odile", "What breed is Moss?", "whippet"),
            ("Odile", "What kind of dog is Moss?", "whippet"),
        ],
    ),
    "jobs": (
        [
            ("Benedikt", "Anselm plays as a keeper for the Sunday league team."),
            ("Benedikt", "Anselm is a translator."),
            ("Benedikt", "Rufus is a good lad."),
            ("Benedikt", "Lottie is a real hero."),
            ("Benedikt", "Dorcas is a plumber."),
        ],
        [
            ("Odile", "What does Anselm do?", "translator"),
            ("Odile", "What does Rufus do?", ""),
            ("Odile", "What does Lottie do?", ""),
            ("Odile", "What does Dorcas do?", "plumber"),
            ("Odile", "What does Dorcas do for a living?", "plumber"),
        ],
    ),
    "names": (
        [
            ("Tobias", "My brother drives a Fiesta."),
            ("Tobias", "My sister is called Imelda."),
            ("Tobias", "Our cat sleeps on the boiler, MAX."),
        ],
        [
            ("Tobias", "What's my brother called?", ""),
            ("Tobias", "What's my sister called?", "imelda"),
            ("Tobias", "What is my cat called?", ""),
            ("Tobias", "What is my sister's name?", "imelda"),
        ],
    ),
    "money": (
        [
            ("Saskia", "Ingrid paid four hundred pounds for her new laptop."),
            ("Saskia", "Ingrid bought three chargers."),
        ],
        [
            ("Odile", "How much did Ingrid pay for her new laptop?", "four hundred"),
            ("Odile", "How much did Ingrid pay for the chargers?", ""),
            ("Odile", "How many chargers did Ingrid buy?", "three"),
        ],
    ),
    "someone": (
        [
            ("Ewa", "The parcel came from Leeds."),
            ("Ewa", "Bartosz sent the flowers."),
        ],
        [
            ("Odile", "Who sent the flowers?", "bartosz"),
            ("Odile", "Who sent the parcel?", ""),
            ("Odile", "Where did the parcel come from?", "leeds"),
        ],
    ),
}


#: Talks still answered with a filler of the wrong kind: "a real hero" for what Lottie does
#: (WordNet files a hero directly under leader, with employers and trainers, no sex or age).
_ON_MAIN = {"jobs"}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.xfail(reason="a hero is a leader in WordNet"))
        if n in _ON_MAIN
        else n
        for n in sorted(CHECK)
    ],
)
def test_type44_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
