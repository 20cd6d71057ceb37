"""An amount said without a verb of its own (issue 21, amount22): "I sold the bike. Ninety
quid." is the price of what the same speaker's sentence before dealt in or named, stored as
every price is (`<thing> costs <amount>`). Each through a real Resident on a real DuckDB graph,
with sentences not from the corpus, each with a trap: an amount that continues no deal, a count
of people, a time, another speaker's number."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_sale_then_money_in_a_piece_is_its_price(max_: Max) -> None:
    priya = person(max_, "Priya")
    max_.say("I sold my old bike at the weekend. Ninety quid, to a neighbour.", priya)
    assert "ninety" in answer_of(max_.say("How much did the bike cost?", priya)).lower()
    # A move is no deal, and a bare number after it no price.
    max_.say("We carried the wardrobe upstairs. Two hundred and fifty.", priya)
    assert answer_of(max_.say("How much did the wardrobe cost?", priya)) == ""


def test_a_hire_then_a_bare_number_is_its_price_not_the_purpose(max_: Max) -> None:
    tom = person(max_, "Tom")
    max_.say("We hired a van for the move. Three hundred and ten for the whole weekend.", tom)
    assert "three hundred and ten" in answer_of(max_.say("How much did the van cost?", tom)).lower()
    # A count of people after an outing is no price of it.
    max_.say("We went to the gig on Friday. Three thousand people, easily.", tom)
    assert answer_of(max_.say("How much did the gig cost?", tom)) == ""


def test_a_thing_named_then_money_is_its_price(max_: Max) -> None:
    ana = person(max_, "Ana")
    max_.say("Oh, and the new boiler. Two thousand one hundred pounds, all in.", ana)
    said = answer_of(max_.say("How much did the boiler cost?", ana)).lower()
    assert "two thousand one hundred pounds" in said and "all in" not in said


def test_a_time_after_a_booking_is_no_price(max_: Max) -> None:
    ana = person(max_, "Ana")
    max_.say("I booked the table at the Italian place. Seven thirty, on Saturday.", ana)
    assert answer_of(max_.say("How much did the table cost?", ana)) == ""


def test_a_bare_number_after_things_bought_counts_them(max_: Max) -> None:
    tom = person(max_, "Tom")
    max_.say("I bought eggs at the market. Twelve.", tom)
    assert answer_of(max_.say("How much did the eggs cost?", tom)) == ""


def test_another_speakers_number_is_no_price_of_the_sale(max_: Max) -> None:
    tom = person(max_, "Tom")
    ana = person(max_, "Ana")
    max_.say("I sold the piano.", tom)
    max_.say("Four hundred.", ana)
    assert answer_of(max_.say("How much did the piano cost?", tom)) == ""


def test_money_after_things_sold_together_prices_none_of_them(max_: Max) -> None:
    ana = person(max_, "Ana")
    max_.say("I sold three scarves and a little hat at the fair. Sixty pounds in total.", ana)
    assert answer_of(max_.say("How much did the hat cost?", ana)) == ""


def test_one_after_a_purchase_is_no_amount(max_: Max) -> None:
    tom = person(max_, "Tom")
    max_.say("I bought a kettle yesterday. A red one, from the market.", tom)
    assert answer_of(max_.say("How much did the kettle cost?", tom)) == ""
