"""Turns that store nothing (issue 21, turn32): a verb of wanting or planning whose inner verb
says its content with a preposition ("hopes to move to Aberdeen", "wants to move in with
Carys") is held as the wish, under the wish's predicate; and a plan or wish to move is no
home ("Where does he live?" is not answered by where he is going to move)."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_hope_to_move_somewhere_is_held_as_the_hope(max_: Max) -> None:
    laura, odile = person(max_, "Laura"), person(max_, "Odile")
    max_.say("Tomasz hopes to move to Aberdeen next year.", laura)
    assert "aberdeen" in answer_of(max_.say("Where does Tomasz hope to move?", odile))
    assert answer_of(max_.say("Where does Tomasz live?", odile)) == ""


def test_a_wish_to_move_in_with_someone_names_them(max_: Max) -> None:
    laura, odile = person(max_, "Laura"), person(max_, "Odile")
    max_.say("My sister wants to move in with her friend Carys.", laura)
    said = answer_of(max_.say("Who does Laura's sister want to move in with?", odile))
    assert "carys" in said
    assert answer_of(max_.say("Who does Laura's sister live with?", odile)) == ""


def test_a_plan_to_move_is_no_home(max_: Max) -> None:
    laura, odile = person(max_, "Laura"), person(max_, "Odile")
    max_.say("Kenji is going to move to Lisbon.", laura)
    assert answer_of(max_.say("Where does Kenji live?", odile)) == ""
    assert "lisbon" in answer_of(max_.say("Where is Kenji going to move?", odile))
