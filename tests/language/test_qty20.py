"""Numbers on any noun, and "how many / how far / how long / how tall / how heavy" (issue 21,
qty20): a number said with the noun a clause is about (existential, subject, passive agent) is
that statement's quantity; a measure is a number before a unit WordNet files under the
dimension asked. Every sentence is written for these tests, none taken from the corpus; each
test has a trap (a date, an age, a time of day, a house number, a score, a phone number, a
number on another noun) that must stay "I don't know" or the right number."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_number_in_there_is_counts_its_noun(max_: Max) -> None:
    ines = person(max_, "Ines")
    max_.say("There were ninety runners at the village fun run on 12 May.", ines)
    max_.say("My neighbour lives at 27 Mill Lane.", ines)
    assert answer_of(max_.say("How many runners were at the fun run?", ines)) == "ninety"
    # The date and the house number are no count of anything asked; nor is another noun.
    assert answer_of(max_.say("How many dogs were at the fun run?", ines)) == ""
    assert answer_of(max_.say("How many runners were at the school fair?", ines)) == ""


def test_a_number_on_the_subject_counts_it(max_: Max) -> None:
    olu = person(max_, "Olu")
    max_.say("Eighteen volunteers cleared the footpath at 9 am on Saturday.", olu)
    max_.say("Our team won 3-1 that afternoon.", olu)
    asked = max_.say("How many volunteers cleared the footpath?", olu)
    assert answer_of(asked).lower() == "eighteen"
    # The time of day and the score count nothing.
    assert answer_of(max_.say("How many goals did our team score?", olu)) == ""
    assert answer_of(max_.say("How many volunteers painted the footpath?", olu)) == ""


def test_a_passive_doer_said_by_its_number(max_: Max) -> None:
    rhea = person(max_, "Rhea")
    max_.say("The letter to the council was signed by sixty parents.", rhea)
    max_.say("You can ring me on 07700 900461.", rhea)
    assert answer_of(max_.say("How many parents signed the letter?", rhea)) == "sixty"
    assert answer_of(max_.say("How many teachers signed the letter?", rhea)) == ""


def test_how_long_from_a_length_of_time_said_as_is(max_: Max) -> None:
    kit = person(max_, "Kit")
    max_.say("My sister Bea paddled three hours on the lake yesterday.", kit)
    max_.say("Bea is 34.", kit)
    assert answer_of(max_.say("How long did Bea paddle yesterday?", kit)) == "three hours"
    # Her age is no length of anything she did.
    assert answer_of(max_.say("How long did Bea sleep?", kit)) == ""


def test_how_tall_and_how_heavy_by_the_unit_of_their_dimension(max_: Max) -> None:
    abe = person(max_, "Abe")
    max_.say("My grandson Leon is five feet tall now.", abe)
    max_.say("His rucksack weighs nine kilos.", abe)
    assert answer_of(max_.say("How tall is Leon?", abe)) == "five feet"
    # Feet tall is no distance, and kilos no height.
    assert answer_of(max_.say("How far is Leon?", abe)) == ""
    assert answer_of(max_.say("How heavy is Leon?", abe)) == ""


def test_how_far_keeps_the_rate_said(max_: Max) -> None:
    zed = person(max_, "Zed")
    max_.say("My uncle Rafe cycles twenty kilometres a day.", zed)
    max_.say("He was born on 4 June 1961.", zed)
    assert answer_of(max_.say("How far does Rafe cycle?", zed)).startswith("twenty kilometres")
    # A date is no length of time.
    assert answer_of(max_.say("How long does Rafe cycle?", zed)) == ""


def test_the_number_said_last_of_the_same_deed_wins(max_: Max) -> None:
    noor = person(max_, "Noor")
    max_.say("My cousin Farid baked 40 scones for the fete.", noor)
    max_.say("Farid baked 55 scones for the fete.", noor)
    max_.say("Farid baked 12 loaves on Friday and 9 loaves on Saturday.", noor)
    assert answer_of(max_.say("How many scones did Farid bake?", noor)) == "55"
    # Loaves on two days are two deeds: neither replaces the other, nor the scones.
    assert answer_of(max_.say("How many loaves did Farid bake?", noor)) != "55"
