"""Check set for learners of English and people who type in lower case, and for dates said
relative to the session (issue 21, learner30), written before the code in words of its own (no
dev sentence): a Turkish student typing without capitals or apostrophes, an Urdu speaker who
drops agreement and the possessive, a Hungarian speaker's bare present for a past day, a Greek
speaker's weekends and holidays. Some questions are near misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph, its clock moved to the day the
talk happens first (the fixture's clock starts on Thursday 1 January 2026). An expected answer
of "" is "I don't know"; another is a word the answer must hold. The score is recorded in the
report (main against the branch); the test asserts only that no near miss is answered and no
answer is about something else."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: days after Thursday 1 January 2026 the talk happens, its lines, its questions
CHECK: dict[str, tuple[int, Talk]] = {
    # Thursday 1 January 2026
    "emre": (
        0,
        (
            [
                ("Emre", "my flatmate deniz works at the library in leeds"),
                ("Emre", "my bike lives in the hallway now"),
                ("Emre", "were having a barbecue by the canal on the 14th of february"),
                ("Emre", "dont worry about lifts, deniz has a car"),
                ("Emre", "im starting a new job at the bakery on monday"),
            ],
            [
                ("Odile", "Where does Deniz work?", "library"),
                ("Odile", "Where is Emre's bike?", "hallway"),
                ("Odile", "When is the barbecue?", "14 february"),
                ("Odile", "Does Deniz have a car?", "yes"),
                ("Odile", "Where is Emre starting a new job?", "bakery"),
                ("Odile", "Where does Emre's sister work?", ""),
            ],
        ),
    ),
    # Thursday 1 January 2026
    "farah": (
        0,
        (
            [
                ("Farah", "My husband brother Imran live in Bradford."),
                ("Farah", "Imran work in a bank near the station."),
                ("Farah", "My son have exam on twentieth of May."),
                ("Farah", "My sister she come from Lahore in March, for two weeks."),
            ],
            [
                ("Odile", "Where does Imran live?", "bradford"),
                ("Odile", "Where does Imran work?", "bank"),
                ("Odile", "When is the exam?", "20 may"),
                ("Odile", "How long is Farah's sister coming for?", "two weeks"),
                ("Odile", "Where does Farah's son work?", ""),
            ],
        ),
    ),
    # Thursday 8 January 2026: the Monday she means is 5 January, the Tuesday 6 January
    "kata": (
        7,
        (
            [
                ("Kata", "Yesterday was very busy. I sign the lease for the flat on Monday."),
                ("Kata", "My cousin Zsofi arrive on Tuesday, she was very tired from the bus."),
                ("Kata", "Next week I start the new course, on Wednesday."),
            ],
            [
                ("Odile", "When did Kata sign the lease?", "5 january"),
                ("Odile", "When did Zsofi arrive?", "6 january"),
                ("Odile", "When does Kata start the new course?", "14 january"),
                ("Odile", "When did Kata sign the contract for the car?", ""),
            ],
        ),
    ),
    # Sunday 11 January 2026: last weekend is 3-4 January; Easter 2026 is 5 April, Orthodox
    # Easter 12 April
    "nikos": (
        10,
        (
            [
                ("Nikos", "Last weekend we drove up to Whitby with the kids."),
                ("Nikos", "We're flying to Crete for Orthodox Easter to see my parents."),
                ("Nikos", "My brother Stavros is getting married at Christmas."),
                ("Nikos", "Next weekend we're painting the kitchen."),
            ],
            [
                ("Odile", "When did Nikos go to Whitby?", "3 january"),
                ("Odile", "When is Nikos flying to Crete?", "12 april"),
                ("Odile", "When is Stavros getting married?", "25 december 2026"),
                ("Odile", "When is Nikos painting the kitchen?", "17 january"),
                ("Odile", "When is Nikos painting the bathroom?", ""),
            ],
        ),
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_learner30_check(max_: Max, name: str) -> None:
    days, talk = CHECK[name]
    if days:
        max_.clock.advance(days=days)
    wrong, unknown, right = scored(max_, talk)
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
