"""Check set for subjectless clauses (issue 21, subj34), written before the code in words of
its own (no dev sentence): chat drops the subject ("Tore my calf at five-a-side.", "flying
out of Bristol on Friday", "Been a nurse for twelve years."). The subject is read from the
verb's form and the clause: a past, present-participle or first-person form with the
teller's own possessive is the teller; a third-person form ("Loves it") or another's
possessive ("Broke her wrist") is the one the talk holds, or the one the question before
asked about ("How's your mum?"). About a third of the questions are near misses that must
stay "I don't know": the teller is not the one who broke her wrist, an order ("Ring me
later") says nothing, a third-person verb is not the teller.

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "calf": (
        [
            ("Ottilie", "Tore my calf at five-a-side on Tuesday."),
            ("Ottilie", "flying to Lisbon friday for a wedding"),
            ("Ottilie", "Been to Porto twice already."),
        ],
        [
            ("Odile", "What did Ottilie tear?", "calf"),
            ("Odile", "Where is Ottilie flying?", "lisbon"),
            ("Odile", "What did Odile tear?", ""),
            ("Odile", "Where is Odile flying?", ""),
        ],
    ),
    "nights": (
        [
            ("Priya", "Started night shifts at the hospice last week, hating it."),
            ("Priya", "Ring me after ten."),
        ],
        [
            ("Odile", "What did Priya start last week?", "night shifts"),
            ("Odile", "Who did Priya ring?", ""),
        ],
    ),
    "mum": (
        [
            ("Odile", "How's your mum doing?"),
            ("Bronwen", "Broke her wrist on the ice."),
            ("Bronwen", "Loves her new flat though."),
        ],
        [
            ("Odile", "What did Bronwen's mum break?", "wrist"),
            ("Odile", "What did Bronwen break?", ""),
            ("Odile", "What does Bronwen's mum love?", "flat"),
            ("Odile", "What does Bronwen love?", ""),
        ],
    ),
    "kit": (
        [
            ("Tamsin", "My brother Kit moved to Bristol in March."),
            ("Tamsin", "Works at a bike shop near the harbour now."),
            ("Tamsin", "Reckons he'll stay for good."),
        ],
        [
            ("Odile", "Where does Kit work?", "bike shop"),
            ("Odile", "Where does Tamsin work?", ""),
        ],
    ),
    "chania": (
        [
            ("Declan", "Off to Crete tomorrow!"),
            ("Declan", "Staying with my cousin Aoife in Chania."),
            ("Declan", "Bought a new rucksack for it."),
        ],
        [
            ("Odile", "Who is Declan staying with?", "aoife"),
            ("Odile", "Where is Declan staying?", "chania"),
            ("Odile", "What did Declan buy?", "rucksack"),
            ("Odile", "What did Aoife buy?", ""),
        ],
    ),
    "nurse": (
        [
            ("Freya", "Been a nurse for twelve years."),
            ("Freya", "Love my job most days."),
        ],
        [
            ("Odile", "What does Freya do for work?", "nurse"),
            ("Odile", "What does Freya love?", "job"),
            ("Odile", "What does Odile do for work?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_subj34_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
