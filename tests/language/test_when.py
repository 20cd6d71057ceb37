"""Time expressions resolved against the moment a turn was said (issue 21): ordinal days, a
weekday with its date, offsets compounded with an anchor, weekends and weeks before last, month
ends; the verb's tense deciding the side of a bare weekday or ordinal day; and the same phrases
read from whole turns through a real Resident on a real DuckDB graph."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from resident.language import when as timewords
from tests.language.test_conversation import Max

THU = datetime(2026, 11, 12, 18, tzinfo=UTC)  # a Thursday


@pytest.mark.parametrize(
    ("said", "phrase", "past", "day"),
    [
        # Offsets compounded with an anchor: the anchor first, then the offset.
        (datetime(2026, 5, 31, 9, tzinfo=UTC), "A year ago today", True, "2025-05-31"),
        (THU, "a week ago yesterday", True, "2026-11-04"),
        (THU, "two weeks ago last Friday", True, "2026-10-23"),
        (THU, "three days from now", False, "2026-11-15"),
        (THU, "a couple of days ago", True, "2026-11-10"),
        (THU, "a fortnight ago", True, "2026-10-29"),
        (THU, "in a couple of weeks", False, "2026-11-26"),
        (THU, "two weeks ago now", True, "2026-10-29"),
        (datetime(2026, 3, 7, tzinfo=UTC), "twenty-five years ago", True, "2001-03-07"),
        # Before last / after next step by the unit named.
        (THU, "the weekend before last", True, "2026-10-31"),
        (THU, "the week before last", True, "2026-10-29"),
        (THU, "the Friday before last", True, "2026-10-30"),
        (THU, "the weekend after next", False, "2026-11-21"),
        (THU, "the month before last", True, "2026-09-12"),
        # Ordinal days: with a month, with "of the month", alone; the tense picks the side.
        (datetime(2026, 6, 20, tzinfo=UTC), "on the fourth of July", False, "2026-07-04"),
        (datetime(2026, 9, 12, tzinfo=UTC), "the tenth of April", False, "2027-04-10"),
        (datetime(2026, 9, 12, tzinfo=UTC), "the tenth of April", True, "2026-04-10"),
        (
            datetime(2026, 11, 14, tzinfo=UTC),
            "the fifteenth of August next year",
            False,
            "2027-08-15",
        ),
        (datetime(2026, 4, 12, tzinfo=UTC), "the twenty-eighth of April", False, "2026-04-28"),
        (datetime(2026, 4, 12, tzinfo=UTC), "July 4th", False, "2026-07-04"),
        (datetime(2026, 3, 7, tzinfo=UTC), "the first of the month", True, "2026-03-01"),
        (datetime(2026, 3, 7, tzinfo=UTC), "the first of the month", False, "2026-04-01"),
        (datetime(2026, 1, 31, tzinfo=UTC), "the first of next month", False, "2026-02-01"),
        (datetime(2026, 10, 3, tzinfo=UTC), "on the 12th", False, "2026-10-12"),
        (datetime(2026, 10, 3, tzinfo=UTC), "on the 12th", True, "2026-09-12"),
        (datetime(2026, 11, 20, tzinfo=UTC), "on the second", True, "2026-11-02"),
        (datetime(2026, 10, 3, tzinfo=UTC), "the 3rd", True, "2026-10-03"),
        # A month that lacks the day is skipped: the last 31st before 30 April is in March.
        (datetime(2026, 4, 30, tzinfo=UTC), "on the 31st", True, "2026-03-31"),
        # A weekday with its date: the one that is both, on the tense's side while near ...
        (datetime(2026, 10, 20, tzinfo=UTC), "on Friday the ninth", True, "2026-10-09"),
        (datetime(2026, 10, 3, tzinfo=UTC), "on Friday the ninth", False, "2026-10-09"),
        # ... and the near one when the tense's side is months away (a gig "we've got").
        (datetime(2026, 10, 3, tzinfo=UTC), "on Friday the ninth", True, "2026-10-09"),
        (datetime(2026, 10, 3, tzinfo=UTC), "Friday the 9th", True, "2026-10-09"),
        # Parts of a month or year: its first, middle or last day, on the tense's side.
        (datetime(2026, 3, 7, tzinfo=UTC), "at the end of March", False, "2026-03-31"),
        (datetime(2026, 3, 7, tzinfo=UTC), "the end of the month", True, "2026-02-28"),
        (datetime(2026, 3, 7, tzinfo=UTC), "the end of the month", False, "2026-03-31"),
        (datetime(2026, 3, 7, tzinfo=UTC), "mid-May", True, "2025-05-15"),
        (datetime(2026, 3, 7, tzinfo=UTC), "the end of February", False, "2027-02-28"),
        (datetime(2024, 1, 7, tzinfo=UTC), "the end of next month", False, "2024-02-29"),
        (datetime(2026, 3, 7, tzinfo=UTC), "late next year", False, "2027-12-31"),
        (datetime(2026, 3, 7, tzinfo=UTC), "a week from Friday", False, "2026-03-20"),
        # The nth weekday of a month (dateutil's weekday(n)); a span straight before its anchor.
        (THU, "the first Monday of the month", True, "2026-11-02"),
        (THU, "the first Monday of the month", False, "2026-12-07"),
        (THU, "the last Friday in May", True, "2026-05-29"),
        (THU, "the second Tuesday of next month", False, "2026-12-08"),
        (THU, "the last Friday of the month", True, "2026-10-30"),
        (THU, "a week today", False, "2026-11-19"),
        (THU, "two weeks on Friday", False, "2026-11-27"),
        # Weeks, months and years; a spaced-out hyphen; a numeric date through dateutil.
        (THU, "in two weeks", False, "2026-11-26"),
        (datetime(2026, 1, 31, tzinfo=UTC), "next month", False, "2026-02-28"),
        (datetime(2026, 7, 31, tzinfo=UTC), "Last week - end", True, "2026-07-25"),
        (datetime(2026, 7, 20, tzinfo=UTC), "in September for a week", False, "2026-09-01"),
        (datetime(2026, 3, 2, tzinfo=UTC), "this morning", True, "2026-03-02"),
        (datetime(2026, 4, 1, tzinfo=UTC), "on 2026-05-12", False, "2026-05-12"),
        (datetime(2026, 4, 1, tzinfo=UTC), "on 12/05/2026", False, "2026-05-12"),
    ],
)
def test_time_expressions(said: datetime, phrase: str, past: bool, day: str) -> None:
    got = timewords.resolve(phrase, said, past=past)
    assert got is not None and got.date().isoformat() == day, (phrase, got)
    assert got.tzinfo == said.tzinfo


@pytest.mark.parametrize(
    ("said", "phrase", "day"),
    [
        (datetime(2026, 3, 31, tzinfo=UTC), "a month ago", "2026-02-28"),
        (datetime(2024, 3, 31, tzinfo=UTC), "a month ago", "2024-02-29"),
        (datetime(2024, 2, 29, tzinfo=UTC), "a year ago", "2023-02-28"),
        (datetime(2024, 2, 29, tzinfo=UTC), "a year ago today", "2023-02-28"),
        (datetime(2026, 3, 31, tzinfo=UTC), "a year ago", "2025-03-31"),
        (datetime(2026, 1, 31, tzinfo=UTC), "in a month", "2026-02-28"),
    ],
)
def test_month_ends_clamp_only_where_the_month_is_shorter(
    said: datetime, phrase: str, day: str
) -> None:
    got = timewords.resolve(phrase, said, past=True)
    assert got is not None and got.date().isoformat() == day


def test_add_months_is_a_calendar_step() -> None:
    march_31 = datetime(2026, 3, 31, tzinfo=UTC)
    assert timewords._add_months(march_31, -1) == datetime(2026, 2, 28, tzinfo=UTC)
    assert timewords._add_months(datetime(2024, 2, 29), -12) == datetime(2023, 2, 28)
    assert timewords._add_months(datetime(2026, 1, 15), 1) == datetime(2026, 2, 15)


@pytest.mark.parametrize(
    "phrase",
    [
        "for the first time",  # an ordinal that counts times, not days
        "the seventeenth century",
        "for thirty years",  # a duration, not a day
        "three days a week",  # a frequency
        "two days later",  # later than an event the phrase does not name
        "three days before the wedding",
        "five in the morning",
        "twelve",
        "every Wednesday",  # a habit has no one day
        "on Tuesdays",
        "at weekends",
    ],
)
def test_phrases_that_name_no_day_resolve_to_nothing(phrase: str) -> None:
    assert timewords.resolve(phrase, THU, past=True) is None


def test_an_ordinal_is_a_time_word_only_where_it_names_a_day() -> None:
    for phrase in (
        "on the 12th",
        "Friday the ninth",
        "the fourth of July",
        "the first of the month",
    ):
        assert timewords.mentions_time(phrase), phrase
    for phrase in (
        "for the first time",
        "my second tooth",
        "the seventeenth century",
        "came second",
    ):
        assert not timewords.mentions_time(phrase), phrase


@pytest.mark.parametrize(
    ("text", "said", "day"),
    [
        (
            "A year ago today I passed my driving test.",
            datetime(2026, 5, 31, 9, tzinfo=UTC),
            "2025-05-31",
        ),
        (
            "I moved into the flat on the first of the month.",
            datetime(2026, 3, 7, 9, tzinfo=UTC),
            "2026-03-01",
        ),
        (
            "My son is coming home on the fourth of July.",
            datetime(2026, 6, 20, 9, tzinfo=UTC),
            "2026-07-04",
        ),
        (
            "I played at the Jazz Bar on Friday the ninth.",
            datetime(2026, 10, 20, 9, tzinfo=UTC),
            "2026-10-09",
        ),
    ],
)
def test_turns_keep_the_day_their_time_phrase_names(
    max_: Max, text: str, said: datetime, day: str
) -> None:
    ana = max_.say("I'm Ana.").person_id
    turn = max_.say(text, ana, said_at=said)
    days = {
        c.occurred_at.date().isoformat()
        for c in (max_.graph.peek_claim(claim["id"]) for claim in turn.claims)
        if c.occurred_at is not None
    }
    assert day in days, (text, days, turn.claims)


DEC = datetime(2026, 12, 5, 9, tzinfo=UTC)  # a Saturday


@pytest.mark.parametrize(
    ("phrase", "day"),
    [
        # No tense to go by: the nearer of the two readings ...
        ("in October", "2026-10-01"),
        ("in January", "2027-01-01"),
        ("on Thursday", "2026-12-03"),
        ("on Monday", "2026-12-07"),
        # ... unless the phrase itself says which side.
        ("last October", "2026-10-01"),
        ("next October", "2027-10-01"),
        ("this October", "2026-10-01"),
        ("last Monday", "2026-11-30"),
        ("two days before Thursday", "2026-12-01"),
    ],
)
def test_a_phrase_said_with_no_tense_resolves_to_the_nearer_day(phrase: str, day: str) -> None:
    found = timewords.resolve(phrase, DEC, past=None)
    assert found is not None and found.date().isoformat() == day


def _days(max_: Max, text: str, said: datetime) -> list[str | None]:
    ana = max_.say("I'm Ana.").person_id
    turn = max_.say(text, ana, said_at=said)
    assert turn.claims, text
    found = (max_.graph.peek_claim(claim["id"]).occurred_at for claim in turn.claims)
    return [None if at is None else at.date().isoformat() for at in found]


@pytest.mark.parametrize(
    ("text", "said", "day"),
    [
        # "hurt" is base and past alike: said in December, October is the one just gone (it
        # was next October, read as a present).
        ("I hurt my ankle in October.", DEC, "2026-10-01"),
        ("I hurt my back on Thursday.", DEC, "2026-12-03"),
        # The third person shows it: "she hurts" is the present, so "Marta hurt" is past, even
        # where the next October is nearer.
        ("Marta hurt her knee in October.", datetime(2027, 6, 1, 9, tzinfo=UTC), "2026-10-01"),
    ],
)
def test_a_verb_that_does_not_show_its_tense_dates_the_nearer_day(
    max_: Max, text: str, said: datetime, day: str
) -> None:
    assert day in _days(max_, text, said)


def test_a_habit_names_no_day(max_: Max) -> None:
    """ "usually" with a form that may be present ("cut"): a habit, not May's haircut."""
    assert _days(max_, "I usually cut my hair in May.", DEC) == [None]
