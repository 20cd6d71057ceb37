"""Subjectless clauses read for precision (issue 21, subj36): elided_subject.py gives a clause
said without a subject one reading of whose it is, and none where the talk leaves it unsure.
The relative asked of this speaker the turn before is whom the answer is about; a possessive
of the person the clause just named ("Gave Callum his van back") is the object's own and
leaves the teller the doer (dev); a clause right after another's clause about someone else (the
other speaker's "we", the teller's sister) may go on about them and stays unread.

Talks in words of their own (no corpus sentence), on a real booted resident; each fails on
main."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

TALKS: dict[str, Talk] = {
    "the_relative_asked_retired": (
        [("Odile", "And how's your grandad?"), ("Kofi", "Retired from the buses in June.")],
        [
            ("Odile", "When did Kofi's grandad retire?", "june"),
            ("Odile", "When did Kofi retire?", ""),
        ],
    ),
    "after_the_tellers_clause_about_another": (
        [
            ("Wyn", "My sister Nerys moved to Leeds in the spring."),
            ("Wyn", "Started a nursing course at the university."),
        ],
        [
            ("Odile", "Where did Nerys move?", "leeds"),
            ("Odile", "What did Wyn start?", ""),
        ],
    ),
    "after_the_other_speakers_we": (
        [
            ("Steffan", "We went to Lisbon for half term."),
            ("Elin", "Stayed in a little flat in Alfama."),
        ],
        [
            ("Odile", "Where did Steffan go for half term?", "lisbon"),
            ("Odile", "Where did Elin stay?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(TALKS))
def test_subj36(max_: Max, name: str) -> None:
    assert mismatches(max_, TALKS[name]) == []
