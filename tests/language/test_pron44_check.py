"""Check set for a pronoun that must agree with what it names (issue 21, pron44), written before
the code in words of its own (no dev sentence): a he/she never names a place, a month or a thing
said between it and the person ("My aunt moved to Whitby. She ..."), "it" never names a person,
"they" of one person only where the talk said that person was "they", a his/her never the one
speaking, and a clause's act decides between two of whom the pronoun could be. About a third are
near misses that must stay "I don't know" (or give the person, never the place or thing): a
question whose wrong answer is the place or thing the pronoun was misread as.

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "place_between": (
        [
            ("Wilhelmina", "My cousin Teodor moved to Harrogate in March."),
            ("Wilhelmina", "He teaches the cello at a primary school."),
        ],
        [
            ("Odile", "What does Teodor teach?", "cello"),
            ("Odile", "Who teaches the cello?", "teodor"),
            ("Odile", "What does Wilhelmina teach?", ""),
        ],
    ),
    "month_between": (
        [
            ("Perpetua", "Our lodger Ingrid leaves in August."),
            ("Perpetua", "She is training to be a midwife."),
        ],
        [
            ("Odile", "Who is training to be a midwife?", "ingrid"),
            ("Odile", "What is August training to be?", ""),
        ],
    ),
    "town_as_object": (
        [
            ("Barnaby", "I saw Gretchen at the market in Settle on Saturday."),
            ("Barnaby", "She has opened a cheese stall."),
        ],
        [
            ("Odile", "What has Gretchen opened?", "cheese"),
            ("Odile", "Who opened a cheese stall?", "gretchen"),
            ("Odile", "What has Settle opened?", ""),
        ],
    ),
    "venue_then_he": (
        [
            ("Rosalind", "Uncle Cormac took me to the Lyceum last night."),
            ("Rosalind", "He cried at the ending."),
        ],
        [
            ("Odile", "Who cried at the ending?", "cormac"),
            ("Odile", "Who did Uncle Cormac take to the Lyceum?", "rosalind"),
        ],
    ),
    "it_not_a_person": (
        [
            ("Ignatius", "My neighbour Philippa lent me her lawnmower."),
            ("Ignatius", "It needs a new blade."),
        ],
        [
            ("Odile", "What does Philippa need?", ""),
            ("Odile", "Who needs a new blade?", ""),
        ],
    ),
    "they_group": (
        [
            ("Marisol", "My brother Lorcan joined a walking club."),
            ("Marisol", "They meet every Sunday in Keswick."),
        ],
        [
            ("Odile", "Where does Lorcan meet?", ""),
            ("Odile", "When does Lorcan meet?", ""),
        ],
    ),
    "they_one_person": (
        [
            ("Marisol", "My friend Jules is non-binary and they use they."),
            ("Marisol", "Jules just got a job in Perth. They start on Monday."),
        ],
        [
            ("Odile", "Where did Jules get a job?", "perth"),
        ],
    ),
    "his_not_speaker": (
        [
            ("Leopold", "My grandson Caspar turned seven last week."),
            ("Leopold", "His favourite food is spaghetti."),
        ],
        [
            ("Odile", "What is Caspar's favourite food?", "spaghetti"),
            ("Odile", "What is Leopold's favourite food?", ""),
            ("Odile", "How old is Caspar?", "seven"),
        ],
    ),
    "she_after_street": (
        [
            ("Henrietta", "Auntie Bronagh lives on Mulberry Road."),
            ("Henrietta", "She works as a florist."),
        ],
        [
            ("Odile", "What does Bronagh work as?", "florist"),
            ("Odile", "Who works as a florist?", "bronagh"),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_pron44_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
