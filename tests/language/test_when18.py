"""Time said in talk, resolved against the day it was said and answered later (issue 21,
when18): a plan's weekday ahead and a deed's behind, named days and seasons ("last
Christmas", "the summer before last"), a year said alone, a duration that keeps running
("for six years" is seven a year on), "Since when ...?" and "How long ago ...?". The pure
resolver first, across a month's and a year's end; then real turns on a real DuckDB graph,
each with a question that must stay "I don't know"."""

from __future__ import annotations

from datetime import UTC, date, datetime

from resident.language.told_time import told
from resident.language.when import mentions_time, resolve
from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person

SUN_31_MAY = datetime(2026, 5, 31, 9, tzinfo=UTC)
THU_31_DEC = datetime(2026, 12, 31, 18, tzinfo=UTC)


def _on(phrase: str, now: datetime, past: bool | None) -> date | None:
    found = resolve(phrase, now, past=past)
    return None if found is None else found.date()


def test_a_weekday_or_month_goes_the_way_the_tense_says() -> None:
    # Said on Sunday 31 May: the coming Friday is in June, the one gone in May.
    assert _on("on Friday", SUN_31_MAY, past=False) == date(2026, 6, 5)
    assert _on("on Friday", SUN_31_MAY, past=True) == date(2026, 5, 29)
    # Said on New Year's Eve: March ahead is next year's, March gone this year's.
    assert _on("in March", THU_31_DEC, past=False) == date(2027, 3, 1)
    assert _on("in March", THU_31_DEC, past=True) == date(2026, 3, 1)


def test_counted_spans_cross_the_months_and_years_end() -> None:
    assert _on("in two weeks", THU_31_DEC, past=False) == date(2027, 1, 14)
    assert _on("a couple of days ago", datetime(2027, 1, 1, tzinfo=UTC), True) == date(2026, 12, 30)
    # Wednesday 30 December: the coming weekend starts on 2 January, the one after on the 9th.
    wed = datetime(2026, 12, 30, 12, tzinfo=UTC)
    assert _on("the weekend after next", wed, past=False) == date(2027, 1, 9)


def test_named_days_and_seasons_recur_each_year() -> None:
    # Six days after it, "last Christmas" is this year's; "at Christmas" of a plan next year's.
    assert _on("last Christmas", THU_31_DEC, past=True) == date(2026, 12, 25)
    assert _on("at Christmas", THU_31_DEC, past=False) == date(2027, 12, 25)
    assert _on("the Christmas before last", THU_31_DEC, past=True) == date(2025, 12, 25)
    # Easter moves: 28 March in 2027.
    assert _on("at Easter", THU_31_DEC, past=False) == date(2027, 3, 28)
    # A season is over before it is "last": in May the last summer is the year before's.
    assert _on("last summer", SUN_31_MAY, past=True) == date(2025, 6, 1)
    assert _on("the summer before last", SUN_31_MAY, past=True) == date(2024, 6, 1)
    assert _on("this winter", THU_31_DEC, past=False) == date(2026, 12, 1)
    found = resolve("the summer before last", SUN_31_MAY, past=True)
    assert found is not None and told(found, SUN_31_MAY, "the summer before last") == "summer 2024"
    # A year said alone is told as the year.
    year = resolve("in 1986", SUN_31_MAY, past=True)
    assert year is not None and told(year, SUN_31_MAY, "in 1986") == "1986"
    # A habit names no one day.
    assert resolve("every Christmas", SUN_31_MAY, past=None) is None
    # A season word alone may be someone's name; after "last", "the", "in" it is a time.
    assert not mentions_time("Autumn") and mentions_time("late last autumn")
    assert resolve("Autumn", SUN_31_MAY, past=True) is None
    # A weekday said with a season is the day: "on Thursday for the summer".
    assert _on("on Thursday for the summer", SUN_31_MAY, past=True) == date(2026, 5, 28)


def test_a_plan_on_a_weekday_is_the_one_ahead(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.clock.advance(days=2)  # Saturday 3 January 2026
    max_.say("Priya is getting married on Friday.", ines)
    assert "9 january 2026" in _answer(max_.say("When is Priya getting married?", oli))
    max_.say("Tariq got married on Friday.", ines)
    assert "2 january 2026" in _answer(max_.say("When did Tariq get married?", oli))
    assert _answer(max_.say("When is Oli getting married?", ines)) == ""


def test_a_duration_said_keeps_running(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.clock.advance(days=364)  # Thursday 31 December 2026
    max_.say("Oli has worked at the paper mill for six years.", ines)
    max_.say("My aunt has lived in Galway since 2019.", ines)
    max_.say("Ines lived in Lyon for three years.", oli)
    max_.clock.advance(days=1)  # a day on, a new year: not a year more yet
    assert "six years" in _answer(max_.say("How long has Oli worked at the paper mill?", ines))
    max_.clock.advance(days=370)
    assert "seven years" in _answer(max_.say("How long has Oli worked at the paper mill?", ines))
    assert "2020" in _answer(max_.say("Since when has Oli worked at the paper mill?", ines))
    assert "nine years" in _answer(max_.say("How long has my aunt lived in Galway?", ines))
    # Over when it was said: told as said.
    assert "three years" in _answer(max_.say("How long did Ines live in Lyon?", oli))
    assert _answer(max_.say("Since when has Oli worked at the bakery?", ines)) == ""
    # "since three years", as many speakers say "for three years", runs on as well.
    max_.say("Since three years I work at the harbour.", oli)
    max_.clock.advance(days=366)
    assert "four years" in _answer(max_.say("How long have I worked at the harbour?", oli))


def test_when_and_how_long_ago_at_the_precision_said(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.clock.advance(days=40)  # Tuesday 10 February 2026
    max_.say("We went skating in Bruges last Christmas.", ines)
    max_.say("My uncle Frank retired in 2011.", ines)
    max_.say("Oli moved to Cork the summer before last.", ines)
    assert "25 december 2025" in _answer(max_.say("When did we go skating?", ines))
    assert "2011" in _answer(max_.say("When did Frank retire?", oli))
    assert "summer 2024" in _answer(max_.say("When did Oli move to Cork?", ines))
    max_.say("We drove to Bruges on New Year's Eve.", ines)
    max_.clock.advance(days=30)  # 12 March 2026
    assert "two months ago" in _answer(max_.say("How long ago did we drive to Bruges?", ines))
    assert _answer(max_.say("How long ago did Frank drive to Bruges?", ines)) == ""
