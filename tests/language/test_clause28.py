"""The second clause of a turn (issue 21, clause28): an apposition set off beside someone is the
copula clause English left out ("my neighbour, a retired plumber," says "my neighbour is a
retired plumber"), read by the one statement reader; a relative clause's contracted auxiliary
is spelled out when the clause is said again ("Arlo, who's three": Arlo is three, not "Arlo's
three"). Sentences of this module's own; near misses stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph."""

from __future__ import annotations

import pytest

from tests.language.test_conversation import Max, answer_of, person

#: (who speaks, what they say) lines, then (question, expected answer) pairs ("" is "I don't
#: know").
Talk = tuple[list[tuple[str, str]], list[tuple[str, str]]]

TALKS: dict[str, Talk] = {
    "neighbour": (
        [("Wren", "My neighbour, a retired joiner, mended our shed roof.")],
        [
            # A retired one is what the neighbour did, not does (role48: occupation.held_as).
            ("What did Wren's neighbour do?", "joiner"),
            ("What does Wren's neighbour do?", ""),
            ("What does Wren's brother do?", ""),
        ],
    ),
    "named_brother": (
        [("Wren", "My brother Anselm, a paramedic, lives in Truro.")],
        [
            ("What does Anselm do?", "paramedic"),
            ("Where does Anselm live?", "truro"),
            ("What does Wren do?", ""),
        ],
    ),
    "met": (
        [("Wren", "I met Dilys, a pharmacist from Bangor, at the climbing wall.")],
        [
            ("What does Dilys do?", "pharmacist"),
            ("Where does Dilys work?", ""),
        ],
    ),
    "who_is_age": (
        [("Wren", "My godson Ezra, who's seven, collects fossils.")],
        [
            ("How old is Ezra?", "seven"),
            ("What does Ezra collect?", "fossil"),
            ("How old is Wren?", ""),
        ],
    ),
    "who_is_job": (
        [("Wren", "My aunt Morwenna, who's a harpist, lives near Fowey.")],
        [
            ("What does Morwenna do?", "harpist"),
        ],
    ),
    "kept_thing": (
        [("Wren", "I've got my first allotment tenant, a retired teacher from Penzance.")],
        [
            ("Who is Wren's first allotment tenant?", "teacher"),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(TALKS))
def test_clause28(max_: Max, name: str) -> None:
    lines, asked = TALKS[name]
    asker = person(max_, "Lowri")
    for who, text in lines:
        max_.say(text, person(max_, who))
    wrong = []
    for question, expected in asked:
        said = answer_of(max_.say(question, asker))
        ok = said == "" if not expected else expected in said
        if not ok:
            wrong.append(f"{question!r}: expected {expected!r}, said {said!r}")
    assert wrong == []


def test_a_thing_set_beside_a_thing_is_no_job(max_: Max) -> None:
    """ "my car, a red estate": the apposition restates a thing, and no one works as it."""
    wren = person(max_, "Wren")
    max_.say("My car, a red estate, failed its MOT.", wren)
    assert answer_of(max_.say("What does Wren do?", person(max_, "Lowri"))) == ""
