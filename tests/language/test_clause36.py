"""Clauses dropped inside a turn (issue 21, clause36): a time clause that tells a past deed of
its own ("after Delphine finished her exams") is read as a clause too; a clause run on with no
comma that the parser hung on a noun as a relative clause, though it has no gap ("With the
money I sold it for I bought a drum kit"), is a clause; a noun listed after "and" that ends
right before a finite verb is that verb's subject, no object of the clause before ("Tom teaches
maths and his wife Jo runs a bakery"). Sentences of this module's own; near misses stay
"I don't know".

Each talk runs through a real Resident on a real DuckDB graph."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

TALKS: dict[str, Talk] = {
    "time_deed": (
        [("Hester", "We booked the cottage in Alnwick after Barnaby passed his driving test.")],
        [
            ("Lowri", "What did Barnaby pass?", "driving test"),
            ("Lowri", "What did Hester pass?", ""),
        ],
    ),
    "time_to_come": (
        [("Hester", "After Barnaby passes his driving test we will book a cottage.")],
        [("Lowri", "What did Barnaby pass?", "")],
    ),
    "run_on": (
        [("Hester", "evening max hester here i teach the cello at a school in Hexham")],
        [
            ("Lowri", "What does Hester teach?", "cello"),
            ("Lowri", "What does Lowri teach?", ""),
        ],
    ),
    "listed_subject": (
        [("Hester", "Tom teaches maths and his wife Jo runs a bakery in Hexham.")],
        [
            ("Lowri", "What does Jo run?", "bakery"),
            ("Lowri", "What does Tom teach?", "maths"),
            ("Lowri", "Who does Tom teach?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(TALKS))
def test_clause36(max_: Max, name: str) -> None:
    assert mismatches(max_, TALKS[name]) == []
