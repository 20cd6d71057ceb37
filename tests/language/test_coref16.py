"""Coreference when storing (issue 21, deliverable 1, wave 16, coref16): he/she/it/his/her/its
name the nearest compatible antecedent, a name given with the copula is an antecedent, an owner
is outranked by what it owns, items said together are equally likely (nothing is stored), "the
dog" is the one dog named; "Whose dog is X?" is answered from the relation held. Sentences in
other words than the dev corpus, through real turns on a real DuckDB graph."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def _ages(m: Max, claims: list[dict]) -> set[tuple[str, str]]:
    return {(s, o) for s, p, o in _stored(m, claims) if p == "age"}


def test_a_pet_named_with_the_copula_is_what_he_names(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("My uncle's cat is Pixel, a tabby, he's seven.", ines)
    stored = _stored(max_, turn.claims)
    assert ("Pixel", "age", "seven") in stored
    assert ("Pixel", "is_a", "cat") in stored
    assert ("Pixel", "pet_of", "Ines's uncle") in stored
    assert not any(s == "Ines's uncle" and p == "age" for s, p, _ in stored)
    assert "seven" in _answer(max_.say("How old is Pixel?", oli))
    assert "uncle" in _answer(max_.say("Whose cat is Pixel?", oli))
    # A name that is no cat is not answered as the cat's owner.
    assert _answer(max_.say("Whose dog is Pixel?", oli)) == ""


def test_an_owner_named_by_a_family_noun_owns_the_pet(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("Nana's parrot is Kiwi. She is thirty.", ines)
    stored = _stored(max_, turn.claims)
    assert ("Kiwi", "pet_of", "Ines's nana") in stored
    assert ("Kiwi", "age", "thirty") in stored
    assert "kiwi" in _answer(max_.say("What is Nana's parrot called?", ines))
    assert "nana" in _answer(max_.say("Whose parrot is Kiwi?", oli))


def test_a_relative_named_with_the_copula(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("My brother is Osman.", ines)
    assert ("Osman", "brother_of", "Ines") in _stored(max_, turn.claims)
    assert "ines" in _answer(max_.say("Whose brother is Osman?", oli))
    turn = max_.say("Our hamster's name is Biscuit.", oli)
    stored = _stored(max_, turn.claims)
    assert ("Biscuit", "is_a", "hamster") in stored
    assert ("Biscuit", "pet_of", "Oli") in stored


def test_an_owner_is_not_what_a_pronoun_after_its_pet_names(max_: Max) -> None:
    # The dog is unnamed: "he" is the dog, so nothing is said of Karim's age.
    ines = _person(max_, "Ines")
    turn = max_.say("Karim's dog is very old, he is fifteen.", ines)
    assert not any(s == "Karim" for s, _ in _ages(max_, turn.claims))
    turn = max_.say("I walked my aunt's spaniel. She is nine.", ines)
    assert _ages(max_, turn.claims) == set()


def test_items_said_together_are_equally_likely(max_: Max) -> None:
    ines = _person(max_, "Ines")
    said = "We keep a rabbit named Clover and a guinea pig named Nibbles. He is two."
    turn = max_.say(said, ines)
    stored = _stored(max_, turn.claims)
    assert ("Clover", "pet_of", "Ines") in stored
    assert _ages(max_, turn.claims) == set()
    # Across turns too: two nephews, then "he".
    max_.say("My nephews are Ali and Omar.", ines)
    turn = max_.say("He plays rugby.", ines)
    assert not any(s in ("Ali", "Omar") for s, _, _ in _stored(max_, turn.claims))


def test_a_family_noun_shows_which_listed_name_fits(max_: Max) -> None:
    # "my brother" shows Idris a man: "she" can only be Noor.
    ines = _person(max_, "Ines")
    turn = max_.say("This is Idris, my brother, and Noor, she is a pilot.", ines)
    stored = _stored(max_, turn.claims)
    assert ("Noor", "works_as", "pilot") in stored
    assert not any(s == "Idris" and o == "pilot" for s, _, o in stored)


def test_it_names_an_animal_named_before(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("Our tortoise is called Shelly. It is forty.", ines)
    assert ("Shelly", "age", "forty") in _stored(max_, turn.claims)
    assert "forty" in _answer(max_.say("How old is Shelly?", oli))
    # "it" right after a name is given is as often the name: nothing.
    turn = max_.say("We got a kitten called Mango, it means a fruit.", oli)
    assert not any(p == "means" for _, p, _ in _stored(max_, turn.claims))
    # A place is never what "it" names.
    turn = max_.say("We stayed in a village called Ely. It is nine hundred years old.", oli)
    assert _ages(max_, turn.claims) == set()


def test_the_dog_is_the_one_dog_named(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.say("We adopted a greyhound called Flash.", ines)
    turn = max_.say("The greyhound is four.", ines)
    assert ("Flash", "age", "four") in _stored(max_, turn.claims)
    assert "four" in _answer(max_.say("How old is Flash?", oli))
    # Two greyhounds named: "the greyhound" is neither.
    max_.say("Oli has a greyhound called Dash.", ines)
    turn = max_.say("The greyhound is six.", ines)
    assert _ages(max_, turn.claims) == set()


def test_a_plural_owned_noun_leaves_the_owner_to_her(max_: Max) -> None:
    # "her" is singular: not "the grandparents", so Mei, their owner.
    ines = _person(max_, "Ines")
    max_.say("Mei's grandparents came for lunch on Sunday.", ines)
    turn = max_.say("Her dad climbed Ben Nevis.", ines)
    assert any(s == "Mei's dad" for s, _, _ in _stored(max_, turn.claims))


def test_a_question_about_the_pet_is_the_asking_sides(max_: Max) -> None:
    ines = _person(max_, "Ines")
    max_.say("We have a cat called Sushi.", ines)
    assert "sushi" in _answer(max_.say("What is the cat called?", ines))


def test_a_new_name_said_alone_is_not_jumped_over(max_: Max) -> None:
    ines = _person(max_, "Ines")
    max_.say("My cousin Marco lives in Rome.", ines)
    turn = max_.say("Pepper! He is six now.", ines)
    assert not any(s == "Marco" for s, _ in _ages(max_, turn.claims))


def test_your_relative_asked_is_the_answerers(max_: Max) -> None:
    # "your grandad" asked by Oli is Ines's grandad when Ines answers with "he".
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.say("How is your grandad doing?", oli)
    turn = max_.say("Much better. He joined a walking club.", ines)
    assert any(s == "Ines's grandad" for s, _, _ in _stored(max_, turn.claims))
    # Whoever asked does not answer of their own: the asker's "he" names no one.
    max_.say("How is your sister?", ines)
    turn = max_.say("She bought a van.", ines)
    assert not any(s == "Ines's sister" for s, _, _ in _stored(max_, turn.claims))
