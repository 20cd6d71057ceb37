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


def test_the_price_of_ones_own_thing_is_not_anothers(max_: Max) -> None:
    ida, olu = person(max_, "Ida"), person(max_, "Olu")
    max_.say("My rent is seven hundred a month.", ida)
    max_.say("My van cost four grand.", olu)
    # A price is kept on the thing's name: only its owner's own telling says it is theirs.
    assert answer_of(max_.say("How much is Olu's rent?", ida)) == ""
    assert answer_of(max_.say("How much did Ida's van cost?", ida)) == ""
    assert answer_of(max_.say("How much is my rent?", ida)) == "seven hundred a month"
    assert answer_of(max_.say("How much did Olu's van cost?", ida)) == "four grand"
    assert answer_of(max_.say("How much did the van cost?", ida)) == "four grand"
