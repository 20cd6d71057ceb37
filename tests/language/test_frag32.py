"""Fragment answers to questions between people (issue 21, frag32): a fragment fills the
question's gap only when it is of the gap's kind; an indefinite word of a yes/no question
("anywhere", "anything") is a gap the fragment fills; "me" answers a subject's "who" as "I"; a
linking word before the wh-word ("So who's going?") is no part of the question. Real turns on a
real DuckDB graph, in words of their own, each with a trap."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_a_fragment_not_of_the_gaps_kind_fills_nothing(max_: Max) -> None:
    nell, osric = _person(max_, "Nell"), _person(max_, "Osric")
    max_.say("Who baked the cake?", nell)
    stored = _stored(max_, max_.say("Lemon and poppy seed.", osric).claims)
    assert not any("lemon" in s.lower() for s, _, _ in stored)
    max_.say("How long did you stay in Crete?", nell)
    stored = _stored(max_, max_.say("A villa by the beach.", osric).claims)
    assert not any("villa" in o.lower() for _, _, o in stored)
    # Trap: a person fills a who, a length a how long.
    max_.say("Who baked the bread?", nell)
    stored = _stored(max_, max_.say("My neighbour Tamsin.", osric).claims)
    assert any("Tamsin" in s for s, _, _ in stored)
    max_.say("How long did you stay in Sicily?", nell)
    stored = _stored(max_, max_.say("Nine days.", osric).claims)
    assert any(s == "Osric" and p.startswith("stay") for s, p, _ in stored)


def test_an_indefinite_word_of_a_yes_no_question_is_a_gap(max_: Max) -> None:
    nell, osric = _person(max_, "Nell"), _person(max_, "Osric")
    max_.say("Are you going anywhere at half term?", nell)
    stored = _stored(max_, max_.say("Bruges, with the kids.", osric).claims)
    assert any(s == "Osric" and p.startswith("go") and "Bruges" in o for s, p, o in stored)
    # Trap: a fragment that names no thing ("Not really.") fills no "anything".
    max_.say("Did you buy anything at the fair?", nell)
    stored = _stored(max_, max_.say("Just a jar of honey.", osric).claims)
    assert any(s == "Osric" and p.startswith("buy") and "honey" in o for s, p, o in stored)
    max_.say("Did you cook anything at the weekend?", nell)
    stored = _stored(max_, max_.say("Honestly, far too long.", osric).claims)
    assert not any(p.startswith("cook") for _, p, _ in stored)


def test_me_answers_who_as_the_one_who_said_it(max_: Max) -> None:
    nell, osric = _person(max_, "Nell"), _person(max_, "Osric")
    max_.say("So who's walking the dog tonight?", nell)
    stored = _stored(max_, max_.say("Me.", osric).claims)
    assert any(s == "Osric" and p.startswith("walk") for s, p, _ in stored)
    # Trap: the asker is not the one who walks it.
    assert not any(s == "Nell" for s, _, _ in stored)
