"""Check set for clauses said without a subject (issue 21, subj46), written before the code
in words of its own (no dev sentence). Chat drops the teller's "I" and its auxiliary ("Moved
to Carlisle in April.", "Been learning the harp since January.", "Started at the bakery on
Monday."): the clause is the teller's, read as any other. It is not the teller's where a
passive is meant ("Diagnosed in March."), where the turn before was someone else's news of
a third ("Retired at sixty!"), or where the teller was just talking about someone else; an
answer to another's question about someone ("What about Ottilie?") is about them.
About a third of the questions are near misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "diary": (
        [
            ("Marisol", "Moved to Carlisle in April."),
            ("Marisol", "Been learning the harp since January."),
            ("Marisol", "Retired from the post office in 2019."),
            ("Marisol", "Have been to Lisbon twice this year."),
            ("Marisol", "Been painting the kitchen all morning."),
        ],
        [
            ("Odile", "Where did Marisol move?", "carlisle"),
            ("Odile", "What is Marisol learning?", "harp"),
            ("Odile", "When did Marisol retire?", "2019"),
            ("Odile", "What has Marisol been painting?", "kitchen"),
            ("Odile", "What is Odile learning?", ""),
            ("Odile", "Where did Odile move?", ""),
            ("Odile", "When did Odile retire?", ""),
        ],
    ),
    "passive": (
        [
            ("Thaddeus", "My uncle Brendan has been poorly."),
            ("Thaddeus", "Diagnosed in March."),
            ("Thaddeus", "Booked the ferry to Belfast for Friday."),
            ("Thaddeus", "Reserved for the staff."),
        ],
        [
            ("Odile", "When was Thaddeus diagnosed?", ""),
            ("Odile", "What did Thaddeus book?", "ferry"),
            ("Odile", "What did Thaddeus cancel?", ""),
        ],
    ),
    "others_news": (
        [
            ("Tobias", "My sister Greta retired last week."),
            ("Wendeline", "Retired at sixty!"),
            ("Wendeline", "Started at the garden centre on Monday, by the way."),
        ],
        [
            ("Odile", "When did Wendeline retire?", ""),
            ("Odile", "Where did Wendeline start?", "garden centre"),
            ("Odile", "Did Wendeline retire?", ""),
        ],
    ),
    "about_someone": (
        [
            ("Isadora", "My cousin Leopold lives in Hexham."),
            ("Isadora", "Moved there in 2015."),
            ("Isadora", "Is training as a plumber now."),
        ],
        [
            ("Odile", "When did Isadora move to Hexham?", ""),
            ("Odile", "Where does Isadora live?", ""),
            ("Odile", "What is Isadora training as?", ""),
        ],
    ),
    "asked_about": (
        [
            ("Bartholomew", "My neighbour Ottilie teaches at the primary school."),
            ("Rosalind", "What about Ottilie?"),
            ("Bartholomew", "Started a pottery class at the library last month."),
            ("Rosalind", "Did you see Cormac on Saturday?"),
            ("Bartholomew", "Drove over to Galway for the match."),
            ("Rosalind", "And how is Cormac?"),
            ("Bartholomew", "Flew to Madrid on Friday."),
        ],
        [
            ("Odile", "What did Ottilie start?", "pottery"),
            ("Odile", "What did Bartholomew start?", ""),
            ("Odile", "Where did Bartholomew drive?", "galway"),
            ("Odile", "Where did Cormac drive?", ""),
            ("Odile", "Where did Cormac fly?", "madrid"),
            ("Odile", "Where did Bartholomew fly?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_subj46_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
