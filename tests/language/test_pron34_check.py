"""Check set for pronoun subjects across turns (issue 21, pron34), written before the code in
words of its own (no dev sentence): a he/she answering a question about someone ("How is your
nephew Arlo?" / "He's ..."), the subject of the last statement said again by a pronoun, "she"
for a relative named by a family noun, "they" for a pair or a group the talk named ("my parents
... They ..."), and "it" for the last thing. About a third are near misses that must stay
"I don't know": two people who fit equally, a pronoun of the other sex, and questions about the
one the pronoun is not.

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "asked_about": (
        [
            ("Perpetua", "How is Arlo getting on these days?"),
            ("Ewan", "He's started an apprenticeship at a boatyard in Looe."),
        ],
        [
            ("Perpetua", "Where did Arlo start an apprenticeship?", "looe"),
            ("Perpetua", "Where did Ewan start an apprenticeship?", ""),
        ],
    ),
    "asked_about_her": (
        [
            ("Ewan", "Any news of Morwenna?"),
            ("Perpetua", "She moved to Truro in the spring."),
        ],
        [
            ("Ewan", "Where did Morwenna move?", "truro"),
            ("Ewan", "Where did Perpetua move?", ""),
        ],
    ),
    "last_subject": (
        [
            ("Ewan", "Tobias finally passed his driving test last week."),
            ("Perpetua", "Brilliant news."),
            ("Ewan", "He bought a little Fiat on Saturday."),
        ],
        [
            ("Perpetua", "What did Tobias buy?", "fiat"),
            ("Perpetua", "What did Ewan buy?", ""),
        ],
    ),
    "kin_she": (
        [
            ("Perpetua", "My sister rang from Aberdeen this morning."),
            ("Perpetua", "She has taken a job at the harbour office."),
        ],
        [
            ("Ewan", "Where has Perpetua's sister taken a job?", "harbour"),
            ("Ewan", "Where has Perpetua taken a job?", ""),
        ],
    ),
    "kin_wrong_sex": (
        [
            ("Perpetua", "My brother came over on Sunday."),
            ("Perpetua", "She has a new allotment by the canal."),
        ],
        [
            ("Ewan", "What does Perpetua's brother have?", ""),
        ],
    ),
    "parents_they": (
        [
            ("Ewan", "My parents sold the farm last year."),
            ("Ewan", "They live in Filey now."),
        ],
        [
            ("Perpetua", "Where do Ewan's parents live?", "filey"),
            ("Perpetua", "Where does Ewan live?", ""),
        ],
    ),
    "pair_they": (
        [
            ("Perpetua", "Hester and Rufus got engaged at Christmas."),
            ("Perpetua", "They are getting married in Whitby."),
        ],
        [
            ("Ewan", "Where are Hester and Rufus getting married?", "whitby"),
            ("Ewan", "Where is Perpetua getting married?", ""),
        ],
    ),
    "pair_he": (
        [
            ("Ewan", "Cormac and Dermot went fishing off the pier."),
            ("Ewan", "He caught a huge mackerel."),
        ],
        [
            ("Perpetua", "What did Cormac catch?", ""),
            ("Perpetua", "What did Dermot catch?", ""),
        ],
    ),
    "it_thing": (
        [
            ("Perpetua", "We bought a second-hand camper van in June."),
            ("Perpetua", "It cost four thousand pounds."),
        ],
        [
            ("Ewan", "How much did the camper van cost?", "four thousand"),
        ],
    ),
    "asked_then_other": (
        [
            ("Ewan", "How's your daughter Imogen?"),
            ("Perpetua", "She's fine. Her husband Grant is poorly though."),
            ("Perpetua", "He has been off work since March."),
        ],
        [
            ("Ewan", "Since when has Grant been off work?", "march"),
            ("Ewan", "Since when has Imogen been off work?", ""),
        ],
    ),
    "told_about_her": (
        [
            ("Perpetua", "Did I tell you about my niece Saoirse?"),
            ("Ewan", "No, what about her?"),
            ("Perpetua", "She's training to be a vet in Dublin."),
        ],
        [
            ("Ewan", "What is Saoirse training to be?", "vet"),
            ("Ewan", "What is Perpetua training to be?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_pron34_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
