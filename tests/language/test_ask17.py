"""The asking side, wave 17 (issue 21, ask17): a subject described, not named. "The vicar" is
the one person held to be one, "the boat" the one boat the household holds, "my eldest
grandson" the one the ages held pick; each through a real Resident on a real DuckDB graph,
with sentences not from the corpus, each with a trap that must get "I don't know"."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_the_one_person_held_as_a_kind(max_: Max) -> None:
    nell = person(max_, "Nell")
    max_.say("Mrs Adeyemi is our landlady.", nell)
    max_.say("Mrs Adeyemi lives in Leeds.", nell)
    assert answer_of(max_.say("Where does the landlady live?", nell)) == "leeds"
    assert answer_of(max_.say("Who is the landlady?", nell)) == "mrs adeyemi"
    # A kind nobody is held to be names no one.
    assert answer_of(max_.say("Where does the plumber live?", nell)) == ""


def test_two_held_as_the_kind_name_no_one(max_: Max) -> None:
    nell = person(max_, "Nell")
    max_.say("Reverend Hughes is our vicar.", nell)
    max_.say("Reverend Hughes visited me yesterday.", nell)
    assert answer_of(max_.say("When did the vicar visit me?", nell)) != ""
    # "me" is the asker, held by name.
    assert answer_of(max_.say("Who visited me yesterday?", nell)) == "reverend hughes"
    max_.say("Father Brennan is a vicar too.", nell)
    assert answer_of(max_.say("When did the vicar visit me?", nell)) == ""


def test_a_thing_the_household_holds(max_: Max) -> None:
    nell = person(max_, "Nell")
    max_.say("We have a boat at Whitby.", nell)
    assert answer_of(max_.say("Where is the boat?", nell)) == "whitby"


def test_a_thing_someone_else_holds_is_not_the_askers(max_: Max) -> None:
    nell = person(max_, "Nell")
    max_.say("My neighbour Clive has a caravan in Devon.", nell)
    assert answer_of(max_.say("Where is the caravan?", nell)) == ""


def test_two_such_things_held_name_none(max_: Max) -> None:
    nell = person(max_, "Nell")
    max_.say("We have a boat at Whitby.", nell)
    max_.say("We also own a dinghy at Scarborough.", nell)
    # A dinghy is a boat, but its name's head is "dinghy": "the boat" is still the one boat.
    assert answer_of(max_.say("Where is the boat?", nell)) == "whitby"


def test_the_eldest_by_the_ages_held(max_: Max) -> None:
    nell = person(max_, "Nell")
    max_.say("My nephews are Sam and Ben. Sam is twelve and Ben is nine.", nell)
    assert answer_of(max_.say("How old is my eldest nephew?", nell)) == "twelve"
    assert answer_of(max_.say("How old is my younger nephew?", nell)) == "nine"


def test_a_comparative_of_more_than_two_picks_none(max_: Max) -> None:
    nell = person(max_, "Nell")
    max_.say("My nephews are Sam, Ben and Tom. Sam is twelve, Ben is nine and Tom is five.", nell)
    assert answer_of(max_.say("How old is my older nephew?", nell)) == ""
    assert answer_of(max_.say("How old is my oldest nephew?", nell)) == "twelve"


def test_an_age_not_held_picks_none(max_: Max) -> None:
    nell = person(max_, "Nell")
    max_.say("My nieces are Ola and Zofia. Ola is six.", nell)
    assert answer_of(max_.say("How old is my older niece?", nell)) == ""
    assert answer_of(max_.say("How old is my youngest niece?", nell)) == ""


def test_who_a_thing_was_done_by(max_: Max) -> None:
    nell = person(max_, "Nell")
    assert answer_of(max_.say("Who was the greenhouse built by?", nell)) == ""
    max_.say("My uncle Eamon built the greenhouse in 1998.", nell)
    assert "eamon" in answer_of(max_.say("Who was the greenhouse built by?", nell))
    # Built, not painted.
    assert answer_of(max_.say("Who was the greenhouse painted by?", nell)) == ""


def test_the_name_of_the_one_held_of_a_kind(max_: Max) -> None:
    nell = person(max_, "Nell")
    max_.say("We have a beagle named Pepper.", nell)
    # A beagle is a dog (WordNet), and the household's one dog.
    assert answer_of(max_.say("What is the dog called?", nell)) == "pepper"
    assert answer_of(max_.say("What is the parrot called?", nell)) == ""
    max_.say("We also have a terrier named Biscuit.", nell)
    # Two dogs: no one dog is "the dog" (the pets' own reading lists both).
    assert answer_of(max_.say("What is the dog called?", nell)) != "pepper"


def test_whose_pet_or_relative_one_is(max_: Max) -> None:
    nell = person(max_, "Nell")
    max_.say("My brother has a cat called Mochi.", nell)
    assert "brother" in answer_of(max_.say("Whose cat is Mochi?", nell))
    # Mochi is held to be a cat, not a dog.
    assert answer_of(max_.say("Whose dog is Mochi?", nell)) == ""
    assert answer_of(max_.say("Whose daughter is Mochi?", nell)) == ""
