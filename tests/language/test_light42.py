"""Where someone works or studies, or where their thing is, held under another verb (issue 21,
light42, held_place.py): the place of a statement of the act asked ("works as a mechanic in
Sandwich" for "Where does X work?"), of being at a place of learning ("at uni in Durham" for
"Where does X study?"), or of holding a thing that stays where it is ("bought a flat in
Leith" for "Where is X's flat?"). None answers another act ("Where does X live?" of a job
or of owning a home) or another thing.

Talks in words of their own (no corpus sentence), on a real booted resident."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

TALKS: dict[str, Talk] = {
    "job": (
        [("Perpetua", "Cosmo works as a locksmith in Frome.")],
        [
            ("Odile", "Where does Cosmo work?", "frome"),
            ("Odile", "Where does Cosmo live?", ""),
            ("Odile", "Where does Perpetua work?", ""),
        ],
    ),
    "study": (
        [("Perpetua", "Ingrid is at uni in Aberystwyth now.")],
        [
            ("Odile", "Where does Ingrid study?", "aberystwyth"),
            ("Odile", "Where does Ingrid work?", ""),
        ],
    ),
    "thing": (
        [
            ("Perpetua", "Anselm bought a bungalow in Prestatyn last spring."),
        ],
        [
            ("Odile", "Where is Anselm's bungalow?", "prestatyn"),
            ("Odile", "Where does Anselm live?", ""),
            ("Odile", "Where is Anselm's caravan?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(TALKS))
def test_light42(max_: Max, name: str) -> None:
    assert mismatches(max_, TALKS[name]) == []
