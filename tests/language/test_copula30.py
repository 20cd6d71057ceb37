"""Copulas, verbless "'s" and namings (issue 21, copula30), in words of their own (not the
corpus's, nor the check set's): a "'s" the small parser reads as a possessive though a
preposition, an adjective with its preposition or a number ending its phrase follows is "is";
"allergic to <noun>" read as an infinitive keeps the noun; a feeling toward a whole kind is
held; "the <person noun> is <Name>" names the one; "What is <owner>'s <noun> called?" finds the
one held to be a <noun> tied to the owner; a thing's kind said with a named place says where
it is. Each near miss must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

TALKS: dict[str, Talk] = {
    "possessive_is_a_copula": (
        [
            ("Marit", "My nephew Eskil's in Bergen now."),
            ("Marit", "Eskil's allergic to sesame."),
            ("Marit", "Eskil's twenty-nine."),
        ],
        [
            ("Odile", "Where is Eskil?", "bergen"),
            ("Odile", "What is Eskil allergic to?", "sesame"),
            ("Odile", "How old is Eskil?", "twenty-nine"),
            ("Odile", "What is Marit allergic to?", ""),
            ("Odile", "How old is Marit?", ""),
        ],
    ),
    "owned_noun_is_no_copula": (
        [("Marit", "Eskil's old bike is blue.")],
        [("Odile", "Where is Eskil?", ""), ("Odile", "How old is Eskil?", "")],
    ),
    "afraid_of_a_kind": (
        [("Ines", "Duarte is terrified of spiders.")],
        [
            ("Odile", "What is Duarte terrified of?", "spider"),
            ("Odile", "What is Ines terrified of?", ""),
        ],
    ),
    "the_role_is_a_name": (
        [("Ines", "The caretaker is Mr Abernethy.")],
        [
            ("Odile", "Who is the caretaker?", "abernethy"),
            ("Odile", "Who is the headteacher?", ""),
        ],
    ),
    "owned_naming_asked": (
        [("Ines", "Duarte opened a bakery called Forno Velho in Setubal.")],
        [
            ("Odile", "What is Duarte's bakery called?", "forno velho"),
            ("Odile", "What is Ines's bakery called?", ""),
            ("Ines", "What is my bakery called?", ""),
            ("Odile", "What is Duarte's restaurant called?", ""),
        ],
    ),
    "a_thing_and_its_place": (
        [("Ines", "We order our cheese from Lark Dairy, a creamery in Keswick.")],
        [
            ("Odile", "Where is Lark Dairy?", "keswick"),
            ("Odile", "Where is Ines?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(TALKS))
def test_copula30(max_: Max, name: str) -> None:
    assert mismatches(max_, TALKS[name]) == []
