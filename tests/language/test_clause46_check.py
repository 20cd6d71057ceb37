"""Check set for clauses of a turn left unread (issue 21, clause46), written before the code in
words of its own (no dev sentence). A cleft ("It was Oona who fixed the gate", "It's the
greenhouse that Wendell painted") states its inner clause with the focus in the relative
word's place; a cleft negated, asked, or held inside another's belief ("I thought it was ...")
states nothing. Another person's belief ("Dad reckons Tilde got the job at the museum") is
not the speaker's statement, and no second reading may turn it into one. "He's joined a chess
club" is a present perfect ("has joined"), not a passive. A relative clause on "a man called
Evander" is said of Evander. Coordinated and
subordinate clauses that main already reads are kept as guards. About a third of the
questions are near misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "clefts": (
        [
            ("Gwenllian", "It was Oona who fixed the gate last week."),
            ("Gwenllian", "It's Bartholomew who walks the dog in the mornings."),
            ("Gwenllian", "It was the greenhouse that Wendell painted."),
            ("Gwenllian", "It wasn't Cormac who broke the kettle."),
        ],
        [
            ("Ptolemy", "Who fixed the gate?", "oona"),
            ("Ptolemy", "Who walks the dog?", "bartholomew"),
            ("Ptolemy", "What did Wendell paint?", "greenhouse"),
            ("Ptolemy", "Who broke the kettle?", ""),
            ("Ptolemy", "What did Oona paint?", ""),
            ("Ptolemy", "Who painted the gate?", ""),
        ],
    ),
    "beliefs": (
        [
            ("Marisol", "Dad reckons Tilde got the job at the museum."),
            ("Marisol", "Auntie Peg thinks Florian sold his allotment."),
            ("Marisol", "I know Leocadia teaches at the primary school."),
        ],
        [
            ("Ptolemy", "Where does Tilde work?", ""),
            ("Ptolemy", "What did Florian sell?", ""),
            ("Ptolemy", "Where does Leocadia teach?", "school"),
        ],
    ),
    "joined": (
        [
            ("Isambard", "Rosalind plays the harp and Caspian collects stamps."),
            ("Isambard", "Ottoline moved to Galway, so Peregrine rents her old flat."),
            ("Isambard", "Since Hyacinth retired, she paints watercolours."),
        ],
        [
            ("Ptolemy", "What does Caspian collect?", "stamps"),
            ("Ptolemy", "What does Rosalind play?", "harp"),
            ("Ptolemy", "Where did Ottoline move?", "galway"),
            ("Ptolemy", "What does Rosalind collect?", ""),
            ("Ptolemy", "Where did Peregrine move?", ""),
        ],
    ),
    "perfects": (
        [
            ("Philippa", "My nephew Lysander rang on Sunday."),
            ("Philippa", "He's joined a chess club in Truro."),
            ("Philippa", "My aunt Drusilla is thrilled, she's bought a campervan."),
            ("Philippa", "My bike's been stolen again."),
        ],
        [
            ("Ptolemy", "What has Lysander joined?", "chess club"),
            ("Ptolemy", "What did Drusilla buy?", "campervan"),
            ("Ptolemy", "What did Lysander buy?", ""),
            ("Ptolemy", "What has Drusilla joined?", ""),
            ("Ptolemy", "Who stole the bike?", ""),
        ],
    ),
    "called": (
        [
            ("Benedikt", "I bought the shop from a man called Evander who moved to Crete."),
            ("Benedikt", "Our neighbour, a woman named Cosima who keeps bees, lent us a ladder."),
        ],
        [
            ("Ptolemy", "Where did Evander move?", "crete"),
            ("Ptolemy", "What does Cosima keep?", "bees"),
            ("Ptolemy", "Where did Cosima move?", ""),
            ("Ptolemy", "What does Evander keep?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_clause46_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
