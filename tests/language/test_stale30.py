"""Answers after a change (issue 21, stale30), through the real conversation path on a real
DuckDB graph: a household over several days, in words of its own. A move stored as a doing and
told days later outdates where the person lived; a price changed by an object verb ("put the
broadband up to ...") is the latest price; leaving where a job was said to be ends the job; a
change told as a past obligation ("we had to sell the Astra") is stored. Near misses (a present
or negated obligation, a move within one sitting that names the place lived in) stay as they
were."""

from __future__ import annotations

from collections.abc import Callable

from tests.language.test_conversation import Max, answer_of, person


def _household(max_: Max) -> Callable[[str, str], str]:
    """The Pryce household's week of news, then a helper to ask as someone."""
    people = {name: person(max_, name) for name in ("Caoimhe", "Gethin", "Lowri")}

    def say(who: str, text: str) -> str:
        return answer_of(max_.say(text, people[who]))

    say("Caoimhe", "I've started a job at the garden centre on Mill Road.")
    say("Gethin", "Our broadband is thirty pounds a month.")
    say("Gethin", "We have a Vauxhall Astra and a camper van.")
    say("Gethin", "My sister Lowri lives in Swansea.")
    max_.clock.advance(days=6)
    say("Caoimhe", "I've packed in the garden centre, the hours were silly.")
    say("Gethin", "The provider put the broadband up to thirty-five pounds.")
    say("Gethin", "We had to sell the Astra on Saturday.")
    say("Gethin", "I have to sell the camper van.")
    say("Gethin", "Lowri moved to Cardiff last month.")
    return say


def test_job_left_where_it_was(max_: Max) -> None:
    ask = _household(max_)
    assert ask("Gethin", "Does Caoimhe still work at the garden centre?").startswith("no")
    assert "garden centre" not in ask("Gethin", "Where does Caoimhe work now?")


def test_price_put_up(max_: Max) -> None:
    ask = _household(max_)
    assert "thirty-five" in ask("Caoimhe", "How much is the broadband now?")


def test_sold_by_obligation(max_: Max) -> None:
    ask = _household(max_)
    assert ask("Caoimhe", "Does Gethin still have the Astra?").startswith("no")
    # "I have to sell the camper van": not sold yet.
    assert not ask("Caoimhe", "Does Gethin still have the camper van?").startswith("no")


def test_move_told_later(max_: Max) -> None:
    ask = _household(max_)
    assert ask("Caoimhe", "Does Lowri still live in Swansea?").startswith("no")
    assert "swansea" not in ask("Caoimhe", "Where does Lowri live now?")


def test_obligation_negated_stores_nothing_done(max_: Max) -> None:
    who = person(max_, "Tomos")
    max_.say("I have a motorbike.", who)
    max_.say("I didn't have to sell the motorbike in the end.", who)
    assert not answer_of(max_.say("Does Tomos still have the motorbike?", who)).startswith("no")


def test_move_here_in_one_sitting(max_: Max) -> None:
    who = person(max_, "Siwan")
    max_.say("I live in Aberystwyth.", who)
    max_.say("I moved here in 2019.", who)
    assert "aberystwyth" in answer_of(max_.say("Where does Siwan live?", who))
