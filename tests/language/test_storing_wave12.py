"""What a turn stores (issue 21, the storing side, wave 12), through real turns on a real
DuckDB graph: an answer said as a fragment to another speaker's question is read with it."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_a_place_said_alone_answers_where_the_question_asked(max_: Max) -> None:
    kit, walter = _person(max_, "Kit"), _person(max_, "Walter")
    asked = max_.say("Where did you grow up?", kit)
    assert not asked.claims  # a question between people stores nothing by itself
    turn = max_.say("Whitby. Little terraced house by the harbour.", walter)
    assert any(s == "Walter" and o == "Whitby" for s, _, o in _stored(max_, turn.claims))
    assert "whitby" in _answer(max_.say("Where did Walter grow up?", kit))


def test_a_bare_no_answers_a_yes_no_question_with_its_polarity(max_: Max) -> None:
    kit, walter = _person(max_, "Kit"), _person(max_, "Walter")
    max_.say("Do you still go out fishing?", kit)
    max_.say("No, not since my knee operation.", walter)
    assert _answer(max_.say("Does Walter still go fishing?", kit)).startswith("no")


def test_a_number_said_alone_is_the_count_the_question_asked(max_: Max) -> None:
    kit, walter = _person(max_, "Kit"), _person(max_, "Walter")
    max_.say("How many brothers and sisters did you have?", kit)
    max_.say("Five. I was the youngest.", walter)
    assert "five" in _answer(max_.say("How many brothers does Walter have?", kit))


def test_the_question_about_someone_else_fills_with_the_fragment(max_: Max) -> None:
    ines, bo = _person(max_, "Ines"), _person(max_, "Bo")
    max_.say("My brother Tiago is visiting next weekend.", ines)
    max_.say("Course. How old is he?", bo)
    max_.say("Nineteen. First time in England.", ines)
    assert "nineteen" in _answer(max_.say("How old is Tiago?", bo))


def test_a_fragment_answers_nothing_it_was_not_asked(max_: Max) -> None:
    kit, walter = _person(max_, "Kit"), _person(max_, "Walter")
    # The asker's own fragment answers nothing: "Whitby" is not where Kit grew up.
    max_.say("Where did you grow up?", kit)
    turn = max_.say("Whitby, maybe?", kit)
    assert not any(o == "Whitby" for _, _, o in _stored(max_, turn.claims))
    # A turn between the question and the fragment: the fragment is read alone.
    max_.say("Where did you grow up?", kit)
    max_.say("Lovely weather today.", walter)
    turn = max_.say("Whitby.", walter)
    assert not turn.claims
    # A clause of its own is read as it is, not as the question's answer.
    max_.say("Where did you grow up?", kit)
    turn = max_.say("No idea why you ask, I work in Leeds.", walter)
    assert not any(p.startswith("grows") for _, p, _ in _stored(max_, turn.claims))


def test_a_question_whose_what_is_a_reason_stores_nothing_from_its_answer(max_: Max) -> None:
    dani, ines = _person(max_, "Dani"), _person(max_, "Ines")
    max_.say("What made you pick Bristol?", dani)
    turn = max_.say("The aquarium job.", ines)
    assert not turn.claims


def test_a_social_turn_between_question_and_fragment_leaves_the_fragment_alone(max_: Max) -> None:
    kit, walter = _person(max_, "Kit"), _person(max_, "Walter")
    max_.say("Where did you grow up?", kit)
    max_.say("Thanks!", kit)  # read at the tokenizer: no parse, no question
    turn = max_.say("Whitby.", walter)
    assert not turn.claims
