"""Facts held but asked in another shape (issue 21, ask24, held_shapes.py): a refusal answers a
yes/no about taking ("turned down" denies "take"), a state held with its time answers when it
began ("become", "start as"), a named thing's time from the talk that names it ("When is the
regatta?"), a thing asked by more words than it was held by ("the village hall" of "the hall"),
"for work" as the gap of what someone does. Each through a real Resident on a real DuckDB
graph, with sentences not from the corpus, each with a trap that must get "I don't know"."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_refusal_answers_no_to_taking(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("My brother Tariq declined the promotion at the bank.", odile)
    assert answer_of(max_.say("Did Tariq accept the promotion?", odile)) == "no"
    assert answer_of(max_.say("Did Tariq take the promotion?", odile)) == "no"
    # Nothing refused says whether he took the bus.
    assert answer_of(max_.say("Did Tariq take the bus?", odile)) == ""


def test_a_phrasal_refusal_answers_no(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("Hester turned down the place at Durham.", odile)
    assert answer_of(max_.say("Did Hester take the place at Durham?", odile)) == "no"
    # A refusal by someone else says nothing of Hester's sister.
    assert answer_of(max_.say("Did Odile take the place at Durham?", odile)) == ""


def test_leaving_is_no_refusal_of_arriving(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("Bilal rejected the offer from the agency.", odile)
    # Motion has antonyms too ("leave": arrive), but saying one denies nothing.
    assert answer_of(max_.say("Did Bilal arrive at the agency?", odile)) == ""


def test_a_state_held_with_its_time_answers_when_it_began(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("Since June I've been a yoga teacher.", odile)
    assert answer_of(max_.say("When did Odile become a yoga teacher?", odile)) == "june 2025"
    assert answer_of(max_.say("When did Odile start as a yoga teacher?", odile)) == "june 2025"
    # Nothing held says when she became a dentist.
    assert answer_of(max_.say("When did Odile become a dentist?", odile)) == ""


def test_a_state_held_without_a_time_answers_no_when(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("My cousin Rafe is a tree surgeon.", odile)
    assert answer_of(max_.say("When did Rafe become a tree surgeon?", odile)) == ""


def test_a_named_event_is_when_the_talk_of_it_is(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("I'm rowing in the Henley Regatta in July.", odile)
    assert answer_of(max_.say("When is the Henley Regatta?", odile)) == "july 2026"


def test_a_named_event_booked_is_not_when_it_is(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("Last week I booked the Glastonbury Festival.", odile)
    max_.say("In December I entered the Ely Marathon.", odile)
    # The booking's time is not the festival's, nor the entering the race's.
    assert answer_of(max_.say("When is the Glastonbury Festival?", odile)) == ""
    assert answer_of(max_.say("When is the Ely Marathon?", odile)) == ""


def test_a_named_event_with_two_times_is_not_known(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("I'm walking the Leeds Half in May.", odile)
    max_.say("My neighbour Cerys is walking the Leeds Half in October.", odile)
    # May or October: two times said of it, and which is its own is not known.
    assert answer_of(max_.say("When is the Leeds Half?", odile)) == ""


def test_a_thing_asked_by_more_words_than_held(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("The hall is being renovated by Pritchard Builders.", odile)
    assert answer_of(max_.say("Who is renovating the village hall?", odile)) == "pritchard builders"
    # A thing held with another word is another thing.
    max_.say("The fire station was bought by Cairn Homes.", odile)
    assert answer_of(max_.say("Who bought the police station?", odile)) == ""


def test_any_deed_is_no_answer_to_what_someone_does_for_work(max_: Max) -> None:
    # Reading "for work" as no word to hold let any deed answer it: on an unseen batch an
    # unanswerable "What does Mam do for work?" got "books cruise".
    odile = person(max_, "Odile")
    max_.say("My flatmate Ines booked a cruise to Norway.", odile)
    assert "cruise" not in answer_of(max_.say("What does Ines do for work?", odile))


def test_a_denied_deed_names_nobody_who_did_it(max_: Max) -> None:
    # "Who bought it?" is not answered by the one who said they did not buy it.
    odile = person(max_, "Odile")
    max_.say("We are not buying the Morrises' old piano.", odile)
    assert answer_of(max_.say("Who bought the Morrises' old piano?", odile)) == ""
    max_.say("Tomasz did not win the quiz.", odile)
    assert answer_of(max_.say("Who won the quiz?", odile)) == ""


def test_a_light_verb_event_with_its_particle(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("My lodger Priti is moving out in March.", odile)
    assert answer_of(max_.say("When is Priti moving out?", odile)) == "march 2026"
    # Moving in is another event.
    assert answer_of(max_.say("When is Priti moving in?", odile)) == ""


def test_a_breed_answers_what_breed_and_what_kind_of(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("Flint is a whippet.", odile)
    assert answer_of(max_.say("What breed is Flint?", odile)) == "whippet"
    assert answer_of(max_.say("What kind of dog is Flint?", odile)) == "whippet"
    # A whippet is no cat.
    assert answer_of(max_.say("What kind of cat is Flint?", odile)) == ""


def test_the_kind_a_pet_is_a_breed_of_is_no_breed(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("Our dog Mabel is very old.", odile)
    # "dog" is what Mabel is, not her breed; nor is Odile, whose pet she is.
    assert answer_of(max_.say("What breed is Mabel?", odile)) == ""


def test_a_reversal_is_no_refusal(max_: Max) -> None:
    odile = person(max_, "Odile")
    max_.say("Joss sold the camper van.", odile)
    # Selling it says nothing against having bought it.
    assert answer_of(max_.say("Did Joss buy the camper van?", odile)) == ""
