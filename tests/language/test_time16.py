"""A clause's time where the parser hung it on another verb (issue 21, time16): a comma
splice, a participle that says what happened, verbs joined with one subject; and "got
married" answering "when did ... marry". Real turns on a real DuckDB graph; the days cross a
year's and a month's end."""

from __future__ import annotations

from datetime import date

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def _day(turn_claims: list[dict[str, object]], predicate: str) -> date | None:
    found = next(c for c in turn_claims if c["predicate"] == predicate)
    at = found["occurred_at"]
    if at is None:
        return None
    return date.fromisoformat(str(at)[:10])


def test_a_time_before_the_comma_of_a_spliced_clause_is_that_clauses(max_: Max) -> None:
    # Said on 1 January 2026: yesterday is the last day of the year before.
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("Mia lost her first tooth yesterday, the tooth fairy left her a coin.", ines)
    assert ("Mia", "loses", "first tooth") in _stored(max_, turn.claims)
    assert _day(turn.claims, "loses") == date(2025, 12, 31)
    assert "31 december 2025" in _answer(max_.say("When did Mia lose her first tooth?", oli))
    # The later clause does not take it as well.
    for c in turn.claims:
        if c["predicate"] == "leaves":
            assert c["occurred_at"] is None


def test_a_time_on_the_participle_is_the_clauses(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.clock.advance(days=59)  # Sunday 1 March 2026
    turn = max_.say("I got my hair cut on the 27th.", ines)
    assert _day(turn.claims, "gets_cut") == date(2026, 2, 27)
    assert "27 february 2026" in _answer(max_.say("When did Ines get her hair cut?", oli))


def test_a_change_into_a_state_said_with_get(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("My cousin Luis got engaged to his girlfriend Marta on Tuesday.", ines)
    assert ("Luis", "gets", "engaged") in _stored(max_, turn.claims)
    assert _day(turn.claims, "gets") == date(2025, 12, 30)
    turn = max_.say("Oli's sister got married in Lisbon in 2019.", ines)
    assert "2019" in _answer(max_.say("When did Oli's sister get married?", ines))
    assert "2019" in _answer(max_.say("When did Oli's sister marry?", oli))
    # An idiom WordNet lists with the word after it is no state come into.
    for said in ("I'm still getting used to it.", "I got used to the noise last year."):
        assert not any(p == "gets" for _, p, _ in _stored(max_, max_.say(said, oli).claims))
    # An adjective that is no participle is how one felt, not an event.
    turn = max_.say("I got tired on Friday.", oli)
    assert ("Oli", "gets", "tired") not in _stored(max_, turn.claims)


def test_verbs_joined_with_one_subject_share_a_point_in_time(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.clock.advance(days=59)  # 1 March 2026: yesterday is the last day of February
    turn = max_.say("Omar slipped on the ice yesterday and sprained his ankle.", ines)
    assert _day(turn.claims, "sprains") == date(2026, 2, 28)
    assert "28 february 2026" in _answer(max_.say("When did Omar sprain his ankle?", oli))
    # A time that is no part of a verb's clause stays where it is: an age is no time.
    turn = max_.say("I'm fourteen.", oli)
    assert all(not c.get("qualifiers", {}).get("time") for c in turn.claims)
    # How long is no point in time; a second subject says its own clause.
    turn = max_.say("Omar lived in Rome for ten years and learned Italian.", ines)
    assert _day(turn.claims, "learns") is None
    turn = max_.say("Omar moved to Oslo in 2019 and his brother bought a boat.", ines)
    assert _day(turn.claims, "buys") is None


def test_an_event_said_by_its_time(max_: Max) -> None:
    # Said on Thursday 1 January 2026: "on Friday" of something to come is the 2nd, "on the
    # 30th" of something done is the 30th of December before.
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("The church concert is on the third of February.", ines)
    assert ("church concert", "happens", "on the third of February") in _stored(max_, turn.claims)
    assert "3 february 2026" in _answer(max_.say("When is the church concert?", oli))
    assert _answer(max_.say("When is the school concert?", oli)) == ""
    max_.say("My appointment is on Friday.", oli)
    assert "2 january 2026" in _answer(max_.say("When is Oli's appointment?", ines))
    max_.say("Ines's recital was on the 30th.", oli)
    assert "30 december 2025" in _answer(max_.say("When was Ines's recital?", oli))
    # A thing that is no event is somewhere, not on a day.
    turn = max_.say("The car is on the drive.", ines)
    assert not any(p == "happens" for _, p, _ in _stored(max_, turn.claims))


def test_the_telling_that_came_last_says_when(max_: Max) -> None:
    # A plan said in January, then the day it happened told in February: the later telling.
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    max_.say("My dad is having his knee replaced next month, so I'll be in Porto a lot.", ines)
    max_.clock.advance(days=40)
    max_.say("Dad had the operation on the 6th of February and he's walking already.", ines)
    said = _answer(max_.say("When did Ines's dad have his knee operation?", oli))
    assert "6 february 2026" in said


def test_a_passive_with_its_doer_is_said_as_the_doer_did_it(max_: Max) -> None:
    ines, oli = _person(max_, "Ines"), _person(max_, "Oli")
    turn = max_.say("I was collected from the station by my uncle Rui on Monday.", ines)
    assert ("Rui", "collects", "Ines") in _stored(max_, turn.claims)
    collected = next(c for c in turn.claims if c["predicate"] == "collects")
    assert "agent" not in collected.get("qualifiers", {})
    assert _day(turn.claims, "collects") == date(2025, 12, 29)
    assert "29 december 2025" in _answer(max_.say("When did Rui collect Ines?", oli))
    # Done by no one MAX can name, or not done: nothing is stored.
    assert max_.say("I was bitten by a dog.", oli).claims == []
    turn = max_.say("Oli was not invited by Rui.", ines)
    assert not any(p == "invites" for _, p, _ in _stored(max_, turn.claims))
