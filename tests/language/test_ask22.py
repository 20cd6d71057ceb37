"""Facts held but asked in other words (issue 21, ask22): a preposition that belongs to the
gap ("How long ... for?"), what someone does for a living said as a deed ("drives a taxi"),
what a doer noun's verb is done to ("a teacher of geography" for "What did Rosa teach?"), a
name asked by its kind ("Which team ...?"). Each through a real Resident on a real DuckDB
graph, with sentences not from the corpus, each with a trap that must get "I don't know"."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_how_long_with_a_stranded_for_asks_the_duration(max_: Max) -> None:
    priya = person(max_, "Priya")
    max_.say("My brother Anil is going to Madrid for two weeks to see his girlfriend.", priya)
    assert "two weeks" in answer_of(max_.say("How long is Anil going to Madrid for?", priya))
    # Nothing was said of how long he is going to Rome.
    assert answer_of(max_.say("How long is Anil going to Rome for?", priya)) == ""


def test_a_deed_that_makes_a_worker_answers_for_a_living(max_: Max) -> None:
    priya = person(max_, "Priya")
    max_.say("My cousin Dariusz drives a taxi in Leeds.", priya)
    assert "taxi" in answer_of(max_.say("What does Dariusz do for a living?", priya))
    # An eater is no worker: eating crisps is nobody's living.
    max_.say("My uncle Fergal eats a lot of crisps.", priya)
    assert answer_of(max_.say("What does Fergal do for a living?", priya)) == ""


def test_a_job_said_answers_for_work_before_a_deed(max_: Max) -> None:
    priya = person(max_, "Priya")
    max_.say("My neighbour Olwen is a plumber.", priya)
    max_.say("Olwen bakes bread at the weekend.", priya)
    assert answer_of(max_.say("What does Olwen do for work?", priya)) == "plumber"


def test_what_a_doer_noun_is_done_to_answers_its_verb(max_: Max) -> None:
    priya = person(max_, "Priya")
    max_.say("My aunt Rosa worked as a teacher of geography for thirty years.", priya)
    assert answer_of(max_.say("What did Rosa teach?", priya)) == "geography"
    max_.say("Her husband Tom is a maths teacher.", priya)
    assert answer_of(max_.say("What does Tom teach?", priya)) == "maths"
    # A teacher says nothing of what Tom drives.
    assert answer_of(max_.say("What does Tom drive?", priya)) == ""


def test_a_doer_noun_with_nothing_beside_it_answers_nothing(max_: Max) -> None:
    priya = person(max_, "Priya")
    max_.say("My friend Imani is a teacher.", priya)
    assert answer_of(max_.say("What does Imani teach?", priya)) == ""


def test_a_name_whose_last_word_is_a_noun_answers_which_kind(max_: Max) -> None:
    priya = person(max_, "Priya")
    max_.say("My son Hamza plays for Leeds Rhinos.", priya)
    assert answer_of(max_.say("Which team does Hamza play for?", priya)) == "leeds rhinos"


def test_whom_one_works_for_is_where_when_it_is_no_person(max_: Max) -> None:
    priya = person(max_, "Priya")
    max_.say("My nephew Gary works for the council.", priya)
    assert answer_of(max_.say("Where does Gary work?", priya)) == "council"
    # A person worked for is no place.
    max_.say("My niece Ada works for Mr Patel.", priya)
    assert answer_of(max_.say("Where does Ada work?", priya)) == ""


def test_what_kind_of_noun_asks_what_the_subject_is(max_: Max) -> None:
    priya = person(max_, "Priya")
    max_.say("Our dog Biscuit is a whippet.", priya)
    assert "whippet" in answer_of(max_.say("What kind of dog is Biscuit?", priya))
    # Nothing was said of what kind of dog Rolo is.
    max_.say("Rolo is my sister's dog.", priya)
    assert "whippet" not in answer_of(max_.say("What kind of dog is Rolo?", priya))


def test_a_duration_that_says_a_length_of_time_answers_how_long(max_: Max) -> None:
    ama = person(max_, "Ama")
    # The occasion may be kept as a duration beside the length of the stay.
    max_.say(
        "I'm going home to Accra for two weeks in March for my uncle's sixtieth birthday.", ama
    )
    assert answer_of(max_.say("How long is Ama going to Accra for?", ama)) == "two weeks"


def test_a_rank_before_a_doer_noun_is_not_what_is_done(max_: Max) -> None:
    ama = person(max_, "Ama")
    max_.say("My brother Kojo is a head teacher.", ama)
    assert answer_of(max_.say("What does Kojo teach?", ama)) == ""
    max_.say("My sister Esi is a PhD student.", ama)
    assert answer_of(max_.say("What does Esi study?", ama)) == ""


def test_having_been_somewhere_answers_when_and_why_one_went(max_: Max) -> None:
    ama = person(max_, "Ama")
    max_.say("Last Sunday my aunt Sara was in Paris to see an opera.", ama)
    assert "december 2025" in answer_of(max_.say("When did Sara go to Paris?", ama))
    assert "opera" in answer_of(max_.say("Why did Sara go to Paris?", ama))
    # She was not said to be in Rome.
    assert answer_of(max_.say("When did Sara go to Rome?", ama)) == ""


def test_the_money_said_with_a_purchase_is_what_the_thing_cost(max_: Max) -> None:
    ama = person(max_, "Ama")
    max_.say("I bought a used Fiesta for three thousand pounds.", ama)
    assert answer_of(max_.say("How much did the Fiesta cost?", ama)) == "three thousand pounds"
    # Nothing was said of a sofa.
    assert answer_of(max_.say("How much did the sofa cost?", ama)) == ""
