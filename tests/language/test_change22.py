"""Changes over time (issue 21, change22): an ending event closes the claim it ends, a value
said again supersedes the one before, and a "still" question reads the latest state. The old
claim is kept and marked over (`valid_to`), never deleted. Through real turns on a real DuckDB
graph, with sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from resident.clock import ManualClock
from resident.cognition.supersession import Counted, restates_count, restates_value
from resident.config import Settings
from resident.language.restated import counted
from resident.records import Claim, Level
from tests.language.test_cont20 import Max as Restartable
from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person

T0 = datetime(2026, 4, 14, 9, tzinfo=UTC)


def _claim(predicate: str, value: str, teller: str, minutes: int, subject: str = "p:a") -> Claim:
    return Claim(
        id=f"c{minutes}{value}",
        subject=subject,
        predicate=predicate,
        object_entity=None,
        object_literal=value,
        confidence=0.3,
        level=Level.HYPOTHESIS,
        provenance=f"interaction:{teller}",
        created_at=T0 + timedelta(minutes=minutes),
        retrieved_at=T0,
    )


def test_the_rule_of_what_supersedes_what() -> None:
    # One-valued: the same teller's later value updates; another teller's contradicts.
    old = _claim("age", "forty", "p:a", 1)
    assert restates_value(old, _claim("age", "forty-one", "p:a", 2))
    assert not restates_value(old, _claim("age", "forty-one", "p:b", 2))
    assert not restates_value(old, _claim("age", "forty", "p:a", 2))
    # An attribute that does not change with time: a second birthday, even the teller's own,
    # stays a contradiction to settle (the household's conflict and gap), never an update.
    may = _claim("birthday", "3 May", "p:a", 1)
    assert not restates_value(may, _claim("birthday", "4 May", "p:a", 2))
    assert not restates_value(
        _claim("born_in", "Leeds", "p:a", 1), _claim("born_in", "York", "p:a", 2)
    )
    # Many-valued attributes are never replaced this way.
    assert not restates_value(_claim("likes", "tea", "p:a", 1), _claim("likes", "jam", "p:a", 2))
    # A count said again: the same noun, another number, only with a word of restating.
    hens, more = _claim("keeps", "ten hens", "p:a", 1), _claim("has", "twelve hens", "p:a", 2)
    was, now = Counted("10", "hen"), Counted("12", "hen")
    assert restates_count(hens, was, more, now, restating=True)
    assert not restates_count(hens, was, more, now, restating=False)
    assert not restates_count(hens, was, more, Counted("12", "duck"), restating=True)


def test_a_count_is_read_with_its_noun() -> None:
    assert counted("seventy-five chairs") == Counted("seventy-five", "chair")
    assert counted("12 bottles") == Counted("12", "bottle")
    assert counted("the blue chairs") is None
    assert counted("twelve") is None


def test_a_value_said_again_by_the_same_teller_replaces_the_old_one(max_: Max) -> None:
    rosa, ben = _person(max_, "Rosa"), _person(max_, "Ben")
    first = max_.say("My neighbour Dai is seventy.", rosa)
    old = next(c for c in first.claims if c["predicate"] == "age")
    max_.say("Dai turned seventy-one last week.", rosa)
    reply = max_.say("How old is Dai?", ben)
    assert _answer(reply) == "seventy-one", reply.reply
    # The old value is kept, marked over; nothing is deleted, and no conflict is filed.
    assert max_.graph.peek_claim(old["id"]).valid_to is not None
    assert not max_.graph.conflicts_for(old["id"])
    # Where someone lives, said again by the same teller with no word of change.
    max_.say("My brother Owen lives in Leeds.", rosa)
    max_.say("Owen lives in York.", rosa)
    assert "york" in _answer(max_.say("Where does Owen live?", ben))
    assert "not any more" in max_.say("Does Owen still live in Leeds?", ben).reply.lower()
    # Another teller's other value is a contradiction, not an update.
    max_.say("Dai is seventy-five.", ben)
    assert max_.graph.open_conflicts()


def test_a_count_restated_in_the_end_supersedes_the_plan(max_: Max) -> None:
    rosa = _person(max_, "Rosa")
    first = max_.say("We plan to sell forty cakes at the fete.", rosa)
    plan = first.claims[0]
    max_.say("We sold thirty-two cakes in the end.", rosa)
    held = max_.graph.peek_claim(plan["id"])
    assert held.valid_to is not None
    said = max_.say("How many cakes did we sell at the fete?", rosa)
    assert "forty" not in _answer(said)


def test_selling_giving_away_and_dying_end_having(max_: Max) -> None:
    rosa, ben = _person(max_, "Rosa"), _person(max_, "Ben")
    max_.say("I have an old rowing boat.", rosa)
    max_.say("I donated the rowing boat to the sea scouts in March.", rosa)
    assert _answer(max_.say("Does Rosa still have the rowing boat?", ben)).startswith("no")
    # Giving a thing something ends no having of it.
    max_.say("I have a little car.", ben)
    max_.say("I gave my car a wash on Sunday.", ben)
    assert not _answer(max_.say("Does Ben still have a car?", rosa)).startswith("no")
    max_.say("We have a tortoise called Shelby.", ben)
    max_.say("Shelby died in the winter.", ben)
    assert _answer(max_.say("Do we still have a tortoise?", ben)).startswith("no")


def test_giving_up_a_doing_paying_back_and_parting(max_: Max) -> None:
    rosa, ben = _person(max_, "Rosa"), _person(max_, "Ben")
    max_.say("Ben coaches hockey at the leisure centre.", rosa)
    max_.say("Ben gave up coaching after his operation.", rosa)
    assert "not any more" in max_.say("Does Ben still coach hockey?", rosa).reply.lower()
    max_.say("My cousin Aled owes me twenty pounds.", ben)
    max_.say("Aled paid back the twenty pounds on Monday.", ben)
    assert _answer(max_.say("Does Aled still owe Ben twenty pounds?", rosa)).startswith("no")
    max_.say("My sister Cerys is going out with Huw.", ben)
    max_.say("Cerys split up with Huw at Easter.", ben)
    still = max_.say("Is Cerys still going out with Huw?", rosa)
    assert "not any more" in still.reply.lower() and not _answer(still).startswith("yes")


def test_a_pause_ends_nothing(max_: Max) -> None:
    rosa, ben = _person(max_, "Rosa"), _person(max_, "Ben")
    first = max_.say("I swim about forty lengths on a weekday.", rosa)
    swims = first.claims[0]
    max_.say("I stopped swimming for a while, my shoulder is bad.", rosa)
    assert max_.graph.peek_claim(swims["id"]).valid_to is None
    assert "forty" in _answer(max_.say("How many lengths does Rosa swim?", ben))


def test_a_plan_called_off_is_over(max_: Max) -> None:
    rosa = _person(max_, "Rosa")
    max_.say("We're going to Bruges in October.", rosa)
    max_.say("We cancelled the Bruges trip, money is tight.", rosa)
    assert _answer(max_.say("Are we still going to Bruges?", rosa)).startswith("no")
    # A plan the cancelled thing names no word of stands.
    max_.say("We're driving to Cardiff in November.", rosa)
    max_.say("We called off the party.", rosa)
    assert not _answer(max_.say("Are we still driving to Cardiff?", rosa)).startswith("no")


def test_a_plan_said_to_be_off_is_over_though_no_one_called_it_off(max_: Max) -> None:
    rosa = _person(max_, "Rosa")
    max_.say("We're going to Vienna at Easter.", rosa)
    max_.say("We're having a barbecue on Saturday.", rosa)
    max_.say("The Vienna trip is off.", rosa)
    assert "not any more" in max_.say("Are we still going to Vienna?", rosa).reply.lower()
    # The other plan stands; nothing was stored of who called it off.
    assert _answer(max_.say("Are we still having a barbecue on Saturday?", rosa)) == "yes"
    max_.say("The barbecue was cancelled.", rosa)
    barbecue = max_.say("Are we still having a barbecue on Saturday?", rosa)
    assert _answer(barbecue) != "yes", barbecue.reply
    # A person who is off is no plan called off.
    max_.say("We're meeting Gwen for lunch on Friday.", rosa)
    max_.say("Gwen is off today.", rosa)
    assert "not any more" not in max_.say("Are we still meeting Gwen?", rosa).reply.lower()


def test_an_ending_survives_a_restart(settings: Settings) -> None:
    clock = ManualClock(T0)
    first = Restartable(settings, clock, create=True)
    try:
        rosa = first.say("Hi, I'm Rosa.").person_id
        first.say("My brother Gethin owns a camper van.", rosa)
        first.say("Gethin sold the camper van last month.", rosa)
    finally:
        first.close()
    again = Restartable(settings, clock, create=False)
    try:
        reply = again.say("Does Gethin still own the camper van?", rosa)
        assert (reply.answer or "").lower().startswith("no"), reply.reply
    finally:
        again.close()
