"""A change that ends what held before (issue 21, stale44), each test one mechanism, on a real
booted resident: a thing said to be over with no verb of ending ("moved me off the 52"), an
ending said as the answer to a yes/no question ("Not any more.", "Gave up in March."), and an
ending said without its thing ("Sam quit last week"), which ends the doing told last of them."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_moved_off_a_thing_ends_it(max_: Max) -> None:
    tariq, odile = person(max_, "Tariq"), person(max_, "Odile")
    max_.say("I drive the 52 for First.", tariq)
    max_.say("They've moved me off the 52. I'm on the 83 now.", tariq)
    assert answer_of(max_.say("Is Tariq still driving the 52?", odile)).startswith("no")


def test_no_more_of_a_thing_leaves_others(max_: Max) -> None:
    jed, odile = person(max_, "Jed"), person(max_, "Odile")
    max_.say("I work nights at the depot.", jed)
    max_.say("No more biscuits for me.", jed)
    assert answer_of(max_.say("Does Jed work nights?", jed)).startswith("yes")
    assert odile


def test_not_any_more_answering_a_question_ends_the_claim(max_: Max) -> None:
    hamish, olly, odile = person(max_, "Hamish"), person(max_, "Olly"), person(max_, "Odile")
    max_.say("I play chess.", hamish)
    max_.say("Do you still play chess?", olly)
    max_.say("Not any more.", hamish)
    assert "chess" not in answer_of(max_.say("What does Hamish play?", odile))
    assert answer_of(max_.say("Does Hamish still play chess?", odile)).startswith("no")


def test_an_ending_answering_a_question_is_its_no(max_: Max) -> None:
    hamish, olly, odile = person(max_, "Hamish"), person(max_, "Olly"), person(max_, "Odile")
    max_.say("Do you still smoke?", olly)
    max_.say("Gave up in March.", hamish)
    assert answer_of(max_.say("Does Hamish still smoke?", odile)).startswith("no")


def test_an_ending_to_a_negative_question_says_it_as_asked(max_: Max) -> None:
    shona, lorraine, odile = person(max_, "Shona"), person(max_, "Lorraine"), person(max_, "Odile")
    max_.say("So you aren't in Leeds any more?", lorraine)
    max_.say("Not anymore. Tiny flat in Otley.", shona)
    assert answer_of(max_.say("Does Shona still live in Leeds?", odile)).startswith("no")


def test_an_ending_without_its_thing_ends_the_last_doing(max_: Max) -> None:
    marta, odile = person(max_, "Marta"), person(max_, "Odile")
    max_.say("Sam works at the bakery.", marta)
    max_.say("Sam quit last week.", marta)
    assert answer_of(max_.say("Does Sam still work at the bakery?", odile)).startswith("no")
    assert "bakery" not in answer_of(max_.say("Where does Sam work?", odile))


def test_a_halt_is_no_ending(max_: Max) -> None:
    kit, odile = person(max_, "Kit"), person(max_, "Odile")
    max_.say("Ollie plays drums in the band.", kit)
    max_.say("I stopped at the shop on the way home.", kit)
    assert answer_of(max_.say("Does Ollie play drums?", odile)).startswith("yes")
