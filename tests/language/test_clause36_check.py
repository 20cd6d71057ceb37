"""Check set for clauses dropped inside a turn (issue 21, clause36), written before the code in
words of its own (no dev sentence): the second or third clause of a turn after "and", "but",
"so", a comma splice, a clause after "because", "since", "after", "when", and clauses run on
with no punctuation must each store what they say. About a third of the questions are near
misses that must stay "I don't know": what the other clause's subject did not do, and what a
condition or an indirect question only supposes.

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
            ("Perpetua", "I got an allotment in March and my husband Tobias grows leeks on it."),
            ("Perpetua", "The bakery shut down, so Leopold works at the library now."),
        ],
        [
            ("Odile", "What does Tobias grow?", "leeks"),
            ("Odile", "What does Perpetua grow?", ""),
            ("Odile", "Where does Leopold work?", "library"),
            ("Odile", "Where does Perpetua work?", ""),
        ],
    ),
    "splice": (
        [
            ("Wendell", "Our Hamish started secondary school last week, he loves the drama club."),
            ("Wendell", "Bartholomew hates football, but he adores cricket."),
        ],
        [
            ("Odile", "What does Hamish love?", "drama"),
            ("Odile", "What does Bartholomew love?", "cricket"),
            ("Odile", "What does Wendell love?", ""),
        ],
    ),
    "because": (
        [
            ("Marisol", "I sold the van because Casimir bought a motorbike."),
            ("Marisol", "We went to the coast after Delphine finished her exams."),
        ],
        [
            ("Odile", "What did Casimir buy?", "motorbike"),
            ("Odile", "What did Marisol buy?", ""),
            ("Odile", "What did Delphine finish?", "exams"),
        ],
    ),
    "runon": (
        [
            (
                "Ignatius",
                "my daughter ines plays the cello and her boyfriend Rafe drives a taxi in Bristol",
            ),
            ("Ignatius", "Since Griselda moved to Perth, I've been walking her dog Mungo."),
        ],
        [
            ("Odile", "What does Rafe drive?", "taxi"),
            ("Odile", "What does Ines play?", "cello"),
            ("Odile", "What does Ines drive?", ""),
            ("Odile", "Where did Griselda move to?", "perth"),
            ("Odile", "What is Griselda's dog called?", "mungo"),
        ],
    ),
    "supposed": (
        [
            ("Cressida", "If Seraphina gets the job, she'll move to Dundee."),
            ("Cressida", "I asked Anselm whether his brother Crispin sold the boat."),
            ("Cressida", "Crispin was fixing the roof when Anselm phoned him."),
        ],
        [
            ("Odile", "Where does Seraphina live?", ""),
            ("Odile", "What did Crispin sell?", ""),
            ("Odile", "What was Crispin fixing?", "roof"),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_clause36_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
