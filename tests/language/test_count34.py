"""How many things of a kind someone has when numbers were said of some of them (issue 21,
count34): the groups counted and the things held one by one are added up when they are of
kinds apart, a person had is counted by any sense of the noun (a girl had is a daughter),
and groups that may hold the same things leave the count unsaid."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_group_and_a_thing_of_another_kind_are_added(max_: Max) -> None:
    ifan, lowri = person(max_, "Ifan"), person(max_, "Lowri")
    max_.say("My nephew Cai has a collie and two cats.", ifan)
    # Main said 1 (the collie alone): the two cats are pets too.
    assert answer_of(max_.say("How many pets does Cai have?", lowri)).startswith("3")
    assert answer_of(max_.say("How many cats does Cai have?", lowri)).startswith("two")
    assert answer_of(max_.say("How many horses does Cai have?", lowri)) == ""


def test_relatives_of_two_kinds_are_added(max_: Max) -> None:
    ifan, lowri = person(max_, "Ifan"), person(max_, "Lowri")
    max_.say("My aunt Bet has two granddaughters and a grandson.", ifan)
    assert answer_of(max_.say("How many grandchildren does Bet have?", lowri)).startswith("3")
    assert answer_of(max_.say("How many nieces does Bet have?", lowri)) == ""


def test_girls_had_are_children(max_: Max) -> None:
    anselm, lowri = person(max_, "Anselm"), person(max_, "Lowri")
    max_.say("My brother Hal has two little girls.", anselm)
    assert "two" in answer_of(max_.say("How many children does Hal have?", lowri))
    assert answer_of(max_.say("How many sisters does Hal have?", lowri)) == ""


def test_groups_that_may_overlap_are_not_added(max_: Max) -> None:
    bea, lowri = person(max_, "Bea"), person(max_, "Lowri")
    max_.say("We have two dogs and three spaniels.", bea)
    assert answer_of(max_.say("How many pets does Bea have?", lowri)) == ""
