"""Check set for light verbs and where a thing is (issue 21, light42), written before the code
in words of its own (no dev sentence): a light verb whose object names the act ("did the
driving", "got engaged", "had a fall", "took a photo", "gave a talk", "has a job at") must meet
a question asking the act itself; and "where does X live/work/study", "where is X's <thing>"
may be answered from the place of a statement that X works, studies, lives or owns something
there under another verb ("works as a nurse at", "is at uni in", "bought a flat in"). About a
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
    "acts": (
        [
            ("Gwenllian", "Priya did the driving all the way to Skye."),
            ("Gwenllian", "Tomasz got engaged in Krakow at Easter."),
            ("Gwenllian", "Elif had a nasty fall on the ice outside the chemist."),
            ("Gwenllian", "Dmitri took a photo of the lighthouse at dawn."),
        ],
        [
            ("Odile", "Where did Priya drive to?", "skye"),
            ("Odile", "Where did Tomasz get engaged?", "krakow"),
            ("Odile", "Where did Elif fall?", "ice"),
            ("Odile", "What did Dmitri photograph?", "lighthouse"),
            ("Odile", "Where did Dmitri fall?", ""),
            ("Odile", "What did Priya photograph?", ""),
            ("Odile", "Where did Elif drive to?", ""),
        ],
    ),
    "talks": (
        [
            ("Bartholomew", "My sister Inés gave a talk on beekeeping at the library."),
            ("Bartholomew", "Last month Rowan did a course in welding at the college in Bangor."),
        ],
        [
            ("Odile", "What did Inés talk about?", "beekeeping"),
            ("Odile", "Where did Rowan study welding?", "college"),
            ("Odile", "What did Rowan study?", "welding"),
            ("Odile", "What did Bartholomew study?", ""),
        ],
    ),
    "jobs": (
        [
            ("Marisol", "Oisin has a job at the garden centre in Lisburn."),
            ("Marisol", "Aunt Fenella works as a midwife at the Royal Infirmary."),
            ("Marisol", "Kenji is at uni in Durham now."),
        ],
        [
            ("Odile", "Where does Oisin work?", "lisburn"),
            ("Odile", "Where does Fenella work?", "royal infirmary"),
            ("Odile", "Where does Kenji study?", "durham"),
            ("Odile", "Where does Fenella live?", ""),
            ("Odile", "Where does Oisin study?", ""),
            ("Odile", "Where does Kenji work?", ""),
        ],
    ),
    "things": (
        [
            ("Tadhg", "Ngozi bought a flat in Leith last year."),
            ("Tadhg", "Rui runs a little cafe on Bold Street."),
        ],
        [
            ("Odile", "Where is Ngozi's flat?", "leith"),
            ("Odile", "Where is Rui's cafe?", "bold street"),
            ("Odile", "Where is Ngozi's car?", ""),
            ("Odile", "Where is Rui's flat?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_light42_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
