"""Yes/no questions that must not be answered by a statement about something else (issue 21,
wrong34): a numeral the question names ("the 52") is what is asked and must be held, and a
question whose verb the parser hung on its subject ("Is Kerem living with ...?" read as
"Is Kerem?") is read from that verb, so any statement of the subject no longer says yes.

Talks in words of their own (no corpus sentence), on a real booted resident."""

from __future__ import annotations

from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

NUMERAL: Talk = (
    [
        ("Leontyne", "I go to the gym after my shift."),
        ("Leontyne", "My cousin Ferdia drives the fourteen bus."),
    ],
    [
        # Going to the gym is no driving of the 52 (WordNet has "drive" a kind of "go").
        ("Odile", "Is Leontyne still driving the 52?", ""),
        ("Odile", "Does Leontyne drive the 31?", ""),
        ("Odile", "Does Ferdia drive the 14?", "yes"),
    ],
)

HUNG_VERB: Talk = (
    [
        ("Philippa", "My brother Kerem is coming to stay with us next week."),
        ("Philippa", "Kerem is very clever."),
    ],
    [
        ("Odile", "Is Kerem still living with Philippa?", ""),
        ("Odile", "Is Kerem clever?", "yes"),
    ],
)


def test_a_numeral_asked_must_be_held(max_: Max) -> None:
    assert mismatches(max_, NUMERAL) == []


def test_a_verb_hung_on_the_subject_is_what_is_asked(max_: Max) -> None:
    assert mismatches(max_, HUNG_VERB) == []
