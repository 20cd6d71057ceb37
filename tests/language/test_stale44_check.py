"""Check set for a change that ends what was true before (issue 21, stale44), written before
the code in words of its own (no dev sentence): a statement of change (a verb of ending or
leaving, "not any more", "no longer", "these days", "used to", a new value of a one-valued
attribute) closes the earlier claim; a present question ("Where does X work?", "Does X still
...?") answers from what holds now, a past one ("Where did X work before?", "What did X use
to do?") from what ended. About a third are near misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "garage": (
        [
            ("Wilf", "Petra works at the garage on Station Road."),
            ("Wilf", "Petra doesn't work at the garage any more, she works at the library now."),
        ],
        [
            ("Odile", "Where does Petra work?", "library"),
            ("Odile", "Does Petra still work at the garage?", "no"),
            ("Odile", "Where does Wilf work?", ""),
        ],
    ),
    "pipe": (
        [
            ("Agnes", "My husband Norris smokes a pipe."),
            ("Agnes", "Norris gave up smoking in March."),
        ],
        [
            ("Odile", "Does Norris still smoke?", "no"),
            ("Odile", "Does Agnes smoke?", ""),
        ],
    ),
    "van": (
        [
            ("Ruairi", "We have a camper van."),
            ("Ruairi", "We sold the camper van last month."),
        ],
        [
            ("Odile", "Do Ruairi and his family still have the camper van?", "no"),
            ("Odile", "Does Ruairi have a boat?", ""),
        ],
    ),
    "teacher": (
        [
            ("Bryony", "My aunt Cerys used to teach music at a primary school."),
            ("Bryony", "Cerys is retired now."),
        ],
        [
            ("Odile", "What did Cerys use to teach?", "music"),
            ("Odile", "Does Cerys still teach?", "no"),
            ("Odile", "What does Bryony teach?", ""),
        ],
    ),
    "leeds": (
        [
            ("Tamsin", "Hollis lives in Hull."),
            ("Tamsin", "Hollis moved to Leeds last year."),
        ],
        [
            ("Odile", "Where does Hollis live?", "leeds"),
            ("Odile", "Does Hollis still live in Hull?", "no"),
            ("Odile", "Where does Tamsin live?", ""),
        ],
    ),
    "shifts": (
        [
            ("Kamal", "I work night shifts at the depot."),
            ("Kamal", "I don't do night shifts any more."),
        ],
        [
            ("Odile", "Does Kamal still work night shifts?", "no"),
            ("Odile", "Where does Kamal work?", "depot"),
        ],
    ),
    "meat": (
        [
            ("Fenella", "Oskar eats meat and fish."),
            ("Fenella", "Oskar stopped eating meat this spring."),
        ],
        [
            ("Odile", "Does Oskar still eat meat?", "no"),
            ("Odile", "Does Oskar eat fish?", "yes"),
        ],
    ),
    "bakery": (
        [
            ("Lowri", "I work at the bakery in town."),
            ("Lowri", "I left the bakery in June. I'm at the garden centre now."),
        ],
        [
            ("Odile", "Where does Lowri work now?", "garden centre"),
            ("Odile", "Where did Lowri work before?", "bakery"),
            ("Odile", "Where does Lowri's sister work?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_stale44_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
