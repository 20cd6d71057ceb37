"""Prices and "how much" (issue 21, money20): an amount of money said as what a thing costs is
kept as the thing's `costs` statement and answers "how much", the latest said winning. Each
through a real Resident on a real DuckDB graph, with sentences not from the corpus, each with a
trap: the price of another thing, a price only hoped for or asked about, a number that is no
money, "how much" of something that is no price."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_price_said_with_cost_or_is_answers_how_much(max_: Max) -> None:
    noor = person(max_, "Noor")
    max_.say("The kettle cost thirty pounds and the toaster was twenty quid.", noor)
    assert answer_of(max_.say("How much was the toaster?", noor)) == "twenty quid"
    assert answer_of(max_.say("How much did the kettle cost?", noor)) == "thirty pounds"
    # No blender was priced: another thing's price is no answer.
    assert answer_of(max_.say("How much did the blender cost?", noor)) == ""


def test_it_costs_is_the_thing_said_before(max_: Max) -> None:
    noor = person(max_, "Noor")
    max_.say(
        "We've ordered a dishwasher for the flat, it cost us four hundred and fifty quid.", noor
    )
    assert answer_of(max_.say("How much did the dishwasher cost?", noor)) == (
        "four hundred and fifty quid"
    )
    # The flat was said beside it, and is not what cost that.
    assert answer_of(max_.say("How much did the flat cost?", noor)) == ""


def test_a_price_only_hoped_for_or_asked_about_is_not_kept(max_: Max) -> None:
    noor = person(max_, "Noor")
    max_.say("I hope the sofa costs under five hundred pounds.", noor)
    max_.say("Does the lamp cost forty pounds?", noor)
    max_.say("If the rowing machine cost 200 I would buy it.", noor)
    for thing in ("sofa", "lamp", "rowing machine"):
        assert answer_of(max_.say(f"How much is the {thing}?", noor)) == ""


def test_a_number_that_is_no_money_is_no_price(max_: Max) -> None:
    noor = person(max_, "Noor")
    max_.say("Our shed is four metres long and the hedge is 2 metres.", noor)
    max_.say("I need a pound of flour for the cake.", noor)
    assert answer_of(max_.say("How much is the shed?", noor)) == ""
    assert answer_of(max_.say("How much is the flour?", noor)) == ""


def test_how_much_of_a_weight_is_no_price(max_: Max) -> None:
    noor = person(max_, "Noor")
    max_.say("The suitcase weighs twenty kilos and cost sixty pounds.", noor)
    assert "sixty" not in answer_of(max_.say("How much does the suitcase weigh?", noor))
    assert answer_of(max_.say("How much did the suitcase cost?", noor)) == "sixty pounds"


def test_a_rent_with_its_rate_and_the_latest_amount_wins(max_: Max) -> None:
    noor = person(max_, "Noor")
    max_.say("The rent is 950 a month.", noor)
    assert answer_of(max_.say("How much is the rent?", noor)) == "950 a month"
    max_.clock.advance(days=20)
    max_.say("Our rent is going up to a thousand and fifty a month from September.", noor)
    said = answer_of(max_.say("How much is the rent?", noor))
    assert said.startswith("a thousand and fifty a month, from 1 september")


def test_paid_for_and_sold_for_price_the_thing(max_: Max) -> None:
    noor = person(max_, "Noor")
    wiktor = person(max_, "Wiktor")
    max_.say("I paid ninety euros for the concert tickets.", wiktor)
    max_.say("We sold the old piano for £650 last week.", wiktor)
    asked = "How much did Wiktor pay for the concert tickets?"
    assert answer_of(max_.say(asked, noor)) == "ninety euros"
    assert answer_of(max_.say("How much did Wiktor sell the piano for?", noor)) == "£650"
    # The tickets were paid for; the piano is not what cost ninety euros.
    assert answer_of(max_.say("How much were the tickets for the theatre?", noor)) != "£650"


def test_booked_with_an_amount_each_and_a_grand(max_: Max) -> None:
    noor = person(max_, "Noor")
    max_.say("we booked the ferry tickets yesterday, €35 each", noor)
    max_.say("The new boiler cost us a grand.", noor)
    assert answer_of(max_.say("How much were the ferry tickets?", noor)) == "€35 each"
    assert answer_of(max_.say("How much did the boiler cost?", noor)) == "a grand"


def test_it_in_the_next_sentence_and_a_name_spoken_to(max_: Max) -> None:
    noor = person(max_, "Noor")
    ifeoma = person(max_, "Ifeoma")
    max_.say(
        "I picked up a rowing boat at the auction on Saturday. It cost me six hundred pounds.", noor
    )
    max_.say("Noor, the water bill is eighty-five pounds this quarter.", ifeoma)
    assert answer_of(max_.say("How much did the rowing boat cost?", ifeoma)) == "six hundred pounds"
    assert answer_of(max_.say("How much is the water bill?", noor)) == "eighty-five pounds"
    # The auction is where it was bought, not what cost that; Noor is no price.
    assert answer_of(max_.say("How much did the auction cost?", ifeoma)) == ""
    assert answer_of(max_.say("How much does Noor cost?", ifeoma)) == ""


def test_a_spelled_out_amount_is_kept_whole(max_: Max) -> None:
    noor = person(max_, "Noor")
    jonah = person(max_, "Jonah")
    max_.say("I raised three hundred and twenty pounds for the hospice in the end.", jonah)
    asked = "How much money did Jonah raise for the hospice?"
    assert answer_of(max_.say(asked, noor)) == "three hundred and twenty"
    # Nothing was said of what Jonah spent.
    assert answer_of(max_.say("How much did Jonah spend on the hospice?", noor)) == ""


def test_an_owners_plural_thing_asked_with_cost(max_: Max) -> None:
    noor = person(max_, "Noor")
    max_.say("Biscuit had three stitches put in on Monday, it cost us ninety pounds.", noor)
    assert answer_of(max_.say("How much did Biscuit's stitches cost?", noor)) == "ninety pounds"
    # Monday is when, not what cost that.
    assert answer_of(max_.say("How much did Monday cost?", noor)) == ""
