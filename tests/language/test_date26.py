"""Dates and "when" (issue 21, date26): the year of a date said without one, relative dates
said other ways, and "when" questions that reach a held event by its name or from either side
of what two people did together. Sentences written for these tests, not taken from the corpus;
real turns on a real DuckDB graph, and the resolver's pure side on its own."""

from __future__ import annotations

from datetime import UTC, datetime

from resident.language.when import resolve, yearless_day
from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person

#: Wednesday 15 July 2026.
_JULY = datetime(2026, 7, 15, 16, 0, tzinfo=UTC)


def _day(claim: dict[str, object]) -> str:
    return str(claim["occurred_at"])[:10]


def _to(max_: Max, moment: datetime) -> None:
    max_.clock.advance(seconds=(moment - max_.clock.now()).total_seconds())


def test_counted_back_with_before_and_ahead_from_the_coming_day() -> None:
    # "before three days" is how many languages say "three days ago".
    assert resolve("before three days", _JULY) == datetime(2026, 7, 12, tzinfo=UTC)
    assert resolve("before a couple of weeks", _JULY) == datetime(2026, 7, 1, tzinfo=UTC)
    # "before Easter" or "before last week" have no count to count back.
    assert resolve("before last week", _JULY) == datetime(2026, 7, 1, tzinfo=UTC)
    # "a fortnight on Friday" is always ahead, whatever the clause's tense.
    ahead = datetime(2026, 7, 31, tzinfo=UTC)
    assert resolve("a fortnight on Friday", _JULY, past=True) == ahead
    assert resolve("a week on Monday", _JULY, past=None) == datetime(2026, 7, 27, tzinfo=UTC)


def test_a_day_of_this_month_is_this_months_either_side_of_today() -> None:
    assert resolve("on the third of this month", _JULY, past=False) == datetime(
        2026, 7, 3, tzinfo=UTC
    )
    assert resolve("the thirty-first of this month", _JULY, past=True) == datetime(
        2026, 7, 31, tzinfo=UTC
    )


def test_which_phrases_are_a_yearless_day() -> None:
    assert yearless_day("on the ninth of March")
    assert yearless_day("October the fourth")
    assert yearless_day("for the second of May")
    assert not yearless_day("in March")
    assert not yearless_day("on the ninth of March 2025")
    assert not yearless_day("since the ninth of March")
    assert not yearless_day("last March")


def test_a_yearless_day_said_with_a_present_perfect_is_ahead(max_: Max) -> None:
    nia = _person(max_, "Nia")
    _to(max_, _JULY)
    # The date in a fragment of its own, said after the present perfect: October ahead.
    turn = max_.say("I've entered the charity fun run. October the fourth.", nia)
    dated = [c for c in turn.claims if c.get("occurred_at")]
    assert dated and all(_day(c) == "2026-10-04" for c in dated)
    # An entry dated ahead dates the race; a booking said last week dates no concert.
    sam = _person(max_, "Sam")
    assert "4 october 2026" in _answer(max_.say("When is the charity fun run?", sam))
    max_.say("I booked the Hull concert last week.", nia)
    assert _answer(max_.say("When is the Hull concert?", sam)) == ""
    # A simple past keeps the day before: March behind.
    turn = max_.say("We moved into the flat on the second of March.", nia)
    dated = [c for c in turn.claims if c.get("occurred_at")]
    assert dated and all(_day(c) == "2026-03-02" for c in dated)


def test_a_yearless_day_across_the_year_end(max_: Max) -> None:
    ola = _person(max_, "Ola")
    _to(max_, datetime(2026, 12, 20, 11, 0, tzinfo=UTC))
    turn = max_.say("I've booked the ferry to Cork. January the third.", ola)
    dated = [c for c in turn.claims if c.get("occurred_at")]
    assert dated and all(_day(c) == "2027-01-03" for c in dated)


def test_has_got_read_as_a_possessive_is_a_plan_ahead(max_: Max) -> None:
    ben, cat = _person(max_, "Ben"), _person(max_, "Cat")
    _to(max_, _JULY)
    # The tagger reads "Mum's" as a possessive and "got" as a past: it is "Mum has got".
    turn = max_.say("Mum's got her hip operation on the ninth of September.", ben)
    dated = [c for c in turn.claims if c.get("occurred_at")]
    assert dated and all(_day(c) == "2026-09-09" for c in dated)
    assert all(c["predicate"] != "gets" for c in dated)
    assert "9 september 2026" in _answer(max_.say("When is Ben's mum's hip operation?", cat))


def test_counted_back_said_before_the_count_in_a_turn(max_: Max) -> None:
    ivo = _person(max_, "Ivo")
    _to(max_, _JULY)
    turn = max_.say("My brother came from Warsaw before three days.", ivo)
    dated = [c for c in turn.claims if c.get("occurred_at")]
    assert dated and all(_day(c) == "2026-07-12" for c in dated)


def test_when_is_an_event_named_by_several_words(max_: Max) -> None:
    rue, sam = _person(max_, "Rue"), _person(max_, "Sam")
    _to(max_, datetime(2026, 12, 20, 11, 0, tzinfo=UTC))
    max_.say("We're having a street party on the 2nd of January.", rue)
    assert "2 january 2027" in _answer(max_.say("When is the street party?", sam))


def test_when_two_people_parted_asked_from_either_side(max_: Max) -> None:
    eli, sam = _person(max_, "Eli"), _person(max_, "Sam")
    _to(max_, _JULY)
    turn = max_.say("Ellie and I broke up on the third of April.", eli)
    assert any(c["predicate"] == "breaks_up_with" for c in turn.claims)
    for asked in (
        "When did Eli and Ellie break up?",
        "When did Ellie and Eli break up?",
        "When did Eli break up?",
    ):
        assert "3 april 2026" in _answer(max_.say(asked, sam)), asked
    # Another verb asked of them is not answered by the break-up.
    assert "april" not in _answer(max_.say("When did Eli meet Ellie?", sam))
