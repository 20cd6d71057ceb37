"""Times that resolve to no date (issue 21, time38): a named day dateutil counts (the Easter
cycle, an nth weekday of a month), a day of the month said without "the" or its hyphen, and a
span said before a day gone ("a week last Thursday") are placed on the calendar, so "When ...?"
is answered with the day. The resident's clock starts on Thursday 1 January 2026."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def _asked(m: Max, said: str, question: str) -> str:
    pid = person(m, "Lachlan")
    m.say(said, pid)
    return answer_of(m.say(question, person(m, "Odile")))


def test_a_day_counted_from_easter_is_its_date(max_: Max) -> None:
    # Shrove Tuesday 2025 is 47 days before Easter Sunday (20 April 2025).
    said = _asked(max_, "Morven burnt her hand on Pancake Day.", "When did Morven burn her hand?")
    assert "4 march 2025" in said


def test_a_named_sunday_is_not_the_last_sunday(max_: Max) -> None:
    # Mothering Sunday is three weeks before Easter, not the Sunday before the day it is said.
    said = _asked(max_, "Hamish visited us on Mothering Sunday.", "When did Hamish visit Lachlan?")
    assert "30 march 2025" in said


def test_a_day_said_without_its_hyphen_or_article(max_: Max) -> None:
    said = _asked(max_, "Anja arrived on twentieth December.", "When did Anja arrive?")
    assert "20 december 2025" in said


def test_a_week_before_a_day_gone(max_: Max) -> None:
    # Said on Thursday 1 January: last Thursday is 25 December, a week before it the 18th.
    said = _asked(
        max_, "The boiler broke down a week last Thursday.", "When did the boiler break down?"
    )
    assert "18 december 2025" in said
