"""What a turn stores (issue 21, the storing side, wave 9), through real turns on a real DuckDB
graph: a verb of talk or thought whose object is a physical thing is a deed ("caught two
mice"), a non-native "he has seven years" is an age, a noun's "not" opens a contrast that is no
part of the thing, and "I have news" stores nothing."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_a_physical_object_makes_a_verb_of_talk_a_deed(max_: Max) -> None:
    declan, siobhan = _person(max_, "Declan"), _person(max_, "Siobhan")
    turn = max_.say("Biscuit caught two mice this week.", declan)
    assert ("Biscuit", "catches", "two mice") in _stored(max_, turn.claims)
    assert _answer(max_.say("How many mice did Biscuit catch?", siobhan)) in ("2", "two")
    # Catching a cold, hearing the news, telling a story: no physical thing, nothing stored.
    for text in ("Siobhan caught a cold.", "Did you hear the news?", "I told Niamh a story."):
        assert _stored(max_, max_.say(text, declan).claims) == set(), text


def test_having_a_count_of_years_is_an_age(max_: Max) -> None:
    agnieszka, zofia = _person(max_, "Agnieszka"), _person(max_, "Zofia")
    max_.say("We have a son, Kuba, he has seven years.", agnieszka)
    assert _answer(max_.say("How old is Kuba?", zofia)) in ("7", "seven")
    # A household's years, or years of something, are nobody's age.
    for text in ("We have two years left.", "I have three years of Spanish."):
        stored = _stored(max_, max_.say(text, agnieszka).claims)
        assert not any(p == "age" for _, p, _ in stored), text


def test_a_contrast_is_no_part_of_the_thing_and_news_is_no_thing(max_: Max) -> None:
    tunde = _person(max_, "Tunde")
    turn = max_.say("I love the kids, not the marking.", tunde)
    assert ("Tunde", "loves", "kids") in _stored(max_, turn.claims)
    assert not any("not" in o.split() for _, _, o in _stored(max_, turn.claims))
    assert _stored(max_, max_.say("And I have more news.", tunde).claims) == set()
