"""Check set for answers about something else from a state a later turn changed (issue 21,
wrong42), written before the code in words of its own (no dev sentence): a state told once
("Maeve lives in Leeds", "I'm on nights") and changed later in many ways ("got the keys to her
flat in York", "I'm off nights now", "moved into a care home", "swimming is off") must not
answer "still" or "now" with what it was. A state a later turn leaves alone still answers
yes, and what was never told stays "I don't know": about a third are such near misses.

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; "yes"/"no" is the reply's first word; another is a word the answer must hold.
The score is recorded in the report (main against the branch); the test asserts only that no
question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "keys": (
        [
            ("Lorcan", "My sister Maeve lives in Leeds."),
            ("Lorcan", "Big news, Maeve got the keys to her new flat in York on Friday."),
        ],
        [
            ("Odile", "Does Maeve still live in Leeds?", "no"),
            ("Odile", "Where does Maeve live now?", "york"),
            ("Odile", "Does Maeve still play golf?", ""),
            ("Odile", "Where does Lorcan live?", ""),
        ],
    ),
    "shifts": (
        [
            ("Ines", "I'm a nurse at the Royal and I'm on nights this month."),
            ("Ines", "Good news, I'm off nights now, back on days till Easter."),
        ],
        [
            ("Odile", "Is Ines still on nights?", "no"),
            ("Odile", "Where does Ines work?", "royal"),
            ("Odile", "Is Ines still a midwife?", ""),
        ],
    ),
    "home": (
        [
            ("Tamsin", "Grandad Len lives on his own in Hull."),
            ("Tamsin", "Len moved into a care home in Beverley on Friday."),
        ],
        [
            ("Odile", "Is Len still living on his own?", "no"),
            ("Odile", "Where does Len live now?", "beverley"),
            ("Odile", "Is Len still in Hull?", "no"),
            ("Odile", "Does Len still drive?", ""),
        ],
    ),
    "steady": (
        [
            ("Priya", "My brother Dev works at the library."),
            ("Priya", "Dev bought a new bike on Saturday."),
        ],
        [
            ("Odile", "Does Dev still work at the library?", "yes"),
            ("Odile", "Where does Dev work now?", "library"),
            ("Odile", "Does Dev still work at the bank?", ""),
        ],
    ),
    "swimming": (
        [
            ("Bernard", "My dad Alf goes swimming every Tuesday."),
            ("Bernard", "Alf hurt his knee, so he has stopped swimming for now."),
        ],
        [
            ("Odile", "Does Alf still go swimming?", "no"),
            ("Odile", "Does Bernard still go swimming?", ""),
        ],
    ),
    "moved": (
        [
            ("Wendell", "Our neighbour Fenella works at the garden centre in Ripon."),
            ("Wendell", "Fenella has left the garden centre, she works at the vets now."),
        ],
        [
            ("Odile", "Does Fenella still work at the garden centre?", "no"),
            ("Odile", "Where does Fenella work now?", "vets"),
            ("Odile", "Where does Wendell work now?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_wrong42_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
