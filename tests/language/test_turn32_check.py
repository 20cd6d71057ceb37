"""Check set for turns that store nothing (issue 21, turn32), written before the code in words
of its own (no dev sentence): a verb of wanting or planning ("want to", "plan to", "hope to",
"need to", "decide to") whose inner verb says its content with a preposition and no direct
object ("planning to move to Lisbon", "hoping to go to Tenerife", "wants to study at Durham")
is a wish or plan about that place or person, held as one. About half the questions are near
misses that must stay "I don't know": a wish to move is no home, a plan to go is no trip made.

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "lisbon": (
        [("Laura", "Kenji and I are planning to move to Lisbon next spring.")],
        [
            ("Odile", "Where are Laura and Kenji planning to move?", "lisbon"),
            ("Odile", "Where is Kenji planning to move to?", "lisbon"),
            ("Odile", "Where does Kenji live?", ""),
            ("Odile", "Did Laura move to Lisbon?", ""),
        ],
    ),
    "durham": (
        [("Siobhan", "My daughter Aoife wants to study at Durham.")],
        [
            ("Odile", "Where does Aoife want to study?", "durham"),
            ("Odile", "Where does Aoife study?", ""),
            ("Odile", "Where does Siobhan want to study?", ""),
        ],
    ),
    "tenerife": (
        [("Gwen", "We're hoping to go to Tenerife in May.")],
        [
            ("Odile", "Where is Gwen hoping to go?", "tenerife"),
            ("Odile", "Where did Gwen go in May?", ""),
            ("Odile", "Is Gwen in Tenerife?", ""),
        ],
    ),
    "cousin": (
        [("Hamid", "I decided to stay with my cousin Yusuf in Bolton.")],
        [
            ("Odile", "Who did Hamid decide to stay with?", "yusuf"),
            ("Odile", "Who did Hamid decide to visit?", ""),
        ],
    ),
    "dentist": (
        [("Ines", "Rafael needs to go to the dentist on Friday.")],
        [
            ("Odile", "Where does Rafael need to go?", "dentist"),
            ("Odile", "When does Rafael need to go to the dentist?", "2 january"),
            ("Odile", "Where does Ines need to go?", ""),
        ],
    ),
    "flat": (
        [("Olu", "My brother Tunde wants to move in with his girlfriend Bea.")],
        [
            ("Odile", "Who does Tunde want to move in with?", "bea"),
            ("Odile", "Who does Tunde live with?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_turn32_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
