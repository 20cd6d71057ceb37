"""How many, said or held; "we" as the household; through real turns on a real DuckDB graph
(issue 21, the asking side): counts come from a number said with the noun asked, or from the
distinct things held, and a count nobody gave stays "I don't know"."""

from __future__ import annotations

import pytest

from resident.language.counting import counted, is_kind, number_in
from resident.records import Qualifier
from tests.language.test_conversation import Max
from tests.language.test_conversation import answer_of as _answer
from tests.language.test_conversation import person as _person


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("forty bushes", "forty"),
        ("for two hundred years", "two hundred"),
        ("twenty-five metres", "twenty-five"),
        ("22 points", "22"),
        ("her first tooth", None),
        ("the roses", None),
    ],
)
def test_the_number_in_what_was_said(text: str, number: str | None) -> None:
    assert number_in(text) == number


def test_a_count_needs_the_noun_asked_or_a_quantity_role() -> None:
    # "How many years did Alun drive buses?": the number said with "years", in another role.
    duration = [Qualifier(role="duration", value="for twenty years")]
    assert counted(("year",), "buses", duration) == "twenty"
    # A number said of something else is no answer to "how many bushes".
    assert counted(("bush",), "roses", duration) is None
    assert counted(("pig",), "Salt", [Qualifier(role="quantity", value="2")]) == "2"


def test_kinds_by_name_and_by_wordnet() -> None:
    assert is_kind("guinea pigs", "pig")
    assert is_kind("terrier", "dog")
    assert not is_kind("goose", "cat")


def test_how_many_from_a_number_said_with_the_noun(max_: Max) -> None:
    ernst = _person(max_, "Ernst")
    alun = _person(max_, "Alun")
    max_.say("My wife Hanne grew forty rose bushes in the garden.", ernst)
    max_.say("I was a coal miner, then I drove buses for twenty years.", alun)
    assert _answer(max_.say("How many rose bushes did Hanne grow?", ernst)) == "forty"
    assert _answer(max_.say("How many years did Alun drive buses?", ernst)) == "twenty"
    # Nobody said how many roses Alun grew.
    assert max_.say("How many roses did Alun grow?", ernst).answer is None


def test_we_counts_what_the_household_said_it_has(max_: Max) -> None:
    jade, kyle = _person(max_, "Jade"), _person(max_, "Kyle")
    max_.say("We have 2 guinea pigs called Salt and Pepper.", jade)
    # Kyle's "we" is the household: his sister said how many they have.
    assert _answer(max_.say("How many guinea pigs do we have?", kyle)) == "2"
    assert max_.say("How many cats do we have?", kyle).answer is None


def test_which_kind_an_answer_is_by_wordnet_classes() -> None:
    from resident.language.fit import CONFIRMED, MISMATCH, _of_kind

    assert _of_kind("basketball", "sport") == CONFIRMED
    # A lawyer is no hyponym of "job", but both may be persons: no penalty.
    assert _of_kind("lawyer", "job") == 0.0
    # A coal miner shares no class with an eye, nor does a verb form with any noun.
    assert _of_kind("coal miner", "eye") == MISMATCH
    assert _of_kind("having", "eye") == MISMATCH
    # A name WordNet does not know may still be a book.
    assert _of_kind("Walden", "book") == 0.0


def test_how_many_counts_the_distinct_things_of_the_kind_said(max_: Max) -> None:
    ana, ben = _person(max_, "Ana"), _person(max_, "Ben")
    max_.say("I speak Spanish and French.", ana)
    max_.say("I also speak German.", ana)
    # Spanish, French and German are languages (WordNet); nobody said "three".
    assert _answer(max_.say("How many languages does Ana speak?", ben)) == "3"
    assert max_.say("How many languages does Ana write?", ben).answer is None
    assert max_.say("How many cars does Ana have?", ben).answer is None
