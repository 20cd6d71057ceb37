"""What a turn stores (issue 21, the storing side, wave 11), through real turns on a real
DuckDB graph: a count of "us" said with the list of who they are is each of them."""

from __future__ import annotations

from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person
from tests.language.test_reading import _stored


def test_a_count_of_us_with_its_list_after_a_colon_is_each_one_listed(max_: Max) -> None:
    raj = _person(max_, "Raj")
    turn = max_.say("Three of us live here in Headingley: me, Priya and Tomas.", raj)
    subjects = {s for s, p, o in _stored(max_, turn.claims) if o == "Headingley"}
    assert subjects == {"Raj", "Priya", "Tomas"}
    # No one listed is what the verb is done to.
    assert not any(o in ("Priya", "Tomas") for _, _, o in _stored(max_, turn.claims))
    answer = _answer(max_.say("Who lives in Headingley?", raj))
    assert "priya" in answer and "tomas" in answer


def test_a_count_of_us_with_its_list_in_apposition_is_each_one_listed(max_: Max) -> None:
    ana = _person(max_, "Ana")
    turn = max_.say("The two of us, Lena and I, moved to Porto in May.", ana)
    movers = {s for s, p, o in _stored(max_, turn.claims) if o == "Porto"}
    assert movers == {"Ana", "Lena"}


def test_a_list_that_does_not_hold_the_count_says_nothing_of_the_group(max_: Max) -> None:
    ana = _person(max_, "Ana")
    # Two listed, three counted: the list is not (all of) the group.
    turn = max_.say("Three of us moved to Porto in May: Lena and I.", ana)
    assert not any(s == "Lena" for s, _, _ in _stored(max_, turn.claims))


def test_him_or_her_as_an_object_is_the_one_person_named_before_it(max_: Max) -> None:
    ana = _person(max_, "Ana")
    turn = max_.say("My brother Tom called on Monday and I met him in town.", ana)
    assert ("Ana", "meets", "Tom") in _stored(max_, turn.claims)
    turn = max_.say("Gary went missing on Wednesday but we found him in the garden!", ana)
    assert ("Ana", "finds", "Gary") in _stored(max_, turn.claims)


def test_him_or_her_stays_no_one_where_it_could_be_someone_else(max_: Max) -> None:
    ana = _person(max_, "Ana")
    # Two people named before it: which one is not said.
    turn = max_.say("My brother Tom and his friend Raj came and I met him in town.", ana)
    assert not any(p == "meets" for _, p, _ in _stored(max_, turn.claims))
    # Never the clause's own subject, nor the other sex.
    turn = max_.say("Tom's dad came round and Tom hugged him.", ana)
    assert not any(p == "hugs" for _, p, _ in _stored(max_, turn.claims))
    turn = max_.say("My sister Lena called and I met him in town.", ana)
    assert not any(p == "meets" for _, p, _ in _stored(max_, turn.claims))
