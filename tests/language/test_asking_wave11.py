"""The asking side, wave 11 (issue 21): counts said without the noun the question counts.
Each through a real Resident on a real DuckDB graph; each fails before this wave ("I don't
know")."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_quantity_in_another_lemma_of_the_unit_is_counted(max_: Max) -> None:
    nadia = person(max_, "Nadia")
    max_.say("We drove to Porto last week, 300 km in one day.", nadia)
    # "km" and "kilometres" are one WordNet sense: the quantity is the count asked.
    assert answer_of(max_.say("How many kilometres did Nadia drive?", nadia)) == "300"


def test_a_number_alone_as_the_object_counts_the_noun_asked(max_: Max) -> None:
    nadia = person(max_, "Nadia")
    max_.say("I collect stamps. I own nine.", nadia)
    assert answer_of(max_.say("How many stamps does Nadia own?", nadia)) == "nine"


def test_a_participle_after_the_copula_answers_its_verb(max_: Max) -> None:
    nadia = person(max_, "Nadia")
    max_.say(
        "My husband Omar and I got married in 1990. We have been married for thirty-four years.",
        nadia,
    )
    turn = max_.say("How many years have Nadia and Omar been married?", nadia)
    assert answer_of(turn) == "thirty-four"


def test_a_number_of_something_else_is_no_count(max_: Max) -> None:
    nadia = person(max_, "Nadia")
    max_.say("We drove to Porto last week, 300 km in one day.", nadia)
    # A quantity in kilometres counts no hours, and a copula's adjective is no verb asked.
    assert answer_of(max_.say("How many hours did Nadia drive?", nadia)) == ""
    max_.say("My sister Rana is tired.", nadia)
    assert answer_of(max_.say("How many years has Rana tired?", nadia)) == ""


def test_how_many_with_do_is_answered_by_the_thing_counted(max_: Max) -> None:
    nadia = person(max_, "Nadia")
    max_.say("My back hurts so I've cut down to two swims a week.", nadia)
    max_.say("We drove to Porto last week, 300 km in one day.", nadia)
    assert answer_of(max_.say("How many swims a week does Nadia do?", nadia)) == "two"
    # "do" with a thing counted that nothing held names is no count of something else.
    assert answer_of(max_.say("How many push-ups does Nadia do?", nadia)) == ""
