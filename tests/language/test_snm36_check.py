"""Check set for stored claims a question misses (issue 21, snm36), written before the code in
words of its own (no dev sentence): the question names the entity another way than the talk did
(its kind, "the cat" for a cat the talk named Pickle; a kin word for a named relative), names kin
another way ("my other half", "her mum" for the "my mum" the speaker said), or carries extra
words the held claim lacks ("the late shift at the warehouse" against "the late shift starts at
ten"). About a third of the questions are near misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "cat": (
        [
            ("Wendell", "We have a cat called Pickle."),
            ("Wendell", "Pickle is four."),
            ("Wendell", "Pickle sleeps on the radiator."),
        ],
        [
            ("Odile", "How old is the cat?", "four"),
            ("Odile", "Where does the cat sleep?", "radiator"),
            ("Odile", "How old is Wendell's cat?", "four"),
            ("Odile", "How old is the dog?", ""),
            ("Odile", "Where does the dog sleep?", ""),
        ],
    ),
    "grandmother": (
        [
            ("Priya", "My grandmother lives in Leicester."),
            ("Priya", "My grandmother is ninety-one."),
        ],
        [
            ("Odile", "Where does Priya's gran live?", "leicester"),
            ("Odile", "How old is Priya's nan?", "ninety-one"),
            ("Odile", "Where does Priya's grandfather live?", ""),
            ("Odile", "How old is Priya's aunt?", ""),
        ],
    ),
    "wife": (
        [
            ("Tobias", "My wife teaches maths at the grammar school."),
            ("Tobias", "My son plays the trumpet."),
        ],
        [
            ("Odile", "What does Tobias's missus teach?", "maths"),
            ("Odile", "What does Tobias's other half teach?", "maths"),
            ("Odile", "What does Tobias's boy play?", "trumpet"),
            ("Odile", "What does Tobias's daughter play?", ""),
            ("Odile", "What does Tobias's sister teach?", ""),
        ],
    ),
    "shift": (
        [
            ("Marguerite", "The late shift starts at ten."),
            ("Marguerite", "The ferry leaves at half past seven."),
        ],
        [
            ("Odile", "When does the late shift at the warehouse start?", "ten"),
            ("Odile", "What time does the late shift start?", "ten"),
            ("Odile", "When does the early shift start?", ""),
            ("Odile", "When does the ferry to Arran leave?", "seven"),
            ("Odile", "When does the train leave?", ""),
        ],
    ),
}


#: Talks main answers wrong and this branch leaves so, with why.
_WRONG_ON_MAIN = {
    "shift": "'The ferry leaves at half past seven' is stored as 'ferry does leaving' at 'at "
    "half' (the clock phrase cut): a storing error this branch does not touch",
}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.xfail(reason=_WRONG_ON_MAIN[n], strict=True))
        if n in _WRONG_ON_MAIN
        else n
        for n in sorted(CHECK)
    ],
)
def test_snm36_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
