"""Yes/no on a thing that ended (issue 21, yesno18): "Does X (still) have a <kind>?" is "No,
not any more" once every <kind> known as X's died since X was said to have it. Each through a
real Resident on a real DuckDB graph, with sentences not from the corpus, each with a trap
whose answer must not become "No"."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_pet_that_died_is_no_longer_had(max_: Max) -> None:
    odile = person(max_, "Odile")
    leo = person(max_, "Leo")
    max_.say("I have a lizard. His name is Gecko Jim.", leo)
    max_.clock.advance(days=20)
    max_.say("Gecko Jim died. We buried him in the garden.", leo)
    turn = max_.say("Does Leo still have a lizard?", odile)
    assert answer_of(turn) == "no"
    assert "not any more" in turn.reply.lower()
    assert answer_of(max_.say("Does Leo have a lizard?", odile)) == "no"
    # Asked of the past, he did have one: the death does not deny it.
    assert answer_of(max_.say("Did Leo have a lizard?", odile)) != "no"
    # A kind nothing was said of stays unknown, not a no.
    assert answer_of(max_.say("Does Leo have a horse?", odile)) == ""


def test_one_of_two_dying_leaves_the_other(max_: Max) -> None:
    odile = person(max_, "Odile")
    maud = person(max_, "Maud")
    max_.say("I have a fish called Bubbles and a fish called Fin.", maud)
    max_.clock.advance(days=5)
    max_.say("Bubbles died on Tuesday.", maud)
    # Fin is not known to have died: no "No".
    assert answer_of(max_.say("Does Maud still have a fish?", odile)) != "no"


def test_a_new_one_after_the_death_stands(max_: Max) -> None:
    odile = person(max_, "Odile")
    pia = person(max_, "Pia")
    max_.say("I have a rabbit. Her name is Clover.", pia)
    max_.clock.advance(days=10)
    max_.say("Clover died last week.", pia)
    max_.clock.advance(days=30)
    max_.say("We adopted another rabbit from a shelter in town.", pia)
    assert answer_of(max_.say("Does Pia have a rabbit?", odile)) != "no"


def test_a_death_of_someone_else_denies_nothing(max_: Max) -> None:
    odile = person(max_, "Odile")
    ravi = person(max_, "Ravi")
    max_.say("I have a cat. Her name is Pepper.", ravi)
    max_.clock.advance(days=3)
    max_.say("My neighbour's dog Bruno died.", ravi)
    assert answer_of(max_.say("Does Ravi still have a cat?", odile)) != "no"
    # Bruno was never Ravi's: a dog of Ravi's is not known either way.
    assert answer_of(max_.say("Does Ravi have a dog?", odile)) == ""
