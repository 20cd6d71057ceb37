"""A "how many" question the parser misreads, its doer a common noun with "the" ("How many
cakes did the vicar bake?" parsed with "did" the main verb), read through its "what"
question with the doer put back (counted_asked.py, issue 21 count42)."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_count_asked_of_a_doer_with_the(max_: Max) -> None:
    rosa = person(max_, "Rosa")
    max_.say("The vicar baked six lemon cakes for the fete.", rosa)
    assert "six" in answer_of(max_.say("How many cakes did the vicar bake?", rosa))
    # Another act, or another noun counted, of the same doer is no count said.
    assert answer_of(max_.say("How many cakes did the vicar sell?", rosa)) == ""
    assert answer_of(max_.say("How many pies did the vicar bake?", rosa)) == ""


def test_a_count_asked_of_a_doer_whose_noun_is_misread(max_: Max) -> None:
    colm = person(max_, "Colm")
    max_.say("The plumber fitted two new radiators in the hall.", colm)
    assert "two" in answer_of(max_.say("How many radiators did the plumber fit?", colm))
    assert answer_of(max_.say("How many radiators did the plumber take away?", colm)) == ""
