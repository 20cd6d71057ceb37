"""What a turn stores (issue 21, the storing side, wave 12, store14's misreads), through real
turns on a real DuckDB graph."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_never_on_an_auxiliary_negates_the_statement(max_: Max) -> None:
    # "never" hangs on "been", not on the verb: the statement is said in the negative.
    pia = _person(max_, "Pia")
    turn = max_.say("I've never been sailing.", pia)
    assert {p for _, p, _ in _stored(max_, turn.claims)} == {"not_does"}
    assert _answer(max_.say("Has Pia ever been sailing?", pia)).startswith("no")


def test_never_with_a_time_still_negates(max_: Max) -> None:
    pia = _person(max_, "Pia")
    turn = max_.say("I've never seen the desert.", pia)
    assert ("Pia", "not_sees", "desert") in _stored(max_, turn.claims)
    turn = max_.say("I never went back to Lyon after 2018.", pia)
    assert all(p.startswith("not_") for _, p, _ in _stored(max_, turn.claims))
    assert turn.claims


def test_not_is_read_as_before(max_: Max) -> None:
    pia = _person(max_, "Pia")
    turn = max_.say("I have been sailing.", pia)
    assert not any(p.startswith("not_") for _, p, _ in _stored(max_, turn.claims))


def test_a_name_wordnet_knows_only_as_a_place_is_no_person(max_: Max) -> None:
    # The recogniser may call a town a person; WordNet knows it only as a place.
    pia = _person(max_, "Pia")
    turn = max_.say("I am flying home to Valencia for the holidays.", pia)
    assert turn.claims
    assert all(not (c["object_entity"] or "").startswith("person:") for c in turn.claims)
    assert all(
        max_.graph.get_entity(c["object_entity"]).kind != "person"
        for c in turn.claims
        if c["object_entity"]
    )
    # A person's name WordNet also knows as other things is still a person.
    turn = max_.say("My sister Ruby lives in Leeds.", pia)
    assert ("Ruby", "sister_of", "Pia") in _stored(max_, turn.claims)
    assert max_.graph.get_entity("person:ruby").kind == "person"


def test_a_change_of_one_thing_brought_leaves_the_other_things_brought(max_: Max) -> None:
    # "instead" replaces the earlier value of its own kind, not every thing brought.
    lou, kit = _person(max_, "Lou"), _person(max_, "Kit")
    max_.say("I'll bring the kettle and the chairs.", lou)
    max_.say("I'm bringing the big lantern instead of the torch.", lou)
    assert "lou" in _answer(max_.say("Who is bringing the kettle?", kit))


def test_a_state_said_in_the_past_is_over_and_the_present_perfect_is_not(max_: Max) -> None:
    lou, kit = _person(max_, "Lou"), _person(max_, "Kit")
    max_.say("I was living in Galway before, for three years.", lou)
    assert not _answer(max_.say("Does Lou live in Galway?", kit)).startswith("yes")
    assert _answer(max_.say("Did Lou live in Galway?", kit)).startswith("yes")
    max_.say("I've lived in Cork for ten years.", kit)
    assert _answer(max_.say("Does Kit live in Cork?", lou)).startswith("yes")
    # A past state neither ends nor contradicts what holds now.
    max_.say("I live in Sligo.", lou)
    assert "sligo" in _answer(max_.say("Where does Lou live?", kit))


def test_a_verb_that_ends_a_state_is_no_past_state(max_: Max) -> None:
    # WordNet files "quit" among the states; it ends one: its claim holds, the job is over.
    lou, kit = _person(max_, "Lou"), _person(max_, "Kit")
    max_.say("Kit works at the garden centre.", lou)
    max_.say("Kit quit the garden centre.", lou)
    held = max_.graph.peek_claims(kit, "quits")
    assert held and all(c.valid_to is None for c in held)
    max_.say("I was living in Tralee before.", lou)  # the past state beside it is over
    lived = max_.graph.peek_claims(lou, "lives_in")
    assert lived and all(c.valid_to is not None for c in lived)
