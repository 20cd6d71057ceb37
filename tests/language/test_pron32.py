"""He/she/him/her across sentences and turns (issue 21, pron32): one ranking of the people the
earlier sentences said (antecedent_ranking.py). A pronoun reaches past a name of the other sex
(the family noun beside a name shows its sex), past the other speaker's turn and a place it
said; the one of the other sex named between is never it.

Talks in words of their own (no corpus sentence), on a real booted resident."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

TALKS: dict[str, Talk] = {
    "past_the_other_sex": (
        [
            ("Ailsa", "My brother Callum sold his flat in Leith."),
            ("Ailsa", "My niece Morven helped with the boxes."),
            ("Ailsa", "He bought a cottage near Crieff."),
        ],
        [
            ("Odile", "What did Callum buy?", "cottage"),
            ("Odile", "What did Morven buy?", ""),
        ],
    ),
    "past_the_other_turn": (
        [
            ("Ravi", "My daughter Anika started a job in Dundee."),
            ("Odile", "Dundee has a great museum."),
            ("Ravi", "She designs bridges for the council."),
        ],
        [
            ("Odile", "What does Anika design?", "bridges"),
            ("Odile", "What does Ravi design?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(TALKS))
def test_pron32(max_: Max, name: str) -> None:
    assert mismatches(max_, TALKS[name]) == []
