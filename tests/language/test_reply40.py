"""Bare replies to questions between people (issue 21, reply40): a yes or no set apart before a
clause of its own answers the question whole, a "No, ..." answering a person is no correction of
MAX, "never" with its verb is a clause and no "no", and a count that is the question's subject
fills it. Each test drives a real booted resident."""

from __future__ import annotations

from tests.language.test_conversation import Max, answer_of, person


def _talk(m: Max, lines: list[tuple[str, str]]) -> dict[str, str]:
    people: dict[str, str] = {}
    for who, _ in lines:
        if who not in people:
            people[who] = person(m, who)
    for who, text in lines:
        m.say(text, people[who])
    return people


def test_a_no_before_a_clause_denies_the_question(max_: Max) -> None:
    people = _talk(
        max_,
        [
            ("Bram", "Do you still have the old Volvo, Ines?"),
            ("Ines", "No, I sold it to my neighbour in March."),
        ],
    )
    asked = max_.say("Does Ines still have the old Volvo?", people["Bram"])
    assert answer_of(asked).startswith("no")


def test_a_yes_before_a_clause_affirms_the_question(max_: Max) -> None:
    people = _talk(
        max_,
        [
            ("Greta", "Did Tomasz get the job at the garden centre?"),
            ("Oyelaran", "Yes, he starts there on Monday."),
        ],
    )
    asked = max_.say("Where did Tomasz get a job?", people["Greta"])
    assert "garden centre" in answer_of(asked)


def test_never_with_its_verb_is_no_no(max_: Max) -> None:
    people = _talk(
        max_,
        [
            ("Priscilla", "Are you still in Frome?"),
            ("Hollis", "Never moved! Same street as my brother."),
        ],
    )
    asked = max_.say("Is Hollis still in Frome?", people["Priscilla"])
    assert not answer_of(asked).startswith("no")


def test_a_count_of_the_subject_fills_it(max_: Max) -> None:
    people = _talk(
        max_,
        [
            ("Saoirse", "How many people turned up to the ceilidh in the end?"),
            ("Dermot", "Thirty, counting the band."),
        ],
    )
    asked = max_.say("How many people turned up to the ceilidh?", people["Saoirse"])
    assert "thirty" in answer_of(asked)
