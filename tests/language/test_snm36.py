"""Held claims a question reaches only through kin said another way (issue 21, snm36): a
grandparent held only under a parent's relative's name ("Rhoswen's father", from "my father"
said by Rhoswen) is the grandparent her son asks after; a marriage held under a verb ("I'm
married to a man called Tomasz") is a husband or wife the kin walk follows; a noun whose first
WordNet sense is a kin noun's, or a kind of it ("missus", "hubby"), is that kin noun. None may
answer for a relative of another sex or another path.

Talks in words of their own (no corpus sentence), on a real booted resident."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

TALKS: dict[str, Talk] = {
    "grandparent_by_name": (
        [
            ("Rhoswen", "I live in Bangor with my son Emrys."),
            ("Rhoswen", "My father lives in Conwy."),
        ],
        [
            ("Emrys", "Where does Grandad live?", "conwy"),
            ("Emrys", "Where does my grandfather live?", "conwy"),
            ("Emrys", "Where does Grandma live?", ""),
            ("Emrys", "Where does my uncle live?", ""),
        ],
    ),
    "married_to": (
        [
            ("Gunnar", "I'm married to a man called Tomasz."),
            ("Gunnar", "Tomasz teaches chemistry."),
        ],
        [
            ("Odile", "What does Gunnar's husband teach?", "chemistry"),
            ("Odile", "What does Gunnar's brother teach?", ""),
        ],
    ),
    "wordnet_kin": (
        [("Declan", "My wife grows orchids in the greenhouse.")],
        [
            ("Odile", "What does Declan's missus grow?", "orchids"),
            ("Odile", "What does Declan's hubby grow?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(TALKS))
def test_snm36(max_: Max, name: str) -> None:
    assert mismatches(max_, TALKS[name]) == []
