"""A contracted "'s" the parser took for a possessive, and a name said to the listener taken
for an argument (issue 21, contr40): "'s" before a participle, a date or past an adverb is the
verb ("is", or "has" before "been"/"gone" or an object); a name set off by a comma at a
sentence's edge, MAX or one who has spoken, is whom the sentence is said to. Neither may make a
possessive a verb ("Tom's broken leg") nor take a name in apposition for the listener. A going
by someone after "'s" is done ("has moved"); a past state is judged by its own sentence's verb;
"when" in the present asks a plan's time.

Talks in words of their own (no corpus sentence), on a real booted resident."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

TALKS: dict[str, Talk] = {
    "participle": (
        [("Ottoline", "Fenwick's selling his narrowboat."), ("Ottoline", "Nell's gone to Crete.")],
        [
            ("Odile", "What is Fenwick selling?", "narrowboat"),
            ("Odile", "Where has Nell gone?", "crete"),
            ("Odile", "What is Ottoline selling?", ""),
        ],
    ),
    "vocative_end": (
        [
            ("Ottoline", "The caretaker is Ambrose, Odile."),
            ("Ottoline", "The warden is ninety-one, Odile."),
        ],
        [
            ("Odile", "Who is the caretaker?", "ambrose"),
            ("Odile", "Who is the warden?", ""),
        ],
    ),
    "kept": (
        [
            ("Ottoline", "Lysander, my brother, is a vet."),
            ("Ottoline", "Fenwick's broken wrist is healing."),
        ],
        [
            ("Odile", "What does Lysander do?", "vet"),
            ("Odile", "What is Fenwick selling?", ""),
        ],
    ),
    "motion_done": (
        [("Ottoline", "Cosimo's moved to Harrogate."), ("Ottoline", "Petra's worried about it.")],
        [
            ("Odile", "Where does Cosimo live?", "harrogate"),
            ("Odile", "Where does Petra live?", ""),
        ],
    ),
    "past_of_its_own_sentence": (
        [("Ottoline", "It's been years! Cosimo and I were at college together in Durham.")],
        [
            ("Odile", "Where does Cosimo live now?", ""),
            ("Odile", "Where does Ottoline live now?", ""),
        ],
    ),
    "when_of_a_plan": (
        [("Ottoline", "Cosimo is starting the plumbing course in March.")],
        [
            ("Odile", "When does Cosimo start the course?", "march"),
            ("Odile", "When did Ottoline start the course?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(TALKS))
def test_contr40(max_: Max, name: str) -> None:
    assert not mismatches(max_, TALKS[name])
