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


def test_a_time_said_alone_to_a_yes_no_question_answers_yes_with_it(max_: Max) -> None:
    abena, kwame = _person(max_, "Abena"), _person(max_, "Kwame")
    max_.say("My daughter Efua is painting the sign.", abena)
    max_.say("Is she coming home for the opening?", abena)
    max_.say("Yes, for the whole week.", kwame)
    assert _answer(max_.say("Is Efua coming home for the opening?", abena)).startswith("yes")


def test_a_telegraphic_self_description_is_what_the_speaker_says_of_themself(max_: Max) -> None:
    gethin = _person(max_, "Gethin")
    turn = max_.say("gethin, welsh, 24, work in a climbing shop, hate mondays", gethin)
    stored = _stored(max_, turn.claims)
    assert ("Gethin", "works_in", "climbing shop") in stored
    assert "24" in _answer(max_.say("How old is Gethin?", gethin))
    assert "climbing shop" in _answer(max_.say("Where does Gethin work?", gethin))


def test_a_list_after_someone_elses_name_or_a_clause_says_nothing_of_the_speaker(
    max_: Max,
) -> None:
    tom = _person(max_, "Tom")
    # Addressed by name: a question, not a description of oneself.
    turn = max_.say("Tom, can you pass the salt?", tom)
    assert not turn.claims
    # Not the speaker's name, and a place is not what one is.
    turn = max_.say("ines, porto, 27, nurse", tom)
    assert not any(s == "Tom" for s, _, _ in _stored(max_, turn.claims))


def test_a_how_question_is_no_yes_no_question_for_a_place_said_after_it(max_: Max) -> None:
    bea, tunde = _person(max_, "Bea"), _person(max_, "Tunde")
    max_.say("How was your break?", bea)
    turn = max_.say("In Porto with my brother.", tunde)
    assert not any(o == "Porto" for _, _, o in _stored(max_, turn.claims))


def test_a_who_question_takes_a_name_but_not_a_no_or_a_pronoun(max_: Max) -> None:
    bea, tunde = _person(max_, "Bea"), _person(max_, "Tunde")
    max_.say("Who's looking after Pilot?", bea)
    turn = max_.say("Not me. Pilot ate my sandwich last time.", tunde)
    assert not any(o == "Pilot" and p.startswith("look") for _, p, o in _stored(max_, turn.claims))
    max_.say("Who is picking up the kids?", bea)
    turn = max_.say("Tom.", tunde)
    assert ("Tom", "picks_up", "kids") in _stored(max_, turn.claims)
