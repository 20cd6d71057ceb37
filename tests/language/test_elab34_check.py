"""Check set for verbless fragments that add to what the speaker just said (issue 21, elab34),
written before the code in words of its own (no dev sentence): a note with no verb after a
statement of the same speaker, in the same turn or the next, says one more role of it (a number
its count, a span of time how long, a place where, a narrower noun which kind), and a note with
a self-reference ("..., me.") or a counted person noun ("Two girls, 6 and 8.") stands for the
statement it leaves the words out of. About a third of the questions are near misses that must
stay "I don't know": another speaker's fragment, another held thing, another person.

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "grandchildren": (
        [
            ("Mabel", "We've got grandchildren now."),
            ("Mabel", "Three of them."),
        ],
        [
            ("Odile", "How many grandchildren does Mabel have?", "three"),
            ("Odile", "How many grandchildren does Odile have?", ""),
        ],
    ),
    "hens": (
        [
            ("Huw", "Bought some hens in the spring. Six of them."),
        ],
        [
            ("Odile", "How many hens did Huw buy?", "six"),
            ("Odile", "How many ducks did Huw buy?", ""),
        ],
    ),
    "cottage": (
        [
            ("Nell", "I booked a cottage in Whitby."),
            ("Nell", "Five nights."),
        ],
        [
            ("Odile", "Where did Nell book a cottage?", "whitby"),
            ("Odile", "How long did Nell book the cottage for?", "five nights"),
            ("Odile", "How long did Nell book the caravan for?", ""),
        ],
    ),
    "whippet": (
        [
            ("Ravi", "We adopted a dog last month."),
            ("Ravi", "A whippet."),
        ],
        [
            ("Odile", "What kind of dog did Ravi adopt?", "whippet"),
            ("Odile", "What dog did Ravi adopt?", "whippet"),
            ("Odile", "What kind of cat did Ravi adopt?", ""),
        ],
    ),
    "lisbon": (
        [
            ("Suki", "We're going away at half term."),
            ("Suki", "Lisbon, with my sister."),
        ],
        [
            ("Odile", "Where is Suki going at half term?", "lisbon"),
            ("Odile", "Where is Odile going?", ""),
        ],
    ),
    "nurse": (
        [
            ("Bryony", "Night nurse, me. Twelve years now."),
        ],
        [
            ("Odile", "What does Bryony do?", "nurse"),
            ("Odile", "What does Odile do?", ""),
        ],
    ),
    "girls": (
        [
            ("Kwame", "Two girls, 6 and 8."),
        ],
        [
            ("Odile", "How many girls does Kwame have?", "two"),
            ("Odile", "How many boys does Kwame have?", ""),
        ],
    ),
    "other_speaker": (
        [
            ("Ida", "We keep chickens at the allotment."),
            ("Jem", "Eight of them."),
        ],
        [
            ("Odile", "How many chickens does Ida keep?", ""),
            ("Odile", "How many chickens does Jem keep?", ""),
        ],
    ),
    "hotel": (
        [
            ("Priya", "Booked the hotel in Porto - four nights."),
        ],
        [
            ("Odile", "How many nights did Priya book the hotel for?", "four"),
            ("Odile", "Where did Priya book the hotel?", "porto"),
        ],
    ),
    "job": (
        [
            ("Tomos", "Started a new job last week."),
            ("Tomos", "Nights at the Co-op."),
        ],
        [
            ("Odile", "Where did Tomos start a new job?", "co-op"),
            ("Odile", "When did Tomos start a new job?", "december"),
            ("Odile", "Where did Odile start a new job?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_elab34_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
