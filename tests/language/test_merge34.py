"""Mends made on merging wave 25 (issue 21): an age said of a time to come is not how old
someone is until that time; a clause the tagger misread as a noun phrase is no fragment of
the statement before it."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_an_age_said_of_a_time_to_come_is_not_the_age_now(max_: Max) -> None:
    ana = person(max_, "Ana")
    max_.say("My daughter Lily turns seven in March.", ana)
    assert answer_of(max_.say("How old is Lily?", ana)) == ""  # asked in January
    max_.clock.advance(days=90)  # April: the age to come has come
    assert "seven" in answer_of(max_.say("How old is Lily?", ana))


def test_a_misread_clause_is_not_carried_onto_the_statement_before(max_: Max) -> None:
    ana = person(max_, "Ana")
    max_.say("Zyrtec treats hay fever", ana)
    told = max_.say("Drug 12 treats fever", ana)
    assert [c["predicate"] for c in told.claims] == ["treats"]
    assert answer_of(max_.say("What does Zyrtec treat?", ana)) == "hay fever"


def test_an_exclamation_said_alone_is_no_one_a_pronoun_names(max_: Max) -> None:
    carys, ade = person(max_, "Carys"), person(max_, "Ade")
    max_.say("The farmer passed his test, first time.", carys)
    max_.say("Brilliant.", ade)
    told = max_.say("He brought me a dozen eggs.", carys)
    assert not any("brilliant" in str(c["subject"]).lower() for c in told.claims), told.claims
    max_.say("Kimchi!", carys)  # a name said alone is still whom "he" names next
    max_.say("He is six now.", carys)
    assert "six" in answer_of(max_.say("How old is Kimchi?", ade))
