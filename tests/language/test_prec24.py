"""What is not stored as a fact, and how a stored place or time is answered (issue 21, precision
on long talk and answers about something else, prec24), through real turns on a real DuckDB
graph. Every sentence here was written for these tests, in words of its own."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_a_clause_said_with_a_modal_adverb_is_no_fact(max_: Max) -> None:
    ines = _person(max_, "Ines")
    for said, predicate in (
        ("Perhaps my aunt Rosa will retire next year.", "retires"),
        ("Supposedly the bakery on Mill Lane is closing.", "closes"),
        ("Allegedly Omar got a new job at the bank.", "gets"),
        ("My godson probably plays rugby for the county.", "plays"),
    ):
        stored = _stored(max_, max_.say(said, ines).claims)
        assert not any(p == predicate for _, p, _ in stored), said
        assert not any("allegedly" in s.lower() for s, _, _ in stored), said
    # News passed on as the teller holds it is stored.
    turn = max_.say("Apparently Bode works at the port now.", ines)
    assert ("Bode", "works_at", "port") in _stored(max_, turn.claims)
    # The relation said beside the guess is still the teller's own.
    turn = max_.say("Maybe my cousin Femi is moving to Dubai.", ines)
    stored = _stored(max_, turn.claims)
    assert ("Femi", "cousin_of", "Ines") in stored
    assert not any(o == "Dubai" for _, _, o in stored)


def test_an_overstatement_answers_no_question(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("My brother Kwame lives in Leeds.", ines)
    assert ("Kwame", "lives_in", "Leeds") in _stored(max_, turn.claims)
    for said in (
        "Kwame basically lives at the climbing wall these days.",
        "He practically lives in his office.",
        "Honestly he virtually lives at the pub.",
    ):
        assert not any(
            p.startswith("lives") for _, p, _ in _stored(max_, max_.say(said, ines).claims)
        )
    reply = _answer(max_.say("Where does Kwame live?", oli))
    assert "leeds" in reply.lower()
    assert not any(w in reply.lower() for w in ("wall", "office", "pub"))


def test_a_guess_or_hearsay_under_a_verb_of_belief_is_no_fact(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    for said, predicate in (
        ("I reckon Clive has moved to Bristol.", "moves_to"),
        ("Clive works at the docks, I believe.", "works_at"),
        ("I heard Clive sold his van.", "sells"),
        ("I doubt Clive is coming to the reunion.", "comes_to"),
        ("My sister suspects Clive is retiring.", "retires"),
    ):
        stored = _stored(max_, max_.say(said, ines).claims)
        assert not any(p == predicate for _, p, _ in stored), said
    assert not _answer(max_.say("Does Clive work at the docks?", oli)).startswith("yes")
    # What the teller knows is stated: a factive verb is no guess.
    turn = max_.say("I know Clive sold his van.", ines)
    assert ("Clive", "sells", "van") in _stored(max_, turn.claims)
    turn = max_.say("Clive moved to Bristol in May.", ines)
    assert any(p.startswith("moves") for _, p, _ in _stored(max_, turn.claims))


def test_a_remark_on_the_telling_is_no_place(max_: Max) -> None:
    ines = _person(max_, "Ines")
    for said in ("I passed my driving test, by the way.", "Oli fixed the boiler in the end."):
        for claim in max_.say(said, ines).claims:
            held = claim.get("qualifiers", {})
            assert "way" not in held.values() and "end" not in held.values(), said
    # A phrase of place WordNet also lists as an adverb stays a place.
    turn = max_.say("I work at home on Fridays.", ines)
    assert ("Ines", "works_at", "home") in _stored(max_, turn.claims)


def test_where_is_answered_by_the_place_with_its_own_place(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.say("Dara teaches at a primary school in Salford.", ines)
    reply = _answer(max_.say("Where does Dara teach?", oli))
    assert "primary school" in reply.lower(), reply
    max_.say("My uncle Tariq works in a garage near the ring road.", ines)
    reply = _answer(max_.say("Where does Tariq work?", oli))
    assert "garage" in reply.lower(), reply


def test_a_time_is_answered_as_finely_as_it_was_held(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.say("I moved to Dundee in October last year.", oli)
    reply = _answer(max_.say("When did Oli move to Dundee?", ines))
    assert "october" in reply.lower(), reply
    # A year said alone is answered as a year, never a month read from the day it was told.
    max_.say("My cousin Dara started at the university last year.", ines)
    reply = _answer(max_.say("When did Dara start at the university?", oli))
    assert any(ch.isdigit() for ch in reply) and not any(
        m in reply.lower() for m in ("january", "may", "june")
    ), reply
