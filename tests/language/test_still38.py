"""What is no longer so (issue 21, still38): an ending said with its object left out or a
pronoun ends the doing of its subject said last; a habit said in the past of a period that
is over is over; a place or a body said with "now" is a new value of the workplace held;
"these days" asks the present, as "still" does. Each case has a trap that must stay as it
was. Real turns on a real DuckDB graph."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def _live(max_: Max, subject: str, predicate: str) -> list[str]:
    """The objects of the subject's claims of `predicate` valid now."""
    now = max_.clock.now()
    return [
        (
            max_.graph.get_entity(c.object_entity).label if c.object_entity else c.object_literal
        ).lower()
        for c in max_.graph.peek_claims(subject, predicate)
        if c.valid_at(now)
    ]


def test_an_ending_with_its_object_left_out_ends_the_doing_said_last(max_: Max) -> None:
    lou, odile = person(max_, "Lou"), person(max_, "Odile")
    max_.say("I walk the dog every morning.", lou)
    max_.say("My wife Maude sings in the church choir.", lou)
    max_.say("She gave it up after her operation.", lou)
    assert not _live(max_, "person:maude", "sings_in")
    assert answer_of(max_.say("Does Maude still sing in the choir?", odile)).startswith("no")
    # Another subject's doing stays, and so does a halt that ends nothing.
    max_.say("We stopped at a café for lunch.", lou)
    assert answer_of(max_.say("Does Lou walk the dog?", odile)).startswith("yes")
    max_.say("My brother Crispin runs marathons.", lou)
    max_.say("He stopped last spring, his knees went.", lou)
    assert answer_of(max_.say("Does Crispin run marathons anymore?", odile)).startswith("no")


def test_a_past_habit_of_a_period_that_is_over(max_: Max) -> None:
    gwilym, odile = person(max_, "Gwilym"), person(max_, "Odile")
    max_.say("Every Sunday back then we went to the allotment.", gwilym)
    max_.say("We go to the pub on Fridays.", gwilym)
    assert _live(max_, "person:gwilym", "goes_to") == ["pub"]
    asked = max_.say("Does Gwilym go to the allotment these days?", odile)
    assert answer_of(asked).startswith("no")
    assert answer_of(max_.say("Did Gwilym use to go to the allotment?", odile)).startswith("yes")
    assert answer_of(max_.say("Does Gwilym go to the pub?", odile)).startswith("yes")


def test_a_place_or_body_said_with_now_is_the_new_workplace(max_: Max) -> None:
    lou, odile = person(max_, "Lou"), person(max_, "Odile")
    max_.say("I worked at Tesco for years. I'm at Aldi now.", lou)
    assert _live(max_, "person:lou", "works_at") == ["aldi"]
    assert answer_of(max_.say("Does Lou still work at Tesco?", odile)).startswith("no")
    max_.say("My sister Jo works at the bank.", lou)
    max_.say("She's with the council now.", lou)
    assert "council" in answer_of(max_.say("Where does Jo work?", odile))
    # Said without "now", or "with" a person, a place is no new workplace.
    kit = person(max_, "Kit")
    max_.say("I work at the garage.", kit)
    max_.say("I'm at the station.", kit)
    max_.say("I'm with my mum now.", kit)
    assert _live(max_, "person:kit", "works_at") == ["garage"]
