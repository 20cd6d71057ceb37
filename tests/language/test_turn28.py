"""Whole turns the clause reader refused (issue 21, turn28), in sentences of their own: the
middle voice read as its passive ("our caravan sold"), a thing sold whose possessive names its
owner, a passive's doer named by calling ("by a roofer called Dale") or a body of people ("by
the council"). Real Resident, real DuckDB (T0 Thursday 1 January 2026); "" is "I don't know"."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def _ask(m: Max, lines: list[str], questions: list[tuple[str, str]]) -> list[str]:
    who = person(m, "Wren")
    for text in lines:
        m.say(text, who)
    wrong = []
    for question, expected in questions:
        said = answer_of(m.say(question, who))
        if not (said == "" if not expected else expected in said):
            wrong.append(f"{question!r}: expected {expected!r}, said {said!r}")
    return wrong


def test_middle_voice_is_the_owners_sale(max_: Max) -> None:
    lines = ["Our caravan sold on Sunday, at last."]
    assert not _ask(max_, lines, [("What did Wren sell?", "caravan")])


def test_middle_voice_of_no_main_clause_stores_nothing(max_: Max) -> None:
    lines = ["If the boat sold we could move to the coast.", "I wish my piano sold."]
    assert not _ask(max_, lines, [("What did Wren sell?", "")])


def test_a_verb_that_no_one_does_to_a_thing_is_no_sale(max_: Max) -> None:
    lines = ["My laptop died on Monday."]
    assert not _ask(max_, lines, [("What did Wren sell?", "")])


def test_a_doer_named_by_calling(max_: Max) -> None:
    lines = ["The shed roof was fixed by a roofer called Dale."]
    assert not _ask(max_, lines, [("Who fixed the shed roof?", "dale")])


def test_a_doer_that_is_a_body_of_people(max_: Max) -> None:
    lines = ["Our shed was pulled down by the council in May.", "My bike was hit by a bus."]
    assert not _ask(
        max_, lines, [("Who pulled down Wren's shed?", "council"), ("Who hit Wren's bike?", "")]
    )
