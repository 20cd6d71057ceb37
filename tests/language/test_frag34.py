"""Fragment answers between people whatever the question's shape (issue 21, frag34): a verbless
follow-up ("And your sister?") asks again its asker's last question of a new subject of the same
kind; a fragment before a comma and a clause of its own ("Six, the eldest is at college.") is
the answer; a length said with a yes is how long; a day fills a "when" as "on" that day. Real
turns on a real DuckDB graph, in words of their own, each with a trap."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_a_verbless_follow_up_asks_the_last_question_again(max_: Max) -> None:
    nell, osric, ada = (_person(max_, n) for n in ("Nell", "Osric", "Ada"))
    max_.say("Osric, where does your brother live these days?", nell)
    max_.say("Galway.", osric)
    max_.say("And your sister?", nell)
    stored = _stored(max_, max_.say("Cork, near the harbour.", osric).claims)
    assert any("Cork" in o for _, _, o in stored)
    assert "cork" in answer_of(max_.say("Where does Osric's sister live?", ada)).lower()
    # Trap: a follow-up of another kind of thing (a car for a person) borrows nothing.
    max_.say("Where does your cousin work?", nell)
    max_.say("A garage in Tralee.", osric)
    max_.say("What about the van?", nell)
    stored = _stored(max_, max_.say("Killarney.", osric).claims)
    assert not any("Killarney" in o for _, _, o in stored)


def test_the_fragment_before_a_clause_of_its_own_is_the_answer(max_: Max) -> None:
    nell, osric, ada = (_person(max_, n) for n in ("Nell", "Osric", "Ada"))
    max_.say("How many nephews have you got?", nell)
    max_.say("Six, the eldest is at college.", osric)
    assert "six" in answer_of(max_.say("How many nephews does Osric have?", ada)).lower()
    # Trap: words before the comma that name nothing fill no gap.
    max_.say("What did you cook on Sunday?", nell)
    stored = _stored(max_, max_.say("Honestly, I can't remember.", osric).claims)
    assert not any(p.startswith("cook") for _, p, _ in stored)


def test_a_length_said_with_a_yes_is_how_long(max_: Max) -> None:
    nell, osric, ada = (_person(max_, n) for n in ("Nell", "Osric", "Ada"))
    max_.say("Were you ever a postman?", nell)
    stored = _stored(max_, max_.say("Yes, fourteen years.", osric).claims)
    assert any(s == "Osric" and "postman" in o for s, _, o in stored)
    assert "fourteen" in answer_of(max_.say("How long was Osric a postman?", ada)).lower()
    # Trap: a no with a length says nothing of how long.
    max_.say("Were you ever a fireman?", nell)
    max_.say("No, two years in the reserves.", osric)
    assert answer_of(max_.say("How long was Osric a fireman?", ada)) == ""


def test_a_day_fills_when_as_on_that_day(max_: Max) -> None:
    nell, osric, ada = (_person(max_, n) for n in ("Nell", "Osric", "Ada"))
    max_.say("When is the glass collected?", nell)
    max_.say("Wednesdays.", osric)
    assert "wednesday" in answer_of(max_.say("When is the glass collected?", ada)).lower()
