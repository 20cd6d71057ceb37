"""Relatives said in passing and reached through other relatives (issue 21, wave 16, kin16):
sentences in other words than the corpus's, through real turns on a real DuckDB graph."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_a_name_with_another_owners_relation_in_apposition(max_: Max) -> None:
    # "my daughter Ines, Paulo's wife": one woman is both; the owners differ.
    rui, tom = _person(max_, "Rui"), _person(max_, "Tom")
    turn = max_.say("My daughter Ines, Paulo's wife, teaches in Braga.", rui)
    stored = _stored(max_, turn.claims)
    assert ("Ines", "daughter_of", "Rui") in stored
    assert ("Ines", "wife_of", "Paulo") in stored
    assert "ines" in _answer(max_.say("Who is Paulo's wife?", tom))
    # A list of one owner's relatives is not one person: "my wife Ana, my father, ...".
    turn = max_.say("This is my wife Ana, my father, and my son Leo.", tom)
    assert ("Ana", "father_of", "Tom") not in _stored(max_, turn.claims)


def test_a_family_noun_said_as_a_title(max_: Max) -> None:
    kit, june = _person(max_, "Kit"), _person(max_, "June")
    turn = max_.say("This is my nan Dorothy.", kit)
    assert ("Dorothy", "nan_of", "Kit") in _stored(max_, turn.claims)
    max_.say("Dorothy grew up in Hull.", kit)
    assert "hull" in _answer(max_.say("Where did my grandmother grow up?", kit))
    # "Auntie Bisi" is Bisi: the title is no part of her name.
    turn = max_.say("Auntie Bisi cooks the best stew.", june)
    assert any(s == "Bisi" for s, _, _ in _stored(max_, turn.claims))


def test_great_and_slang_family_nouns(max_: Max) -> None:
    ola, sam = _person(max_, "Ola"), _person(max_, "Sam")
    turn = max_.say("My great-grandmother Vera is ninety-nine.", ola)
    assert ("Vera", "great_grandmother_of", "Ola") in _stored(max_, turn.claims)
    assert "ninety-nine" in _answer(max_.say("How old is Ola's great-grandmother?", sam))
    turn = max_.say("my sis Maja is 21", sam)
    assert ("Maja", "sis_of", "Sam") in _stored(max_, turn.claims)
    assert "21" in _answer(max_.say("How old is my sister?", sam))


def test_an_owner_the_parser_hung_elsewhere(max_: Max) -> None:
    # "... in Leeds and Tom's dad Ray lives ...": "Tom's" parsed as a conjunct of Leeds.
    ola, sam = _person(max_, "Ola"), _person(max_, "Sam")
    turn = max_.say("My aunt lives in Leeds and Tom's dad Ray lives in York.", ola)
    assert ("Ray", "dad_of", "Tom") in _stored(max_, turn.claims)
    assert "ray" in _answer(max_.say("Who is Tom's father?", sam))


def test_the_name_after_the_owners_relative_noun(max_: Max) -> None:
    ola, sam = _person(max_, "Ola"), _person(max_, "Sam")
    turn = max_.say("We flew out for Ola's brother Jan's graduation.", sam)
    assert ("Jan", "brother_of", "Ola") in _stored(max_, turn.claims)
    assert "jan" in _answer(max_.say("Who is my brother?", ola))


def test_a_relative_named_after_it_is_introduced(max_: Max) -> None:
    ola, sam = _person(max_, "Ola"), _person(max_, "Sam")
    max_.say("My brother Piet lives in Ghent.", ola)
    turn = max_.say("Piet has a new son, his name is Bram.", ola)
    stored = _stored(max_, turn.claims)
    assert ("Bram", "son_of", "Piet") in stored
    # The name is the son's, not Piet's.
    assert not any(p == "name" for _, p, _ in stored)
    assert "bram" in _answer(max_.say("What is my nephew called?", ola))
    # A pet introduced, named in the next sentence.
    turn = max_.say("We got a kitten yesterday. Her name is Mochi.", sam)
    stored = _stored(max_, turn.claims)
    assert ("Mochi", "pet_of", "Sam") in stored
    assert "mochi" in _answer(max_.say("What is the name of Sam's kitten?", ola))
    # The name set off after the day the birth was on.
    turn = max_.say("Piet's wife had a baby girl on Friday, Lotte.", ola)
    assert any(s == "Lotte" and p == "girl_of" for s, p, _ in _stored(max_, turn.claims))
    # A possessive of the other sex names someone else: nothing is taken for the son's name.
    turn = max_.say("Ana has a son, her name is on the list.", sam)
    assert not any(p == "son_of" for _, p, _ in _stored(max_, turn.claims))


def test_children_named_with_the_noun_left_out(max_: Max) -> None:
    mia, dan = _person(max_, "Mia"), _person(max_, "Dan")
    turn = max_.say("It's me and my three, Ezra, Noor and Lev.", mia)
    stored = _stored(max_, turn.claims)
    assert {(s, o) for s, p, o in stored if p == "child_of"} == {
        ("Ezra", "Mia"),
        ("Noor", "Mia"),
        ("Lev", "Mia"),
    }
    assert "3" in _answer(max_.say("How many children do I have?", mia))
    max_.say("My dad Owen lives in Bangor.", mia)
    # Ezra's grandfather: his mother's father.
    assert "owen" in _answer(max_.say("Who is my grandfather?", _person(max_, "Ezra")))
    turn = max_.say("Our youngest Ivo starts school in May.", dan)
    assert ("Ivo", "child_of", "Dan") in _stored(max_, turn.claims)
    # A number that counts things, or a list of another length, names no children.
    turn = max_.say("My two dogs, Rex and Bo, sleep all day.", dan)
    assert not any(p == "child_of" for _, p, _ in _stored(max_, turn.claims))
    turn = max_.say("I met my two, Ada, Ben and Cy at the park.", dan)
    assert not any(p == "child_of" for _, p, _ in _stored(max_, turn.claims))


def test_a_sexed_noun_is_not_every_relative_of_unknown_sex(max_: Max) -> None:
    # Two children whose sex nobody said are not both "my son".
    mia = _person(max_, "Mia")
    max_.say("Me and my two, Kit and Sasha, live in Bath.", mia)
    reply = _answer(max_.say("Who is my son?", mia))
    assert "kit" not in reply or "sasha" not in reply


def test_some_of_the_children_named_and_the_number_of_all(max_: Max) -> None:
    # "two of our four": two named, four in all; the count is the number said.
    mia, dan = _person(max_, "Mia"), _person(max_, "Dan")
    turn = max_.say("This is Dan my husband and two of our four, Rosa and Teo.", mia)
    stored = _stored(max_, turn.claims)
    assert ("Rosa", "child_of", "Mia") in stored
    assert "four" in _answer(max_.say("How many kids do we have?", dan))


def test_a_kind_asked_that_the_answer_is_not(max_: Max) -> None:
    # "What medicine ...?" is not answered by a game taken up.
    ada, ben = _person(max_, "Ada"), _person(max_, "Ben")
    max_.say("I took up chess at the club.", ada)
    assert "chess" not in _answer(max_.say("What medicine does Ada take?", ben))
    assert "chess" in _answer(max_.say("What game did Ada take up?", ben))
