"""Check set for changes the store never records (issue 21, change36), written before the code
in words of its own (no dev sentence): a rescheduled event said by its new time only ("the
christening's been moved to the 9th"), a thing called off ("the kitchen extension's off", "we're
not getting the puppy after all"), a value for a time to come that must not end the value held
now ("she's fourteen, she'll be fifteen in June": fourteen holds until June), and a new job or
home said by the new value only ("I'm at the garden centre now"). About a third of the
questions are near misses that must stay "I don't know" or keep the value held now.

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
    "ages": (
        [
            ("Philippa", "My granddaughter Tamsin is fourteen."),
            ("Philippa", "Tamsin will be fifteen in June."),
            ("Philippa", "Her brother Caspar turns eight next month, he's seven now."),
        ],
        [
            ("Odile", "How old is Tamsin?", "fourteen"),
            ("Odile", "How old is Caspar?", "seven"),
            ("Odile", "How old is Philippa?", ""),
        ],
    ),
    "christening": (
        [
            ("Benedetta", "The christening is on the 2nd of May at St Anne's."),
            ("Benedetta", "The christening's been moved to the 9th of May."),
            ("Benedetta", "Our barbecue is on the 16th of May."),
        ],
        [
            ("Odile", "When is the christening?", "9"),
            ("Odile", "When is the barbecue?", "16"),
            ("Odile", "When is the wedding?", ""),
        ],
    ),
    "extension": (
        [
            ("Gulnara", "We are building a kitchen extension this summer."),
            ("Gulnara", "The kitchen extension is off, the builder went bust."),
            ("Gulnara", "We are painting the hallway this summer."),
        ],
        [
            ("Odile", "Is Gulnara still building a kitchen extension?", "no"),
            ("Odile", "Is Gulnara painting the hallway?", "yes"),
            ("Odile", "Is Gulnara building a garage?", ""),
        ],
    ),
    "puppy": (
        [
            ("Ruaridh", "We are getting a puppy in the autumn."),
            ("Ruaridh", "We changed our minds, we're not getting the puppy after all."),
        ],
        [
            ("Odile", "Is Ruaridh still getting a puppy?", "no"),
            ("Odile", "Is Ruaridh getting a kitten?", ""),
        ],
    ),
    "job": (
        [
            ("Eulalia", "I work at the Post Office on Bridge Street."),
            ("Eulalia", "I'm at the garden centre now, since March."),
            ("Eulalia", "My husband Dai works at the hospital."),
        ],
        [
            ("Odile", "Where does Eulalia work?", "garden centre"),
            ("Odile", "Does Eulalia still work at the Post Office?", "no"),
            ("Odile", "Where does Dai work?", "hospital"),
            ("Odile", "Where does Odile work?", ""),
        ],
    ),
    "home": (
        [
            ("Hamish", "My son Lachlan lives in Dundee."),
            ("Hamish", "Lachlan lives in Perth now, he moved for the job."),
            ("Hamish", "Lachlan will move to Inverness next year."),
        ],
        [
            ("Odile", "Where does Lachlan live?", "perth"),
            ("Odile", "Does Lachlan still live in Dundee?", "no"),
            ("Odile", "Where does Hamish live?", ""),
        ],
    ),
    "trip": (
        [
            ("Mireille", "We are going to Porto on the 3rd of October."),
            ("Mireille", "The Porto trip got pushed back to the 10th of October."),
        ],
        [
            ("Odile", "When is Mireille going to Porto?", "10"),
            ("Odile", "When is Mireille going to Madrid?", ""),
        ],
    ),
}


#: Talks the branch still answers wrong (a new workplace said by its value alone leaves the old).
ON_MAIN_WRONG = {"job"}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.xfail(reason="main: the change leaves the old claim"))
        if n in ON_MAIN_WRONG
        else n
        for n in sorted(CHECK)
    ],
)
def test_change36_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
