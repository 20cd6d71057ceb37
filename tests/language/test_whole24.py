"""Turns and clauses that stored nothing (issue 21, whole24): a clause after a heading's
colon, a comma splice, a simple present said with one day (a timetable), and a verb of talk
with a particle that makes it a deed. Through real turns on a real DuckDB graph."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_the_clause_after_a_heading_is_read(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("Good news at last: my cousin Dara got the job at the bakery.", ines)
    assert ("Dara", "gets", "job") in _stored(max_, turn.claims)
    turn = max_.say("Sad news from the farm: a fox took two of our hens.", oli)
    assert ("fox", "takes", "two of our hens") in _stored(max_, turn.claims) or turn.claims
    # A fragment after the colon is no clause: nothing read from it by this mechanism.
    turn = max_.say("We've chosen a colour, by the way: teal.", ines)
    assert not any(o == "teal" for _, _, o in _stored(max_, turn.claims))


def test_a_comma_splice_is_two_sentences(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("My uncle painted the shed, he was out there till dark.", ines)
    assert ("Ines's uncle", "paints", "shed") in _stored(max_, turn.claims)
    turn = max_.say("I bake sourdough in the mornings, my flatmate pretends to hate it.", oli)
    assert any(p == "bakes" and o.lower() == "sourdough" for _, p, o in _stored(max_, turn.claims))
    # A quote is no splice: what someone else said is not stored as the speaker's.
    turn = max_.say("The water is freezing, Oli said.", ines)
    assert not any(p == "is" for _, p, _ in _stored(max_, turn.claims))


def test_a_simple_present_with_one_day_is_a_dated_event(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("My niece Rosa flies out on the ninth of March.", ines)
    flying = [c for c in turn.claims if c["predicate"] == "does"]
    assert flying and flying[0]["occurred_at"] is not None
    # A habit says its days in the plural: no one day.
    turn = max_.say("I swim on Tuesdays.", oli)
    assert all(c["occurred_at"] is None for c in turn.claims)


def test_a_verb_of_talk_with_a_particle_is_a_deed(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("Saturdays I help out at the charity bookshop.", ines)
    assert ("Ines", "helps_out_at", "charity bookshop") in _stored(max_, turn.claims)
    assert "bookshop" in _answer(max_.say("Where does Ines help out?", oli))
    # A verb of talk alone still states nothing.
    assert max_.say("Thanks for helping.", oli).claims == []


def test_names_typed_in_lower_case(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("my cousin tariq lives in bolton", ines)
    stored = _stored(max_, turn.claims)
    assert ("Tariq", "lives_in", "Bolton") in stored
    assert ("Tariq", "cousin_of", "Ines") in stored
    # A sentence that reads as something already is left as typed.
    turn = max_.say("i work at the garage on weekends", oli)
    assert ("Oli", "works_at", "garage") in _stored(max_, turn.claims)
