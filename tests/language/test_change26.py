"""Stops, ends and changes (issue 21, change26): a verb of ending with a bare gerund, "not ...
any more" the parser stumbles on, a parting asked as "still with", and a thing parted with.
Through real turns on a real DuckDB graph, with sentences written for these tests (other verbs
of ending and other states than the dev batch's)."""

from __future__ import annotations

from resident.language.ending_aspect import ends_activity
from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_the_class_of_verbs_of_ending_is_wordnets() -> None:
    # WordNet's "put an end to a state or an activity" and the data's phrasal verbs.
    for verb in ("stop", "quit", "give_up", "cease", "pack_in"):
        assert ends_activity(verb), verb
    # Finishing a doing, leaving a place, wanting or starting end no habit.
    for verb in ("finish", "leave", "want", "start", "keep", "look"):
        assert not ends_activity(verb), verb


def test_a_verb_of_ending_with_a_bare_gerund_ends_the_doing(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("My aunt Nell stopped cycling last spring.", ines)
    assert ("Nell", "stops", "cycling") in _stored(max_, turn.claims)
    assert _answer(max_.say("Does Nell still cycle?", oli)).startswith("no")
    assert "2025" in _answer(max_.say("When did Nell stop cycling?", oli))
    turn = max_.say("I've given up baking, the oven is broken.", ines)
    assert ("Ines", "gives_up", "baking") in _stored(max_, turn.claims)
    assert _answer(max_.say("Does Ines still bake?", oli)).startswith("no")
    # A doing held before is over from the end, kept as history.
    turn = max_.say("My brother Kofi jogs every morning.", oli)
    jogs = next(c["id"] for c in turn.claims if c["predicate"] == "does")
    max_.say("Kofi quit jogging after the operation.", oli)
    assert max_.graph.peek_claim(jogs).valid_to is not None
    assert _answer(max_.say("Does Kofi still jog?", ines)).startswith("no")


def test_stopping_to_do_something_ends_nothing(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.say("Mo swims on Saturdays.", ines)
    turn = max_.say("Mo stopped to look at the ducks.", ines)
    assert not any(p.startswith("stops") for _, p, _ in _stored(max_, turn.claims))
    assert not _answer(max_.say("Does Mo still swim?", oli)).startswith("no")


def test_not_any_more_on_a_state_is_stored_as_denied_now(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.say("I'm a vegan.", oli)
    turn = max_.say("Oh and I'm not vegan any more, I had a burger at the fair.", oli)
    assert ("Oli", "not_is_a", "vegan") in _stored(max_, turn.claims)
    assert _answer(max_.say("Is Oli still vegan?", ines)).startswith("no")
    # Hung on a verb the parse stands as it was ("I don't knit any more").
    max_.say("I knit scarves for the market.", ines)
    turn = max_.say("I don't knit any more, my hands hurt.", ines)
    assert any(p.startswith("not_") for _, p, _ in _stored(max_, turn.claims))


def test_a_parting_answers_still_with_either_way_round(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.say("Tess and Omar broke up in the summer.", ines)
    assert _answer(max_.say("Is Tess still with Omar?", oli)).startswith("no")
    assert _answer(max_.say("Is Omar still with Tess?", oli)).startswith("no")
    assert _answer(max_.say("Is Omar still dating Tess?", oli)).startswith("no")
    # Someone else is not parted from by it.
    assert not _answer(max_.say("Is Tess still with Ben?", oli)).startswith("no")


def test_a_thing_parted_with_ends_having_it(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("We have a rowing boat and a car.", ines)
    boat = next(c["id"] for c in turn.claims if "boat" in (c["object_entity"] or ""))
    turn = max_.say("The rowing boat was sold last month.", ines)
    assert ("rowing boat", "is", "sold") in _stored(max_, turn.claims)
    assert max_.graph.peek_claim(boat).valid_to is not None
    assert _answer(max_.say("Does Ines still have the rowing boat?", oli)).startswith("no")
    # Not sold: nothing is stored and the car is had still.
    assert max_.say("The car wasn't sold.", ines).claims == []
    assert not _answer(max_.say("Does Ines still have the car?", oli)).startswith("no")
    turn = max_.say("The old piano got given away.", oli)
    assert ("piano", "gets", "given away") in _stored(max_, turn.claims)
