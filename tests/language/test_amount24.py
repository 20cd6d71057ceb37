"""Prices, counts and quantities end to end (issue 21, amount24): one transaction frame
(data/deal_verbs.tsv, "for": sell, buy, get, go, pay, charge, spend, cost) whose bare number said
"for" a thing is the money it went for, asked back with any verb of the frame; the price of a
named person's thing found when the turn that said it spoke of them. Each through a real
Resident on a real DuckDB graph, with sentences not from the corpus, each with a trap: a small
number after "for" that counts people, another person's thing."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_bare_number_a_thing_was_sold_for_is_its_price(max_: Max) -> None:
    priya = person(max_, "Priya")
    max_.say("We sold the caravan to a couple from Leeds for eight thousand.", priya)
    said = answer_of(max_.say("How much did we get for the caravan?", priya)).lower()
    assert "eight thousand" in said
    assert "eight thousand" in answer_of(max_.say("How much did the caravan go for?", priya))


def test_a_thing_that_went_for_a_sum_is_priced(max_: Max) -> None:
    tom = person(max_, "Tom")
    max_.say("The old tractor went for twelve hundred at the auction.", tom)
    assert "twelve hundred" in answer_of(max_.say("How much did the tractor sell for?", tom))


def test_a_small_number_after_for_counts_people_not_money(max_: Max) -> None:
    tom = person(max_, "Tom")
    max_.say("We got a table for four at the pub.", tom)
    assert answer_of(max_.say("How much did the table cost?", tom)) == ""


def test_a_persons_thing_is_priced_from_the_turn_that_named_them(max_: Max) -> None:
    priya = person(max_, "Priya")
    max_.say("Omar got his bike for three hundred and fifty.", priya)
    said = answer_of(max_.say("How much did Omar pay for his bike?", priya)).lower()
    assert "three hundred and fifty" in said
    assert "three hundred and fifty" in answer_of(max_.say("How much was Omar's bike?", priya))
    # Another person's bike was never priced.
    assert answer_of(max_.say("How much was Leila's bike?", priya)) == ""


def test_a_rough_amount_is_kept_with_its_word(max_: Max) -> None:
    ana = person(max_, "Ana")
    max_.say("Our new fridge cost nearly five hundred pounds.", ana)
    assert "nearly five hundred pounds" in answer_of(max_.say("How much was the fridge?", ana))
    # A bound is still no amount.
    max_.say("The new kettle cost less than thirty pounds.", ana)
    assert answer_of(max_.say("How much was the kettle?", ana)) == ""


def test_a_bare_sum_a_made_thing_was_is_its_price(max_: Max) -> None:
    priya = person(max_, "Priya")
    max_.say("The sofa was seven hundred in the January sale.", priya)
    assert "seven hundred" in answer_of(max_.say("How much was the sofa?", priya))
    # A number said of an event counts people, it is no price.
    max_.say("The christening was two hundred, mostly cousins.", priya)
    assert answer_of(max_.say("How much was the christening?", priya)) == ""


def test_how_much_of_a_sum_noun_asks_the_money_paid_or_made(max_: Max) -> None:
    priya = person(max_, "Priya")
    max_.say("Fergus pays six hundred a month in rent.", priya)
    assert "six hundred" in answer_of(max_.say("How much rent does Fergus pay?", priya))
    max_.say("The bakery made a profit of two thousand pounds in May.", priya)
    assert "two thousand" in answer_of(max_.say("How much profit did the bakery make?", priya))
    # Another's rent was never said.
    max_.say("Omar keeps twelve chickens.", priya)
    assert answer_of(max_.say("How much rent does Omar pay?", priya)) == ""


def test_what_a_thing_sold_for_is_not_what_it_was_bought_for(max_: Max) -> None:
    priya = person(max_, "Priya")
    max_.say("In March we bought a camper van for nine thousand pounds.", priya)
    # Only the purchase is known: what it sold for is not known, never the purchase's money.
    assert answer_of(max_.say("How much did we get for the camper van?", priya)) == ""
    max_.say("We sold the camper van to a retired couple for eight thousand two hundred.", priya)
    assert "eight thousand two hundred" in answer_of(
        max_.say("How much did we get for the camper van?", priya)
    )
    assert "nine thousand" in answer_of(max_.say("How much did we pay for the camper van?", priya))


def test_a_number_said_with_and_is_one_number(max_: Max) -> None:
    priya = person(max_, "Priya")
    max_.say("The insurance paid out four hundred and twenty in the end.", priya)
    said = answer_of(max_.say("How much did the insurance pay out?", priya))
    assert "four hundred and twenty" in said
    # Two things counted and joined by "and" stay two.
    max_.say("My aunt has three dogs and two cats.", priya)
    assert "three" in answer_of(max_.say("How many dogs does my aunt have?", priya))


def test_a_couples_children_are_counted_for_either_partner(max_: Max) -> None:
    priya = person(max_, "Priya")
    max_.say("I'm married to Dev and we have three kids, Asha, Ravi and Meena.", priya)
    assert "three" in answer_of(max_.say("How many children does Dev have?", priya))
    # A neighbour's dogs are not the couple's.
    max_.say("My neighbour Joe has two dogs.", priya)
    assert answer_of(max_.say("How many dogs does Dev have?", priya)) == ""
