"""Answers about something else (issue 21): an answer must hold what the question asks, a plan
answers only a question about what is ahead, "how much" is an amount, a later move outdates
where someone worked. Each through a real Resident on a real DuckDB graph; in each, the wrong
answer the reader gave before is asserted absent, and "I don't know" or the right one given."""

from __future__ import annotations

from tests.language.test_conversation import Max


def _idk(reply: str) -> bool:
    return reply.startswith("I don't know")


def test_a_when_question_is_not_answered_by_another_event(max_: Max) -> None:
    priya = max_.say("I'm Priya.").person_id
    max_.say("My brother Dev is coming up from Leicester this weekend.", priya)
    turn = max_.say("When did Dev get engaged?", priya)
    assert turn.answer is None and _idk(turn.reply)
    # The event asked is still answered.
    max_.say("Dev passed his driving test yesterday.", priya)
    assert max_.say("When did Dev pass his driving test?", priya).answer is not None


def test_a_plan_does_not_say_where_someone_works_now(max_: Max) -> None:
    callum = max_.say("I'm Callum.").person_id
    max_.say(
        "I'm moving out in January because I'm going to Amsterdam to work for a bike company",
        callum,
    )
    turn = max_.say("Where does Callum work?", callum)
    assert "Amsterdam" not in (turn.answer or "")


def test_how_much_is_an_amount_not_a_count_of_the_thing(max_: Max) -> None:
    kenji = max_.say("I'm Kenji.").person_id
    max_.say("I sold my old Volvo on Thursday for 4,000 pounds.", kenji)
    turn = max_.say("How much did Kenji sell the Volvo for?", kenji)
    assert turn.answer != "1"
    assert turn.answer is None or "4,000" in turn.answer


def test_a_later_move_outdates_where_someone_worked(max_: Max) -> None:
    galina = max_.say("I'm Galina.").person_id
    max_.say("My grandson Pavel works as a chef in a restaurant in Bath.", galina)
    assert max_.say("Where does Pavel work?", galina).answer is not None
    # Two weeks on: the move ("last week") came after what was said of his work.
    max_.clock.advance(days=14)
    max_.say("Pavel moved to Cardiff last week.", galina)
    turn = max_.say("Where does Pavel work?", galina)
    assert "Bath" not in (turn.answer or "")
    assert max_.say("Does Pavel still work in Bath?", galina).answer != "Yes"
