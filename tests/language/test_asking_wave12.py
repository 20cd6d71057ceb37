"""The asking side, wave 12 (issue 21, ask12): answers that hold what was asked, found on
four dev conversations written before the reader ran on them. Each through a real Resident on
a real DuckDB graph, phrased apart from the corpus; each with a trap that must get "I don't
know" (or a no), which a wrong answer failed before this wave."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_another_manner_of_the_same_act_is_no_answer(max_: Max) -> None:
    nadia = person(max_, "Nadia")
    max_.say("I drove to Galway on Sunday.", nadia)
    # Driving and walking are two ways to travel (WordNet): neither answers the other.
    assert answer_of(max_.say("Did Nadia walk to Galway?", nadia)) == ""
    assert answer_of(max_.say("Where did Nadia go walking?", nadia)) == ""
    # Going is what driving is a way of: still answered.
    assert answer_of(max_.say("Where did Nadia go?", nadia)) == "galway"


def test_a_verb_that_says_less_answers_no_verb_that_says_more(max_: Max) -> None:
    nadia = person(max_, "Nadia")
    max_.say("My uncle Brendan has a boat.", nadia)
    # Having a boat says nothing of who bought it.
    assert answer_of(max_.say("Who bought the boat?", nadia)) == ""
    assert answer_of(max_.say("Does Brendan have a boat?", nadia)) == "yes"


def test_a_day_is_no_place_and_no_job(max_: Max) -> None:
    nadia = person(max_, "Nadia")
    # A typed run-on the parser reads as "Nadia works friday-ill-drive".
    max_.say("cant do the friday im working til 6, ill drive up saturday morning", nadia)
    assert answer_of(max_.say("Where does Nadia work?", nadia)) == ""
    assert answer_of(max_.say("What does Nadia do?", nadia)) == ""


def test_a_count_is_the_number_said_with_the_noun_asked(max_: Max) -> None:
    nadia = person(max_, "Nadia")
    max_.say("I bought 2 kilos of flour and 6 jars of honey.", nadia)
    assert answer_of(max_.say("How many jars of honey did Nadia buy?", nadia)) == "6"
    assert answer_of(max_.say("How many kilos of flour did Nadia buy?", nadia)) == "2"
    # Jars of jam are not jars of honey: what a jar holds must be held too.
    assert answer_of(max_.say("How many jars of jam did Nadia buy?", nadia)) == ""


def test_how_many_times_counts_times_not_places(max_: Max) -> None:
    nadia = person(max_, "Nadia")
    max_.say("I flew to Lisbon last month.", nadia)
    # One statement of a trip is no count of trips ("1 (Lisbon)" before).
    assert answer_of(max_.say("How many times has Nadia been to Lisbon?", nadia)) == ""


def test_a_role_said_again_with_a_change_replaces_what_it_was(max_: Max) -> None:
    nadia = person(max_, "Nadia")
    max_.say("My husband Pavel works nights on Mondays and Tuesdays.", nadia)
    max_.say("Pavel has changed his shifts, now he works nights on Saturdays only.", nadia)
    assert answer_of(max_.say("When does Pavel work nights now?", nadia)) == "on saturdays"
    # The day asked is asked even where the parse hangs it under "nights".
    assert answer_of(max_.say("Does Pavel still work nights on Mondays?", nadia)) == "no"


def test_plural_grandparents_are_reached(max_: Max) -> None:
    esi = person(max_, "Esi")
    yaw = person(max_, "Yaw")
    max_.say("This is my husband Kwame, and our grandson Yaw lives with us.", esi)
    max_.say("We flew to Accra yesterday.", esi)
    assert answer_of(max_.say("When did my grandparents fly to Accra?", yaw)) != ""
    assert answer_of(max_.say("When did my grandparents fly to Lagos?", yaw)) == ""


def test_the_time_of_something_done_for_ones_own_event_is_the_events(max_: Max) -> None:
    nadia = person(max_, "Nadia")
    max_.say("Tayo got a bike for his birthday yesterday.", nadia)
    assert answer_of(max_.say("When was Tayo's birthday?", nadia)) == "31 december 2025"
    assert answer_of(max_.say("When was Tayo's wedding?", nadia)) == ""


def test_a_count_said_with_a_possessive_in_passing(max_: Max) -> None:
    nadia = person(max_, "Nadia")
    max_.say("My sister Helen is visiting from Leeds with her three girls.", nadia)
    assert answer_of(max_.say("How many girls does Helen have?", nadia)) == "three"
    assert answer_of(max_.say("How many boys does Helen have?", nadia)) == ""


def test_a_time_phrase_is_read_from_the_day_it_was_told(max_: Max) -> None:
    helene = person(max_, "Helene")
    max_.say("hello MAX this is my husband Bernard, we are both retired now", helene)
    # Said on Thursday 1 January 2026; the statement keeps "on Tuesday" with no day of its own.
    max_.say(
        "Good morning, big news, Bernard had his knee operation on Tuesday at the Western "
        "General and it went very well, the surgeon said he can walk with a stick in two weeks",
        helene,
    )
    max_.clock.advance(days=20)
    # The Tuesday before the day it was told, not before the day it is asked (20 January).
    turn = max_.say("When did Bernard have his knee operation?", helene)
    assert answer_of(turn) == "30 december 2025"
    assert answer_of(max_.say("When did Bernard have his hip operation?", helene)) == ""


def test_a_phrasal_verb_that_ends_a_habit_says_no_to_still(max_: Max) -> None:
    nadia = person(max_, "Nadia")
    max_.say("I walk to the market every Saturday.", nadia)
    max_.say("I gave up smoking in March.", nadia)
    # Giving it up says it ended; walking says nothing of driving (another manner).
    assert answer_of(max_.say("Does Nadia still smoke?", nadia)) == "no"
    assert answer_of(max_.say("Does Nadia still drive?", nadia)) == ""
    assert answer_of(max_.say("Does Nadia still drink?", nadia)) == ""


def test_relocating_is_no_trip(max_: Max) -> None:
    grace = person(max_, "Grace")
    max_.say("I'm going to Paris with my sister in April.", grace)
    # A trip is no move: "Where are we moving?" was answered "Paris".
    assert answer_of(max_.say("Where is Grace moving?", grace)) == ""
    assert answer_of(max_.say("Where is Grace going in April?", grace)) == "paris"


def test_what_someone_does_is_no_one_off_event(max_: Max) -> None:
    grace = person(max_, "Grace")
    ama = person(max_, "Ama")
    max_.say("My boyfriend Femi is a chef at a Nigerian restaurant in Salford.", ama)
    max_.say("Femi proposed last night!! I said yes", ama)
    # His job, not "chef and proposing".
    assert answer_of(max_.say("What does Femi do?", grace)) == "chef"
    assert answer_of(max_.say("When did Femi propose?", grace)) != ""


def test_who_asks_a_stranded_prepositions_object_only(max_: Max) -> None:
    rhys = person(max_, "Rhys")
    max_.say("I'm taking Osian to the Six Nations match in Cardiff in February.", rhys)
    # "to the match" has its object: the gap is whom he takes, not where.
    assert answer_of(max_.say("Who is Rhys taking to the match?", rhys)) == "osian"
    assert answer_of(max_.say("Who is Rhys taking to the cinema?", rhys)) == ""


def test_a_person_is_no_breed(max_: Max) -> None:
    rhys = person(max_, "Rhys")
    max_.say("Our dog Bryn is a border collie, he's twelve and going deaf.", rhys)
    # "Bryn is Rhys' pet" answers what Bryn is to Rhys, and a pet is no breed (WordNet):
    # "What breed is Bryn?" was answered "Rhys".
    assert answer_of(max_.say("What breed is Bryn?", rhys)) in ("", "border collie")


def test_who_is_someone_is_the_relation_not_the_other_side(max_: Max) -> None:
    ines = person(max_, "Ines")
    max_.say("Our neighbour Derek waters our plants when we travel.", ines)
    # "Ines" alone names someone else: Derek is her neighbour.
    assert answer_of(max_.say("Who is Derek?", ines)) == "ines' neighbour"


def test_whom_one_works_for_is_not_what_one_does(max_: Max) -> None:
    ines = person(max_, "Ines")
    max_.say("I'm a sound engineer, I work for the BBC in Salford.", ines)
    assert answer_of(max_.say("What does Ines do?", ines)) == "sound engineer"
    assert answer_of(max_.say("Who does Ines work for?", ines)) == "bbc"
