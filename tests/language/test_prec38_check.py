"""Check set for what a statement may store (issue 21, prec38), written before the code in words
of its own (no dev sentence): a clause's mood decides whether it is a fact. An idiom is not
read word by word ("kicked the bucket" kicks nothing), advice or an order to someone is not
what they did, an outing called off did not happen, and a remark reported with its own "never"
or "won't" keeps it. Beside each, a plain clause of the same verb that must still be answered.
About a third of the questions are near misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold ("no" as its first word). The score is
recorded in the report (main against the branch); the test asserts only that no question is
answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "idioms": (
        [
            ("Wilf", "Old Bernard kicked the bucket in March, bless him."),
            ("Wilf", "Our Hamish kicked the football over the fence."),
            ("Wilf", "Agnes is keeping an eye on the allotment while we're away."),
            ("Wilf", "Rory pulled my leg about the lottery win."),
            ("Wilf", "Callum broke his wrist at five-a-side."),
        ],
        [
            ("Odile", "What did Bernard kick?", ""),
            ("Odile", "What did Hamish kick?", "football"),
            ("Odile", "What is Agnes keeping?", ""),
            ("Odile", "What did Rory pull?", ""),
            ("Odile", "What did Callum break?", "wrist"),
        ],
    ),
    "advice": (
        [
            ("Meera", "You should ring the council about the bins, Declan."),
            ("Meera", "Declan, tell your sister to book the cottage in Whitby."),
            ("Meera", "Declan sold his motorbike in April."),
            ("Meera", "My cousin Anwen booked a cottage in Tenby."),
        ],
        [
            ("Odile", "What did Declan sell?", "motorbike"),
            ("Odile", "Where did Anwen book a cottage?", "tenby"),
            ("Odile", "Who did Declan ring?", ""),
            ("Odile", "What did Declan's sister book?", ""),
        ],
    ),
    "called_off": (
        [
            ("Ines", "We were going to climb Snowdon on Sunday but it poured down."),
            ("Ines", "We were supposed to see Lou in Ripon, but her train got cancelled."),
            ("Ines", "My husband Tobias climbed Pen y Fan on Saturday."),
        ],
        [
            ("Odile", "What did Tobias climb?", "pen y fan"),
            ("Odile", "What did Ines climb?", ""),
            ("Odile", "Did Ines climb Snowdon?", "no"),
            ("Odile", "Where did Ines see Lou?", ""),
        ],
    ),
    "reported": (
        [
            ("Gemma", "My mum said she'd never go back to Blackpool."),
            ("Gemma", "My dad told me he won't sell the caravan."),
            ("Gemma", "My brother Kai said he's moving to Bristol in May."),
        ],
        [
            ("Odile", "Is Gemma's mum going back to Blackpool?", "no"),
            ("Odile", "Is Gemma's dad selling the caravan?", "no"),
            ("Odile", "Where is Kai moving?", "bristol"),
            ("Odile", "What is Gemma's dad selling?", ""),
        ],
    ),
    "promises": (
        [
            ("Priya", "I'll bring the trifle to the barbecue on Saturday."),
            ("Priya", "If Nico gets the job in Oban he'll buy a boat."),
            ("Priya", "Nico bought a kayak last summer."),
        ],
        [
            ("Odile", "What did Nico buy?", "kayak"),
            ("Odile", "What is Priya bringing to the barbecue?", "trifle"),
            ("Odile", "Did Nico buy a boat?", ""),
        ],
    ),
}


#: Talks answered wrong for a reason this branch does not mend, on main and on the branch.
_XFAIL = {
    "called_off": "'What did Tobias climb?' is answered 'climbing': 'climbed Pen y Fan' loses "
    "the name in the parse (an object reading, not a clause's mood)",
}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.xfail(reason=_XFAIL[n])) if n in _XFAIL else n
        for n in sorted(CHECK)
    ],
)
def test_prec38_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
