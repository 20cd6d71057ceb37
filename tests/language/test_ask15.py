"""The asking side, wave 16 (issue 21, ask15): claims that are held but that the question did
not find. Each mechanism through a real Resident on a real DuckDB graph, with sentences not
from the corpus, each with a trap that must get "I don't know"."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_day_that_is_what_a_statement_is_about(max_: Max) -> None:
    odile = person(max_, "Odile")
    rhian = person(max_, "Rhian")
    max_.say("Honestly I hate Sundays.", rhian)
    max_.say("I love Saturdays.", rhian)
    # "Sundays" is the thing disliked, not the time of the question.
    assert answer_of(max_.say("Does Rhian hate Sundays?", odile)) == "yes"
    assert answer_of(max_.say("Does Rhian love Saturdays?", odile)) == "yes"
    # Another day is held by nothing.
    assert answer_of(max_.say("Does Rhian hate Tuesdays?", odile)) == ""


def test_an_irregular_participle_meets_its_verb(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("My grandfather Tadeusz was born in Gdańsk.", odile)
    assert answer_of(max_.say("Where was Tadeusz born?", odile)) == "gdańsk"
    # Born is not buried.
    assert answer_of(max_.say("Where was Tadeusz buried?", odile)) == ""


def test_a_noun_that_names_the_act_of_a_verb(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("My neighbour Bartek works as a welder.", odile)
    assert answer_of(max_.say("What is Bartek's job?", odile)) == "welder"
    # A workshop is a place, not the act of working: nothing held answers it.
    assert answer_of(max_.say("What is Bartek's workshop full of?", odile)) == ""


def test_a_wish_answers_the_question_that_asks_it(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("My nephew Emrys hopes to become a pilot.", odile)
    max_.say("My niece Ffion wants to be an architect.", odile)
    assert answer_of(max_.say("What does Ffion want to be?", odile)) == "architect"
    # A wish is not what she is.
    assert answer_of(max_.say("What does Ffion do?", odile)) == ""


def test_asking_whether_it_ended_is_no_ending(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("My cousin Efa completed the Snowdon race on Saturday!", odile)
    max_.say("My uncle Huw finished the Cardiff 10k yesterday.", odile)
    # Finishing the race is what was asked: a yes, not "not any more".
    assert answer_of(max_.say("Did Huw finish the Cardiff 10k?", odile)) == "yes"
    # He finished nothing else that was said.
    assert answer_of(max_.say("Did Huw finish the Snowdon race?", odile)) == ""


def test_the_name_of_a_thing_is_asked_as_its_name(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("We adopted a greyhound called Moss.", odile)
    assert answer_of(max_.say("What is the name of Odile's greyhound?", odile)) == "moss"
    # No cat was said.
    assert answer_of(max_.say("What is the name of Odile's cat?", odile)) == ""


def test_can_asks_yes_or_no(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("Gwilym doesn't drink coffee.", odile)
    max_.say("My dad Gwilym plays the harp every evening.", odile)
    assert answer_of(max_.say("Can Gwilym drink coffee?", odile)) == "no"
    assert answer_of(max_.say("Can Gwilym play the harp?", odile)) == "yes"
    # Nothing said of the piano.
    assert answer_of(max_.say("Can Gwilym play the piano?", odile)) == ""


def test_a_passive_question_finds_the_thing_done_to(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("My nan Eirlys planted the apple tree in 1990.", odile)
    # A year said alone resolves to that year, told as the year (when18).
    assert answer_of(max_.say("When was the apple tree planted?", odile)) == "1990"
    # Planting is not pruning, and no pear tree was said.
    assert answer_of(max_.say("When was the apple tree pruned?", odile)) == ""
    assert answer_of(max_.say("When was the pear tree planted?", odile)) == ""
