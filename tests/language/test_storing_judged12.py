"""What a turn does not store because its speaker did not state it (issue 21, judged long-talk
precision, judge12), through real turns on a real DuckDB graph: someone else's opinion
reported, a time said as the doer, an object said with the state it is kept in, a verb of
becoming with a bare role noun; and what it stores whole: a preposition that denies its phrase
("without") keeps its word, a name with a possessive inside it is one name. None of these
sentences is in the language corpus."""

from __future__ import annotations

import json

from tests.language.test_conversation import Max
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_someone_elses_opinion_is_not_stored_nor_the_speakers_own_guess(max_: Max) -> None:
    lucia = _person(max_, "Lucia")
    reported = max_.say("My brother reckons Oscar is a genius.", lucia)
    assert not any(s == "Oscar" for s, _, _ in _stored(max_, reported.claims))
    # prec24 (issue 21): the speaker's own "I think" is a guess too, not a fact (doubted.py).
    own = max_.say("I think Oscar plays chess.", lucia)
    assert ("Oscar", "plays", "chess") not in _stored(max_, own.claims)


def test_a_time_is_no_doer(max_: Max) -> None:
    lucia = _person(max_, "Lucia")
    turn = max_.say("Three days left at work.", lucia)
    assert not any("days" in s for s, _, _ in _stored(max_, turn.claims))


def test_an_object_kept_in_a_state_and_a_role_become_are_not_things_done(max_: Max) -> None:
    lucia = _person(max_, "Lucia")
    for text, verb in (
        ("I kept the window open all night.", "keeps"),
        ("My cousin Ines made captain last season.", "makes"),
    ):
        stored = _stored(max_, max_.say(text, lucia).claims)
        assert not any(p == verb for _, p, _ in stored), (text, stored)
    # A determiner makes the noun a thing made: "made a cake" is a deed.
    assert ("Lucia", "makes", "cake") in _stored(max_, max_.say("I made a cake.", lucia).claims)


def test_without_keeps_its_word_and_a_possessive_name_is_whole(max_: Max) -> None:
    lucia = _person(max_, "Lucia")
    turn = max_.say("Leo ran the whole race without walking.", lucia)
    said = " ".join(json.dumps(c, default=str) for c in turn.claims)
    assert "without walking" in said, turn.claims
    spent = _stored(max_, max_.say("I spent New Year's Eve in Galway.", lucia).claims)
    assert ("Lucia", "spends", "New Year's Eve") in spent, spent


def test_someones_kin_after_an_adjective_is_not_a_bare_relative(max_: Max) -> None:
    lucia = _person(max_, "Lucia")
    stored = _stored(max_, max_.say("Milan is close to your grandparents.", lucia).claims)
    assert not any(o == "grandparents" or o == "grandparent" for _, _, o in stored), stored
    allergic = _stored(max_, max_.say("I'm allergic to peanuts.", lucia).claims)
    assert ("Lucia", "allergic_to", "peanuts") in allergic, allergic


def test_a_made_up_name_the_tagger_calls_a_date_is_still_the_doer(max_: Max) -> None:
    # The small pipeline tags some names with digits as DATE; only a word that is a time (a
    # number, or a time noun in WordNet) is read as "when" instead of "who".
    for text in ("dmn541xdrug4 treats fever", "Amber1x47ium treats birch1x47itis"):
        turn = max_.say(text)
        assert turn.claims, (text, turn.reply)
