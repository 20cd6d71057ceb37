"""Prices, payments and deals end to end (issue 21, deal26): one table of deal verbs
(data/deal_verbs.tsv) with the sides and converse of each; a bare sum said as what a deal got
("got nine hundred for it"); a verbless sum in the turn after a deal is that deal's price; the
converse of a held deal answers "Who bought ...?". Each through a real Resident on a real
DuckDB graph, with sentences written for these tests (not from the corpus), each with a trap:
two things dealt at once, a count after a purchase, a year, a deal too long ago."""

from __future__ import annotations

from resident.language import deals
from tests.language.test_conversation import Max, answer_of, person


def test_the_one_table_gives_each_deal_its_sides_and_converse() -> None:
    assert deals.converse("sell") == "buy" and deals.converse("buy") == "sell"
    assert deals.converse("lend") == "borrow" and deals.converse("charge") == "pay"
    assert deals.side("sell") == "seller" and deals.side("rent") == "buyer"
    assert deals.side("get") is None and deals.side("cost") is None
    # A loan has sides for its converse, but no money side a price is asked from.
    assert deals.party_side("lend") == "seller" and deals.side("lend") is None
    # "booked a table for four" counts people: book is no "for" deal.
    assert "book" in deals.object_verbs() and "book" not in deals.for_price_verbs()


def test_a_sum_got_for_a_thing_sold_is_its_price(max_: Max) -> None:
    ines = person(max_, "Ines")
    max_.say("I sold the old piano last spring and got six hundred for it.", ines)
    said = answer_of(max_.say("How much did Ines get for the piano?", ines)).lower()
    assert "six hundred" in said


def test_a_verbless_sum_after_a_purchase_prices_it(max_: Max) -> None:
    ines, bo = person(max_, "Ines"), person(max_, "Bo")
    max_.say("We finally bought a campervan.", ines)
    max_.say("Oh wow, which one?", bo)
    max_.say("A little blue Bongo. Nine thousand five hundred, from a garage near Hull.", ines)
    said = answer_of(max_.say("How much was the campervan?", bo)).lower()
    assert "nine thousand five hundred" in said


def test_a_sum_answering_how_much_prices_the_sale(max_: Max) -> None:
    ines, bo = person(max_, "Ines"), person(max_, "Bo")
    max_.say("I sold my drum kit at last.", bo)
    max_.say("How much did you get for it?", ines)
    max_.say("Four hundred quid.", bo)
    assert "four hundred" in answer_of(max_.say("How much did Bo sell the drum kit for?", ines))


def test_a_count_or_a_year_after_a_purchase_is_no_price(max_: Max) -> None:
    ines, bo = person(max_, "Ines"), person(max_, "Bo")
    max_.say("I bought some plant pots.", ines)
    max_.say("How many?", bo)
    max_.say("Fifteen.", ines)
    assert answer_of(max_.say("How much were the plant pots?", bo)) == ""


def test_a_verbless_sum_long_after_the_deal_prices_nothing(max_: Max) -> None:
    ines, bo = person(max_, "Ines"), person(max_, "Bo")
    max_.say("I sold my trumpet.", ines)
    max_.say("Why?", bo)
    max_.say("I never played it.", ines)
    max_.say("Shame.", bo)
    max_.say("Two hundred pounds, from the school.", ines)
    assert answer_of(max_.say("How much did Ines get for the trumpet?", bo)) == ""


def test_two_things_dealt_at_once_leave_a_sum_after_unpriced(max_: Max) -> None:
    ines, bo = person(max_, "Ines"), person(max_, "Bo")
    max_.say("We sold the boat and bought a trailer.", ines)
    max_.say("Busy week.", bo)
    max_.say("Three thousand two hundred.", ines)
    assert answer_of(max_.say("How much was the trailer?", bo)) == ""
    assert answer_of(max_.say("How much did they get for the boat?", bo)) == ""


def test_the_converse_of_a_sale_names_the_buyer(max_: Max) -> None:
    ines = person(max_, "Ines")
    max_.say("My brother sold his lawnmower to Karim next door.", ines)
    assert "karim" in answer_of(max_.say("Who bought the lawnmower?", ines))


def test_the_converse_of_a_loan_names_the_borrower(max_: Max) -> None:
    ines = person(max_, "Ines")
    max_.say("I lent my tent to Olwen for the festival.", ines)
    assert "olwen" in answer_of(max_.say("Who borrowed the tent?", ines))
    # A thing never lent has no borrower.
    assert answer_of(max_.say("Who borrowed the stove?", ines)) == ""


def test_it_was_a_sum_after_a_deal_prices_the_thing_dealt(max_: Max) -> None:
    ines = person(max_, "Ines")
    max_.say("Dad has hired a marquee for the party, it was two thousand one hundred.", ines)
    assert "two thousand one hundred" in answer_of(max_.say("How much was the marquee?", ines))
    # "It was" of a thing no one dealt in is no price: it may count guests.
    max_.say("We went to the reunion, it was three hundred in the end.", ines)
    assert answer_of(max_.say("How much was the reunion?", ines)) == ""


def test_a_sum_beside_what_was_booked_prices_it(max_: Max) -> None:
    ines = person(max_, "Ines")
    max_.say("The barn is booked for June, three days, nine hundred quid for the lot.", ines)
    assert "nine hundred" in answer_of(max_.say("How much was the barn?", ines))


def test_got_a_sum_for_it_prices_the_thing_last_dealt(max_: Max) -> None:
    ines, bo = person(max_, "Ines"), person(max_, "Bo")
    max_.say("I've sold the canoe.", ines)
    max_.say("Really?", bo)
    max_.say("We never use a boat now. Got three hundred and fifty for it.", ines)
    said = answer_of(max_.say("How much did Ines sell the canoe for?", bo))
    assert "three hundred and fifty" in said
    # A thing named in the sentence itself is what "it" is.
    max_.say("I bought a scooter. The insurance is steep, it costs four hundred a year.", ines)
    assert answer_of(max_.say("How much was the scooter?", bo)) == ""


def test_a_wage_after_getting_a_job_is_no_price_of_it(max_: Max) -> None:
    ines = person(max_, "Ines")
    max_.say("I got a job at the garden centre.", ines)
    max_.say("Eleven pounds fifty an hour.", ines)
    assert answer_of(max_.say("How much was the job?", ines)) == ""


def test_a_price_said_after_a_purchase_answers_no_sale(max_: Max) -> None:
    ines, bo = person(max_, "Ines"), person(max_, "Bo")
    max_.say("I bought a harp.", ines)
    max_.say("What sort?", bo)
    max_.say("A small Celtic one. One thousand two hundred pounds.", ines)
    assert "one thousand two hundred" in answer_of(
        max_.say("How much did Ines pay for the harp?", bo)
    )
    # What she paid is not what she sold it for.
    assert answer_of(max_.say("How much did Ines sell the harp for?", bo)) == ""
