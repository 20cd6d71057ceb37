"""Check set for answers about something else (issue 21, wrong32), written before the code in
words of its own (no dev sentence): an answer must be of the type its question's gap asks for
(a car is no dog, a job no phone call, a sum no count of ports, a subject of study no steering
wheel), and what was only wished, supposed or asked is no fact to answer with. About a third
of the questions are near misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "kennel": (
        [
            ("Bronwen", "We've got two dogs, a whippet called Pip and a collie called Moss."),
            ("Bronwen", "Gareth drives a red Skoda."),
        ],
        [
            ("Odile", "What car does Gareth drive?", "skoda"),
            ("Odile", "What car does Bronwen have?", ""),
            ("Odile", "What is the whippet called?", "pip"),
        ],
    ),
    "promotion": (
        [
            ("Lachlan", "If I got the promotion I would buy a boat."),
            ("Lachlan", "I bought a kayak in May."),
            ("Lachlan", "Would Ailsa ever move to Perth?"),
        ],
        [
            ("Odile", "What did Lachlan buy?", "kayak"),
            ("Odile", "Where does Ailsa live?", ""),
            ("Odile", "Did Lachlan buy a boat?", ""),
        ],
    ),
    "paramedic": (
        [
            ("Priya", "Dominic works as a paramedic in Swindon."),
            ("Priya", "Dominic rang the garage about his brakes."),
            ("Priya", "My cousin Leona took the lead in the school play."),
        ],
        [
            ("Odile", "What does Dominic do for a living?", "paramedic"),
            ("Odile", "Where does Dominic work?", "swindon"),
            ("Odile", "What does Leona do for a living?", ""),
            ("Odile", "What is Leona studying?", ""),
        ],
    ),
    "laptop": (
        [
            ("Tomasz", "Kasia paid four hundred pounds for her new laptop."),
            ("Tomasz", "Kasia is thirty-two."),
            ("Tomasz", "Her laptop has three ports."),
        ],
        [
            ("Odile", "How much did Kasia pay for her laptop?", "four hundred"),
            ("Odile", "How old is Kasia?", "thirty-two"),
            ("Odile", "How much did Kasia pay for her phone?", ""),
            ("Odile", "How old is Tomasz?", ""),
        ],
    ),
    "architecture": (
        [
            ("Marisol", "Teodoro is applying to study architecture at Cardiff."),
            ("Marisol", "Teodoro took the wheel on the drive back from Bath."),
        ],
        [
            ("Odile", "What is Teodoro applying to study?", "architecture"),
            ("Odile", "What does Teodoro study?", "architecture"),
            ("Odile", "What does Marisol study?", ""),
            ("Odile", "What is Marisol applying for?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_wrong32_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
