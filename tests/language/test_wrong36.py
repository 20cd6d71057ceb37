"""An answer must rest on a claim of the act the question asks, and be of the kind it asks
(issue 21, wrong36: answer_sense.py, answer_check.py). Each test fails on main b6bf7f8."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_an_ending_of_another_thing_is_no_no(max_: Max) -> None:
    """ "Did the choir get paid?" is not answered by the speaker quitting the choir: what
    ended is not the act asked (the ending still answers "still sing in the choir?")."""
    harvey, ella = person(max_, "Harvey"), person(max_, "Ella")
    max_.say("I quit the choir last month.", harvey)
    assert answer_of(max_.say("Did the choir get paid for the concert?", ella)) == ""
    assert answer_of(max_.say("Does Harvey still sing in the choir?", ella)).lower() == "no"


def test_leaving_a_list_is_not_coming_to_a_wedding(max_: Max) -> None:
    tegan, ben = person(max_, "Tegan"), person(max_, "Ben")
    max_.say("And Stoyan leaves us a list of what to mend. Every spring.", tegan)
    assert answer_of(max_.say("Is Stoyan coming to Tegan's wedding?", ben)) == ""
    assert "list" in answer_of(max_.say("What does Stoyan leave us?", ben))


def test_the_name_of_a_village_is_no_persons_name(max_: Max) -> None:
    harry = person(max_, "Harry")
    max_.say("Hi MAX, Harry here. I look after my dad, Gurnam, he's got vascular dementia.", harry)
    max_.say("My sister Rani has a baby called Dev.", harry)
    assert answer_of(max_.say("What was the name of Dad's village in Punjab?", harry)) == ""
    assert "gurnam" in answer_of(max_.say("What's the name of my dad?", harry)).lower()
    assert "dev" in answer_of(max_.say("What is the name of Rani's baby?", harry)).lower()
