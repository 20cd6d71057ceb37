"""Check set for a fact held under another predicate than the question's (issue 21, verb32),
written before the code in words of its own (no dev sentence): a light verb with a gerund or
an event noun ("did the packing", "had a fall", "took early retirement", "gave a talk") asked
with the plain verb ("When did Grandad fall?"), and a phrasal or other verb that WordNet
gives as the asked verb's synonym ("signed up for the choir" / "joined"). About a third of the
questions are near misses (another deed, another person) that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "removal": (
        [
            ("Tamsin", "We're doing the move to Harrogate in May."),
            ("Tamsin", "My brother Idwal does all the driving on long trips."),
        ],
        [
            ("Odile", "When is Tamsin moving?", "may"),
            ("Odile", "Where is Tamsin moving to?", "harrogate"),
            ("Odile", "Does Idwal drive?", "yes"),
            ("Odile", "When is Tamsin retiring?", ""),
            ("Odile", "Does Idwal cook?", ""),
        ],
    ),
    "garden": (
        [
            ("Wilf", "Grandad had a nasty fall in the garden last Tuesday."),
            ("Wilf", "Auntie Bev took early retirement from the council in 2019."),
        ],
        [
            ("Odile", "When did Grandad fall?", "tuesday"),
            ("Odile", "Where did Grandad fall?", "garden"),
            ("Odile", "When did Auntie Bev retire?", "2019"),
            ("Odile", "When did Grandad retire?", ""),
            ("Odile", "When did Auntie Bev fall?", ""),
        ],
    ),
    "library": (
        [
            ("Priyanka", "Last month I gave a talk about bees at the village library."),
            ("Priyanka", "My son Arjun signed up for the choir in October."),
        ],
        [
            ("Odile", "Where did Priyanka speak?", "library"),
            ("Odile", "When did Arjun join the choir?", "october"),
            ("Odile", "Where did Priyanka sing?", ""),
            ("Odile", "When did Priyanka join the choir?", ""),
        ],
    ),
    "canal": (
        [
            ("Marisol", "Yesterday Kenji and I went for a walk along the canal."),
            ("Marisol", "Kenji made the decision to leave the band in June."),
            ("Marisol", "My sister Inés had her wedding in Ronda."),
        ],
        [
            ("Odile", "When did Marisol walk along the canal?", "yesterday"),
            ("Odile", "When did Kenji decide to leave the band?", "june"),
            ("Odile", "Where did Inés get married?", "ronda"),
            ("Odile", "When did Marisol swim?", ""),
            ("Odile", "Where did Kenji get married?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_verb32_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
