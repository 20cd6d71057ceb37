"""A later move outdates the home held before (issue 21, wrong42: answers about something
else, most often a stale state): going into a home ("went into a care home", a WordNet verb of
going, "into", a dwelling) is a move as "moved to" is, and a move out of a place ("moved out
of Mum and Dad's") ends where someone lived, whatever it was called; a home asked in the
progressive ("Is Len still living in Hull?") is where he lives now, not a plan. Going into
town, or into a place that is no home, moves no one, and a move out says nothing of a job.

Talks in words of their own (no corpus sentence), on a real booted resident."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

TALKS: dict[str, Talk] = {
    "care_home": (
        [
            ("Tamsin", "Grandad Len is in Hull on his own."),
            ("Tamsin", "Len has gone into a care home in Beverley now."),
        ],
        [
            ("Odile", "Is Len still living on his own?", "no"),
            ("Odile", "Is Len still living in Hull?", "no"),
        ],
    ),
    "moved_out": (
        [
            ("Rhodri", "My son Cai is at his parents' for now, he works at the library."),
            ("Rhodri", "Cai has moved out of his mum's place."),
        ],
        [
            ("Odile", "Is Cai still living with his parents?", "no"),
            ("Odile", "Where does Cai work?", "library"),
        ],
    ),
    "into_town": (
        [
            ("Tamsin", "Aunt Bet is in Whitby on her own."),
            ("Tamsin", "Bet went into town on Friday."),
        ],
        [("Odile", "Is Bet still living in Whitby?", "yes")],
    ),
}


@pytest.mark.parametrize("name", sorted(TALKS))
def test_wrong42(max_: Max, name: str) -> None:
    assert not mismatches(max_, TALKS[name])
