"""Mends made on merging wave 27 (issue 21)."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_relative_held_by_name_is_found_again_in_a_statement(max_: Max) -> None:
    # "My dad" stored as "Ada's dad" (no relation claim); "Dad's move got brought forward"
    # moves that person's plan, not a new entity "Dad"'s.
    ada, kit = person(max_, "Ada"), person(max_, "Kit")
    max_.say("My dad's been in Leeds since the nineties. He's moving up to York in April.", ada)
    assert answer_of(max_.say("When is Ada's dad moving?", kit)).startswith("april")
    max_.say("Dad's move got brought forward, he's coming on the 2nd of March.", ada)
    assert answer_of(max_.say("When is Ada's dad moving?", kit)).startswith("2 march")
