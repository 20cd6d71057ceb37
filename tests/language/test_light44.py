"""Where someone works comes from a statement of the act, never from being somewhere (issue 21,
light44, held_place.py), and a light verb's act is read even where WordNet's first sense of
its noun is a time (objects.light_object: "had a fall" is no autumn), and a state one got
into keeps whom it holds with ("got engaged to Philippa", as "is engaged to" reads).

Talks in words of their own (no corpus sentence), on a real booted resident."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

TALKS: dict[str, Talk] = {
    # light42 answered "office": being at a place, with what one does there, is no workplace.
    "presence": (
        [
            ("Perpetua", "Jonah is at the office working late again."),
            ("Perpetua", "Marguerite is in the kitchen doing the accounts."),
            ("Perpetua", "Cosmo works as a locksmith in Frome."),
        ],
        [
            ("Odile", "Where does Jonah work?", ""),
            ("Odile", "Where does Marguerite work?", ""),
            ("Odile", "Where does Cosmo work?", "frome"),
        ],
    ),
    # Main stored nothing of "had a fall" (WordNet's fall.n.01 is autumn, a time).
    "fall": (
        [
            ("Perpetua", "Grandpa Tobias had a fall in the greenhouse on Thursday."),
        ],
        [
            ("Odile", "Where did Tobias fall?", "greenhouse"),
            ("Odile", "Where did Perpetua fall?", ""),
        ],
    ),
    # Main stored "gets engaged" and lost with whom: the state keeps its object.
    "engaged": (
        [("Perpetua", "My nephew Lysander got engaged to Philippa in Whitby.")],
        [
            ("Odile", "Who is Lysander engaged to?", "philippa"),
            ("Odile", "Who is Perpetua engaged to?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(TALKS))
def test_light44(max_: Max, name: str) -> None:
    assert mismatches(max_, TALKS[name]) == []
