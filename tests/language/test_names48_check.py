"""Check set for people the pipeline did not see as people (issue 21, names48), written before
the code in words of its own (no dev sentence). A hyphen-joined name ("Mei-ling", "Jean-Baptiste")
is one name for the statement and the question alike; a name the talk treats as a person (the
subject of "be" with a relation noun, the companion of "with", the subject of a verb only
someone does) is a person whatever the recogniser said, so "who" and he/she reach it. About a
third of the questions are near misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "hyphens": (
        [
            ("Godric", "Mei-ling teaches piano in Carlisle."),
            ("Godric", "Jean-Baptiste moved to Rouen last spring."),
            ("Godric", "Sun-hee lives in Dundee with her aunt."),
            ("Godric", "The X-ray showed a cracked rib."),
        ],
        [
            ("Oriel", "Where does Mei-ling teach piano?", "carlisle"),
            ("Oriel", "What does Mei-ling teach?", "piano"),
            ("Oriel", "Where did Jean-Baptiste move?", "rouen"),
            ("Oriel", "Where does Sun-hee live?", "dundee"),
            ("Oriel", "Where does Jean-Baptiste work?", ""),
            ("Oriel", "Where does Mei-ling live?", ""),
            ("Oriel", "What does Sun-hee teach?", ""),
        ],
    ),
    "hyphen_people": (
        [
            ("Tancredi", "I had dinner with Su-bin on Sunday."),
            ("Tancredi", "Jae-won's brother is a chef in Leeds."),
            ("Tancredi", "Tuan-Anh works at the Co-op on Mill Lane."),
            ("Tancredi", "Marie-Claude is my cousin and she keeps bees."),
        ],
        [
            ("Tancredi", "Who did I have dinner with?", "su-bin"),
            ("Tancredi", "What does Jae-won's brother do?", "chef"),
            ("Tancredi", "Where does Tuan-Anh work?", "co-op"),
            ("Tancredi", "What does Marie-Claude keep?", "bees"),
            ("Tancredi", "Who is my cousin?", "marie-claude"),
            ("Tancredi", "Who did I have lunch with?", ""),
            ("Tancredi", "What does Su-bin keep?", ""),
            ("Tancredi", "Where does Jae-won work?", ""),
        ],
    ),
    "relations": (
        [
            ("Ysolde", "Radomir is my landlord."),
            ("Ysolde", "My colleague Thandiwe runs marathons."),
            ("Ysolde", "Ilse-Marie is my godmother."),
        ],
        [
            ("Ysolde", "Who is my landlord?", "radomir"),
            ("Ysolde", "Who is my godmother?", "ilse-marie"),
            ("Ysolde", "What does Thandiwe run?", "marathon"),
            ("Ysolde", "Who is my dentist?", ""),
            ("Ysolde", "What does Radomir run?", ""),
        ],
    ),
    "companions": (
        [
            ("Perpetua", "I went bowling with Zdenek on Friday."),
            ("Perpetua", "Oluwaseun retired from the railway in March."),
            ("Perpetua", "Hae-won plays the cello."),
        ],
        [
            ("Perpetua", "Who did I go bowling with?", "zdenek"),
            ("Perpetua", "What does Hae-won play?", "cello"),
            ("Perpetua", "When did Oluwaseun retire?", "march"),
            ("Perpetua", "Who did I go swimming with?", ""),
            ("Perpetua", "What does Zdenek play?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_names48_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
