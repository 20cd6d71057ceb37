"""Check set for verbless fragments after a statement (issue 21, frag40), written before the
code in words of its own (no dev sentence): a fragment ("In Whitby.", "Ninety quid.", "With
my cousin Ailsa.", "Last March.", "Four of them.") said after a statement of the same
speaker, in the same turn or the next, or after another's statement about that speaker, is
the statement said again with the fragment in the role its form says. About a third of the
questions are near misses that must stay "I don't know": a fragment after a question, a
wish, a denial, or one whose kind fits no role of the statement.

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "van": (
        [
            ("Torquil", "I sold the camper van. Nine thousand pounds, to a couple from Oban."),
            ("Torquil", "We bought a greenhouse too. Last spring."),
        ],
        [
            ("Odile", "How much did Torquil sell the camper van for?", "nine thousand"),
            ("Odile", "When did Torquil buy a greenhouse?", "spring"),
            ("Odile", "How much did Torquil sell the greenhouse for?", ""),
        ],
    ),
    "trip": (
        [
            ("Marisol", "My brother and I went sailing."),
            ("Marisol", "Off the coast of Anglesey, in August."),
            ("Marisol", "We're renting a cottage. Near Conwy."),
        ],
        [
            ("Odile", "Where did Marisol go sailing?", "anglesey"),
            ("Odile", "When did Marisol go sailing?", "august"),
            ("Odile", "Where is Marisol renting a cottage?", "conwy"),
            ("Odile", "When is Marisol renting a cottage?", ""),
        ],
    ),
    "choir": (
        [
            ("Bartholomew", "I joined a choir."),
            ("Bartholomew", "With my neighbour Philippa."),
            ("Bartholomew", "I'd love to learn the cello. In Leeds, maybe."),
        ],
        [
            ("Odile", "Who did Bartholomew join a choir with?", "philippa"),
            ("Odile", "Where does Bartholomew learn the cello?", ""),
        ],
    ),
    "hens": (
        [
            ("Ingrid", "We keep hens now. Five of them."),
            ("Ingrid", "I didn't go to the gala. Saturday, it was."),
        ],
        [
            ("Odile", "How many hens does Ingrid keep?", "five"),
            ("Odile", "When did Ingrid go to the gala?", ""),
            ("Odile", "How many cats does Ingrid keep?", ""),
        ],
    ),
    "other": (
        [
            ("Cosima", "Radek moved house last month."),
            ("Radek", "To Harrogate. A terrace near the station."),
            ("Cosima", "Did you see the match?"),
            ("Radek", "Saturday."),
        ],
        [
            ("Odile", "Where did Radek move?", "harrogate"),
            ("Odile", "When did Cosima see the match?", ""),
            ("Odile", "Where did Cosima move?", ""),
            ("Odile", "When did Radek move house?", "december"),
        ],
    ),
    "course": (
        [
            ("Aurelio", "I've started an evening course."),
            ("Aurelio", "Italian cooking. Every Tuesday, at the college."),
            ("Aurelio", "My daughter got a puppy. A spaniel."),
        ],
        [
            ("Odile", "What course did Aurelio start?", "italian"),
            ("Odile", "What kind of dog did Aurelio's daughter get?", "spaniel"),
            ("Odile", "What did Aurelio's son get?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_frag40_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
