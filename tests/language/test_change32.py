"""Changes of state that end or replace what was held (issue 21, change32), in words of their
own (not the corpus's, nor the check set's): finishing or quitting a doing that is had (a
WordNet act such as lessons, or a thing had as a habit, "every Thursday") ends having it; an
ending whose table names what it ends (moving out: living with) reaches a tie to people named
by a kin word WordNet files under the one held ("Dad's": my parents); a bare number said with
a change of a thing whose price was said before is its new price. Each near miss must stay as
it was.

Each talk runs through a real Resident on a real DuckDB graph."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

TALKS: dict[str, Talk] = {
    "finishing_a_doing_had": (
        [
            ("Leofric", "My daughter has swimming lessons on Wednesdays."),
            ("Leofric", "She quit the swimming lessons in May."),
        ],
        [
            ("Odile", "Does Leofric's daughter still have swimming lessons?", "no"),
            ("Odile", "Does Leofric's daughter still have a bike?", ""),
        ],
    ),
    "finishing_a_habit_had": (
        [
            ("Gudrun", "I have hydro every Thursday for my knee."),
            ("Gudrun", "I've finished with hydro now, the knee is better."),
        ],
        [("Odile", "Does Gudrun still have hydro?", "no")],
    ),
    "a_thing_left_is_still_had": (
        [
            ("Gudrun", "I have a red umbrella."),
            ("Gudrun", "I left the umbrella at the station."),
        ],
        [("Odile", "Does Gudrun still have the umbrella?", "yes")],
    ),
    "moving_out_of_a_kin_home": (
        [
            ("Ottoline", "I live with my parents in Frome."),
            ("Ottoline", "I moved out of my dad's in March, I rent a room in Bath."),
        ],
        [("Odile", "Does Ottoline still live with her parents?", "no")],
    ),
    "a_new_bare_price": (
        [
            ("Cosmo", "A lift to the airport is thirty pounds."),
            ("Cosmo", "A lift to the airport is thirty-five now."),
        ],
        [
            ("Odile", "How much is a lift to the airport?", "thirty-five"),
            ("Odile", "How much is a haircut?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(TALKS))
def test_change32(max_: Max, name: str) -> None:
    assert not mismatches(max_, TALKS[name])
