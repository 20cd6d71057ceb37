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


def test_a_passive_state_is_stored_with_its_time_and_how_long(max_: Max) -> None:
    alun, margaret = _person(max_, "Alun"), _person(max_, "Margaret")
    turn = max_.say("We've been married forty-seven years.", alun)
    stored = [c for c in turn.claims if c["object_literal"] == "married"]
    assert stored and stored[0]["predicate"] == "is"
    assert "forty-seven years" in str(stored[0])
    ana = _person(max_, "Ana")
    turn = max_.say("My brother Pablo is getting married in June, in Seville.", ana)
    assert ("Pablo", "gets", "married") in _stored(max_, turn.claims)
    wed = next(c for c in turn.claims if c["object_literal"] == "married")
    assert "Seville" in str(wed) and "plan" in str(wed)
    # Something given to someone, or done by someone named, is no state of the subject.
    for text in ("I was given a watch.", "Margaret was seen by the doctor."):
        stored_objects = {o for _, _, o in _stored(max_, max_.say(text, margaret).claims)}
        assert not stored_objects & {"given", "seen"}, text


def test_a_gerund_s_place_and_company_are_the_clause_s(max_: Max) -> None:
    layla, karim = _person(max_, "Layla"), _person(max_, "Karim")
    max_.say("Karim took the kids camping in the Peak District last weekend.", layla)
    assert "peak district" in _answer(max_.say("Where did Karim take the kids?", layla))
    turn = max_.say("I went surfing with my brother in Cornwall.", karim)
    surfing = next(c for c in turn.claims if c["object_literal"] == "surfing")
    assert "Cornwall" in str(surfing) and "brother" in str(surfing)


def test_a_noun_after_the_clause_s_place_is_how_not_what(max_: Max) -> None:
    siobhan = _person(max_, "Siobhan")
    turn = max_.say("i work in the library part time three days a week", siobhan)
    assert ("Siobhan", "works_in", "library") in _stored(max_, turn.claims)
    # A noun right after the verb is still its object when the tagger missed it.
    turn = max_.say("Declan hates cilantro.", siobhan)
    assert ("Declan", "hates", "cilantro") in _stored(max_, turn.claims)


def test_an_article_less_occupation_is_what_someone_works_as(max_: Max) -> None:
    piotr, zofia = _person(max_, "Piotr"), _person(max_, "Zofia")
    turn = max_.say("I am electrician, I have my own company.", piotr)
    assert ("Piotr", "works_as", "electrician") in _stored(max_, turn.claims)
    assert "electrician" in _answer(max_.say("What does Piotr work as?", zofia))
    # An adjective stays a passing state, stored as nothing.
    assert _stored(max_, max_.say("I am tired.", piotr).claims) == set()
