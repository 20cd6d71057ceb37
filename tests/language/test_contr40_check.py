"""Check set for a contracted "'s" (is/has) read as a possessive and a name said to the listener
read as an argument (issue 21, contr40), written before the code in words of its own (no dev
sentence). "Name's <participle>", "the noun's <adjective>", "X's <preposition ...>", "X's got
a <noun>", "X's <date>" say "is" or "has", and the clause must be read; a known name set off by a
comma at a sentence's edge ("Max, ...", "..., Delphine") is the one spoken to, never an argument.
About a third of the questions are near misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "greenhouse": (
        [
            ("Mirela", "Grandad's building a greenhouse behind the garage."),
            ("Mirela", "The washing machine's leaking again."),
        ],
        [
            ("Odile", "What is Grandad building?", "greenhouse"),
            ("Odile", "What is leaking?", "washing machine"),
            ("Odile", "What is Mirela building?", ""),
            ("Odile", "Is the dishwasher leaking?", ""),
        ],
    ),
    "tortoise": (
        [
            ("Tobiah", "My cousin Perpetua's got a tortoise called Shelby."),
            ("Tobiah", "Perpetua's in Norwich this week."),
        ],
        [
            ("Odile", "What is Perpetua's tortoise called?", "shelby"),
            ("Odile", "Where is Perpetua?", "norwich"),
            ("Odile", "What is Tobiah's tortoise called?", ""),
            ("Odile", "Where is Tobiah?", ""),
        ],
    ),
    "exam": (
        [
            ("Lavinia", "Ottoline's driving test is next Thursday."),
            ("Lavinia", "Ottoline's nervous about it."),
            ("Lavinia", "Her brother Caspian's gone to Belfast for work."),
        ],
        [
            ("Odile", "When is Ottoline's driving test?", "8 january"),
            ("Odile", "Where has Caspian gone?", "belfast"),
            ("Odile", "Where has Lavinia gone?", ""),
            ("Odile", "When is Caspian's driving test?", ""),
        ],
    ),
    "addressed": (
        [
            ("Barnaby", "Max, the hamster's escaped again."),
            ("Barnaby", "Our neighbour is a locksmith, Max."),
            ("Delphine", "Hello Barnaby."),
            ("Barnaby", "My sister is a paramedic, Delphine."),
        ],
        [
            ("Odile", "What has escaped?", "hamster"),
            ("Odile", "What does Barnaby's neighbour do?", "locksmith"),
            ("Odile", "What does Barnaby's sister do?", "paramedic"),
            ("Odile", "What does Delphine do?", ""),
            ("Odile", "What does Barnaby do?", ""),
        ],
    ),
    "keys": (
        [
            ("Jerome", "Thanks, Fenella."),
            ("Jerome", "Mum's retiring in October."),
            ("Jerome", "Fenella's sister is a dentist."),
        ],
        [
            ("Odile", "When is Jerome's mum retiring?", "october"),
            ("Odile", "What does Fenella's sister do?", "dentist"),
            ("Odile", "What does Fenella do?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_contr40_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
