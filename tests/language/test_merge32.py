"""What the wave-24 merge mended (issue 21), on a real booted resident and a real DuckDB graph,
in sentences of their own: a want that commits to nothing ("wants to move to Leeds") answers
only a question that asks the want, never "Is she moving there?" nor where she lives; a plan
still answers what is ahead."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_want_answers_only_the_want(max_: Max) -> None:
    bea, cat, odile = (person(max_, n) for n in ("Bea", "Cat", "Odile"))
    max_.say("I really want to move to Harrogate.", bea)
    max_.say("I'm planning to move to Ripon in the spring.", cat)
    asked = {
        q: answer_of(max_.say(q, odile)).lower()
        for q in (
            "Is Bea moving to Harrogate?",
            "Where does Bea live?",
            "Where does Bea want to move?",
            "Is Cat moving to Ripon?",
        )
    }
    assert asked["Is Bea moving to Harrogate?"] == ""
    assert asked["Where does Bea live?"] == ""
    assert "harrogate" in asked["Where does Bea want to move?"]
    assert asked["Is Cat moving to Ripon?"].startswith("yes")
