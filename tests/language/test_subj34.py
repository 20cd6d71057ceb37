"""Clauses said without a subject (issue 21, subj34): one reading of whose they are
(elided_subject.py), from the verb's form, the clause's possessives and the turn before. A past
form (even one the tagger took for a bare verb) or a participle is the teller's; a
third-person form or another's body ("Broke her wrist") is the one the turn before asked
about; an order ("Phone me tonight") says nothing.

Talks in words of their own (no corpus sentence), on a real booted resident."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

TALKS: dict[str, Talk] = {
    "past_form_tagged_bare": (
        [("Ines", "Tore a ligament at netball on Saturday."), ("Ines", "Phone me tonight.")],
        [
            ("Odile", "What did Ines tear?", "ligament"),
            ("Odile", "What did Odile tear?", ""),
            ("Odile", "Who did Ines phone?", ""),
        ],
    ),
    "participle_is_the_tellers": (
        [("Hamish", "driving to Inverness on sunday for the gala")],
        [
            ("Odile", "Where is Hamish driving?", "inverness"),
            ("Odile", "Where is Odile driving?", ""),
        ],
    ),
    "third_person_is_the_one_asked_about": (
        [
            ("Odile", "How's your dad getting on?"),
            ("Kerry", "Fractured his ankle in the garden."),
            ("Kerry", "Plays bowls twice a week though."),
        ],
        [
            ("Odile", "What did Kerry's dad fracture?", "ankle"),
            ("Odile", "What did Kerry fracture?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(TALKS))
def test_subj34(max_: Max, name: str) -> None:
    assert mismatches(max_, TALKS[name]) == []
