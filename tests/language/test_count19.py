"""Counting, wave 18 round 2 (issue 21, count19): the noun asked matched to what is held by any
of its WordNet senses ("instrument" is a musical instrument only in its sixth), a kept animal
counted as a pet, and a kind held with no name counted once unless a named member is of it.
Every sentence here is written for these tests, none taken from the corpus; each test has a
trap that must stay "I don't know" or another count."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_things_played_counted_by_a_sense_of_the_noun_asked(max_: Max) -> None:
    ola = person(max_, "Ola")
    max_.say("My brother Piet plays the oboe and the harp.", ola)
    max_.say("Piet also plays tennis.", ola)
    assert answer_of(max_.say("How many instruments does Piet play?", ola)) == "2"
    # Squash is no instrument, and nothing he plays is a board game.
    assert answer_of(max_.say("How many sports does Piet play?", ola)) == "1"
    assert answer_of(max_.say("How many board games does Piet play?", ola)) == ""


def test_kept_animals_are_pets_whatever_their_kind(max_: Max) -> None:
    suki = person(max_, "Suki")
    max_.say("We have a gerbil called Pebble and a cockatiel called Mango.", suki)
    assert answer_of(max_.say("How many pets do we have?", suki)) == "2"
    # A cockatiel is a bird, not a cat.
    assert answer_of(max_.say("How many cats do we have?", suki)) == ""


def test_a_kind_held_with_no_name_is_one_more(max_: Max) -> None:
    bram = person(max_, "Bram")
    max_.say("We keep a goat called Hazel.", bram)
    max_.say("We also have a donkey.", bram)
    assert answer_of(max_.say("How many animals do we have?", bram)) == "2"
    assert answer_of(max_.say("How many donkeys do we have?", bram)) == "1"


def test_a_kind_held_with_no_name_is_not_counted_beside_its_named_one(max_: Max) -> None:
    cleo = person(max_, "Cleo")
    max_.say("We have a spaniel called Ziggy.", cleo)
    max_.say("Honestly, we have a dog and that is plenty.", cleo)
    # The dog said of is Ziggy, a spaniel: one dog, not two.
    assert answer_of(max_.say("How many dogs do we have?", cleo)) == "1"
    assert answer_of(max_.say("How many spaniels do we have?", cleo)) == "1"


def test_two_kinds_told_alone_that_may_be_one_are_not_counted(max_: Max) -> None:
    dov = person(max_, "Dov")
    max_.say("We have a terrier.", dov)
    max_.say("We have a dog, yes.", dov)
    # A terrier is a dog: one dog or two, MAX cannot tell.
    turn = max_.say("How many dogs do we have?", dov)
    assert answer_of(turn) == "" and turn.reply.startswith("I don't know")


def test_a_relative_told_by_kind_is_the_one_named(max_: Max) -> None:
    wren = person(max_, "Wren")
    max_.say("My son Jago is at college in Exeter.", wren)
    max_.say("We have a son, and that is enough for us.", wren)
    # The son said of is Jago: one child, not two.
    assert answer_of(max_.say("How many children do we have?", wren)) in ("", "1")
