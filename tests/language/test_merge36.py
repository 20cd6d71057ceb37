"""Mends made on merging wave 26 (issue 21): a plan one of the household said is called off
by another; a clause after "before" need not have happened."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_plan_another_said_is_called_off(max_: Max) -> None:
    nikos, sophia = person(max_, "Nikos"), person(max_, "Sophia")
    max_.say("We're driving to Porto in April, all of us.", nikos)
    max_.say("My brother Tomas is flying to Oslo in March for a conference.", sophia)
    assert answer_of(max_.say("Are we still driving to Porto in April?", nikos)) == "yes"
    max_.say("Sadly the Porto trip is off, the car needs a new gearbox.", sophia)
    assert answer_of(max_.say("Are we still driving to Porto in April?", nikos)) == "no"
    # Calling off one plan leaves the others ("the Porto trip" names nothing of Oslo).
    assert answer_of(max_.say("Is Tomas flying to Oslo?", nikos)) == "yes"


def test_a_clause_after_before_is_no_deed_told(max_: Max) -> None:
    lorraine = person(max_, "Lorraine")
    told = max_.say("I rang the vet before Dad even finished his tea.", lorraine)
    assert not any(c["predicate"].startswith("finish") for c in told.claims), told.claims
