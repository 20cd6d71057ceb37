"""Check set for where someone works, studies or keeps a thing, and for light verbs (issue 21,
light44), written before the code in words of its own (no dev sentence). A place answers
"Where does X work/study?" or "Where is X's <thing>?" only from a statement of that act (or
of having or running the thing), never from where X merely is ("X's in the conservatory"),
never from a room, and never from a statement of someone else. A light verb whose object names
an act ("had a fall", "took a photo of", "gave a speech", "went for a swim", "got married") is
that act, so a question asking the act meets it. About a third of the questions are near
misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "presence": (
        [
            ("Wilhelmina", "Barnaby's in the conservatory with the dog."),
            ("Wilhelmina", "Oksana is at the dentist this morning."),
            ("Wilhelmina", "Fergus is in the kitchen doing the washing up."),
            ("Wilhelmina", "Cressida works at a hospice in Ludlow."),
        ],
        [
            ("Odile", "Where does Barnaby work?", ""),
            ("Odile", "Where does Oksana work?", ""),
            ("Odile", "Where does Fergus work?", ""),
            ("Odile", "Where does Fergus study?", ""),
            ("Odile", "Where does Cressida work?", "ludlow"),
        ],
    ),
    "twins": (
        [
            ("Leofric", "My twin brothers are Anders and Lars."),
            ("Leofric", "Anders works on the ferries out of Oban."),
            ("Leofric", "Esme is studying law at Exeter."),
            ("Leofric", "Priyanka opened a bakery in Whitby."),
            ("Leofric", "Priyanka's upstairs in the bathroom."),
        ],
        [
            ("Odile", "Where does Lars work?", ""),
            ("Odile", "Where does Esme study?", "exeter"),
            ("Odile", "Where does Esme work?", ""),
            ("Odile", "Where is Priyanka's bakery?", "whitby"),
            ("Odile", "Where is Priyanka's car?", ""),
            ("Odile", "Where does Priyanka work?", ""),
        ],
    ),
    "light_verbs": (
        [
            ("Hortense", "Ptolemy had a fall in the garden on Tuesday."),
            ("Hortense", "Constance took a photo of the old bridge."),
            ("Hortense", "Leopold gave a speech at his brother's wedding."),
            ("Hortense", "Rafferty went for a swim in the lake before breakfast."),
            ("Hortense", "Saoirse got married in Galway last summer."),
        ],
        [
            ("Odile", "Where did Ptolemy fall?", "garden"),
            ("Odile", "What did Constance photograph?", "bridge"),
            ("Odile", "Where did Leopold speak?", "wedding"),
            ("Odile", "Where did Rafferty swim?", "lake"),
            ("Odile", "Where did Saoirse get married?", "galway"),
            ("Odile", "Where did Constance fall?", ""),
            ("Odile", "What did Leopold photograph?", ""),
            ("Odile", "Where did Saoirse swim?", ""),
            ("Odile", "Where did Rafferty speak?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_light44_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
