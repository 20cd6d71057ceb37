"""Check set for answers about something else (issue 21, wrong36), written before the code in
words of its own (no dev sentence): an answer must be of the kind the question asks for (a
price is no age, a stay's length is no date, a person is no place, a breed is a kind of
animal), and what was only advised, ordered or supposed ("you should", "if I got the job I'd")
is no fact a question may take as done. About a third of the questions are near misses that must
stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "caravan": (
        [
            ("Petra", "We bought the old caravan for two thousand pounds."),
            ("Petra", "We stayed in Whitby for five nights in August."),
        ],
        [
            ("Odile", "How much did the caravan cost?", "two thousand"),
            ("Odile", "How old is the caravan?", ""),
            ("Odile", "How long did Petra stay in Whitby?", "five nights"),
            ("Odile", "Where did Petra stay?", "whitby"),
            ("Odile", "How old is Petra?", ""),
        ],
    ),
    "advice": (
        [
            ("Lowri", "Gethin, you should sell the motorbike before winter."),
            ("Lowri", "If I got the job in Cardiff I would move to Splott."),
            ("Lowri", "Gethin sold his guitar last week."),
        ],
        [
            ("Odile", "What did Gethin sell?", "guitar"),
            ("Odile", "Did Gethin sell the motorbike?", ""),
            ("Odile", "Where is Lowri moving?", ""),
            ("Odile", "Where does Lowri work?", ""),
        ],
    ),
    "spaniel": (
        [
            ("Bryony", "Our dog Juniper is a springer spaniel."),
            ("Bryony", "Juniper works as a hearing dog for my husband Alun."),
            ("Bryony", "Alun grew up in a village called Abersoch."),
        ],
        [
            ("Odile", "What breed is Juniper?", "spaniel"),
            ("Odile", "What is the name of Alun's village?", "abersoch"),
            ("Odile", "Who does Juniper work for?", "alun"),
            ("Odile", "What breed is Alun?", ""),
            ("Odile", "What is the name of Bryony's village?", ""),
        ],
    ),
    "ferry": (
        [
            ("Tamsin", "My brother Kit worked as a deckhand on the ferries for ten years."),
            ("Tamsin", "Kit paid three hundred and fifty pounds for his new laptop."),
        ],
        [
            ("Odile", "What was Kit's job on the ferries?", "deckhand"),
            ("Odile", "How much did Kit pay for his laptop?", "three hundred and fifty"),
            ("Odile", "How long did Kit work on the ferries?", "ten years"),
            ("Odile", "How much did Tamsin pay for her laptop?", ""),
            ("Odile", "How old is Kit?", ""),
        ],
    ),
}


#: Wrong on main and on this branch: the price path (prices.py, price_answers.py) answers a
#: thing's price whoever is asked to have paid it ("How much did Tamsin pay for her laptop?"
#: by Kit's laptop); the payer is not what answer_sense checks.
_XFAIL = {"ferry": "a price is answered whoever is asked to have paid it (not this branch's)"}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.xfail(reason=_XFAIL[n])) if n in _XFAIL else n
        for n in sorted(CHECK)
    ],
)
def test_wrong36_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
