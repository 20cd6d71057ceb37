"""What the merge of wave 18 found between its branches: a price in pounds (money20) is no
weight for "how heavy" (qty20's measures), while a weight in pounds still is one."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def test_a_price_in_pounds_is_no_weight(max_: Max) -> None:
    ida = person(max_, "Ida")
    max_.say("The cello cost nine hundred pounds.", ida)
    max_.say("Our puppy weighs twelve pounds.", ida)
    assert answer_of(max_.say("How much did the cello cost?", ida)) == "nine hundred pounds"
    assert answer_of(max_.say("How heavy is the cello?", ida)) == ""
    assert answer_of(max_.say("How heavy is the puppy?", ida)) == "twelve pounds"
