"""A noun phrase that names someone or something, wherever it sits (issue 21, wave 17, appos18):
its name, its kind or relation to its owner, and the clause's role it fills; a position said
of a thing answers "where"; "my dog" is never someone else's. Real turns on a real DuckDB
graph, in words of their own, each with a trap."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_a_pet_named_after_its_noun_is_the_subject_not_the_object(max_: Max) -> None:
    # Parsed as "the cat that Pixel sleeps": the name is the subject, the noun its kind.
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    stored = _stored(max_, max_.say("Our cat Pixel sleeps on the radiator all day.", ines).claims)
    assert ("Pixel", "is_a", "cat") in stored
    assert ("Pixel", "pet_of", "Ines") in stored
    assert not any(p == "sleeps" for _, p, _ in stored)  # trap: the kind is no object
    assert "radiator" in _answer(max_.say("Where does Pixel sleep?", oli))


def test_a_name_split_from_its_noun_or_tagged_an_adjective(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("My hamster Biscuit naps under the sofa every afternoon.", ines)
    stored = _stored(max_, turn.claims)
    assert ("Biscuit", "is_a", "hamster") in stored
    assert not any(s == "Ines's hamster" for s, _, _ in stored)  # trap: one animal, named
    assert "sofa" in _answer(max_.say("Where does Biscuit nap?", oli))
    stored = _stored(max_, max_.say("Our parrot Kiwi perches on the curtain rail.", ines).claims)
    assert ("Kiwi", "is_a", "parrot") in stored
    assert ("Kiwi", "pet_of", "Ines") in stored


def test_a_relative_of_a_relative_named_inside_a_purpose_clause(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("Grandad drove to Leeds last week to visit his brother Alfie.", ines)
    assert ("Alfie", "brother_of", "Ines's grandad") in _stored(max_, turn.claims)
    turn = max_.say("Mum plays tennis with her cousin Petra.", oli)
    stored = _stored(max_, turn.claims)
    assert ("Petra", "cousin_of", "Oli's mum") in stored
    # Trap: "her" is Oli's mum, not Oli, and not the earlier speaker's grandad.
    assert ("Petra", "cousin_of", "Oli") not in stored
    assert "petra" in _answer(max_.say("Who is Oli's mum's cousin?", ines))


def test_a_position_answers_where_only_with_a_thing_or_place(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.say("Our tortoise Shelly hides under the shed.", ines)
    assert "shed" in _answer(max_.say("Where does Shelly hide?", oli))
    # Trap: "works on a novel" says what, not where.
    max_.say("My cousin Declan works on a novel.", oli)
    assert "novel" not in _answer(max_.say("Where does Declan work?", ines))


def test_my_dog_is_never_another_persons_dog(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.say("My dog is called Bolt.", oli)
    max_.say("I have a rabbit called Clover.", ines)
    # Trap: Ines keeps a rabbit, not a dog; Oli's dog is not hers.
    assert "bolt" not in _answer(max_.say("What is my dog called?", ines))
    assert "bolt" in _answer(max_.say("What is my dog called?", oli))
    assert "clover" in _answer(max_.say("What is my rabbit called?", ines))
    # "the dog", in a household, may still be the one MAX holds.
    assert "bolt" in _answer(max_.say("What is the dog called?", ines))


def test_she_after_an_aunt_with_a_named_dog_is_the_aunt(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("My aunt Greta has a spaniel called Toffee. She is seventy-one.", ines)
    stored = _stored(max_, turn.claims)
    assert ("Greta", "age", "seventy-one") in stored
    assert not any(s == "Toffee" and p == "age" for s, p, _ in stored)  # trap: not the dog
    # "he" cannot be the aunt: the dog.
    turn = max_.say("My sister Ada has a terrier called Nacho. He is four.", oli)
    assert ("Nacho", "age", "four") in _stored(max_, turn.claims)


def test_she_after_a_relative_with_a_pet_is_the_relative(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("My uncle Bertie keeps a parrot. He is eighty-two.", ines)
    stored = _stored(max_, turn.claims)
    assert ("Bertie", "age", "eighty-two") in stored
    assert not any(s == "parrot" and p == "age" for s, p, _ in stored)  # trap: not the bird
    assert "eighty" in _answer(max_.say("How old is Bertie?", oli))


def test_a_persons_noun_set_beside_a_name_says_what_they_are(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("Yesterday I bumped into Marek, a retired postman, at the market.", ines)
    assert ("Marek", "is_a", "retired postman") in _stored(max_, turn.claims)
    # Trap: an animal's noun the parser hung on a name said long before it.
    turn = max_.say("im 15 and kofi is 12 and we keep lots of pets, a cat called Suki.", oli)
    assert ("Kofi", "is_a", "cat") not in _stored(max_, turn.claims)
    # Trap: a town set beside its noun is no person with a kind.
    turn = max_.say("We drove through Bristol, a busy city, on Sunday.", oli)
    assert not any(p == "is_a" for _, p, _ in _stored(max_, turn.claims))


def test_a_relation_noun_with_its_own_phrase_before_the_name(max_: Max) -> None:
    ines = _person(max_, "Ines")
    turn = max_.say("My friend from the choir, Hannah, bakes sourdough.", ines)
    stored = _stored(max_, turn.claims)
    assert ("Hannah", "friend_of", "Ines") in stored
    assert ("Hannah", "bakes", "Sourdough") in stored
    # Trap: one person, not a friend who bakes besides Hannah.
    assert not any(s == "Ines's friend" for s, _, _ in stored)


def test_no_one_is_their_own_relative(max_: Max) -> None:
    ines = _person(max_, "Ines")
    turn = max_.say("Her neighbour Farida teaches yoga.", ines)
    stored = _stored(max_, turn.claims)
    assert ("Farida", "neighbour_of", "Farida") not in stored
