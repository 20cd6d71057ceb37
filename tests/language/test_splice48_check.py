"""Check set for comma splices and run-on turns (issue 21, splice48), written before the code in
words of its own (no dev sentence). A turn of two finite clauses, each with its own subject,
joined by a comma alone or by nothing ("Wendeline's the eldest, she teaches piano in Kendal",
"we got home Sunday the twins were shattered") says two statements, each of its own subject,
tense and polarity. Never cut: a reported clause ("Ottilie said, ..."), a conditional, a tag
question, a clause still undecided. About a third of the questions are near misses that must
stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "siblings": (
        [
            ("Ysolde", "Wendeline's the eldest, she teaches piano in Kendal."),
            ("Ysolde", "Caspar moved to Norwich last spring, his partner Juno is a midwife."),
            ("Ysolde", "Juno grew up in Galway, her dad still keeps bees there."),
        ],
        [
            ("Odile", "Where does Wendeline teach piano?", "kendal"),
            ("Odile", "Where did Caspar move?", "norwich"),
            ("Odile", "What does Juno do?", "midwife"),
            ("Odile", "Where did Juno grow up?", "galway"),
            ("Odile", "Where does Wendeline live?", ""),
            ("Odile", "Where did Juno move?", ""),
            ("Odile", "What does Caspar do?", ""),
        ],
    ),
    "run_on": (
        [
            ("Thaddeus", "got back from Porto on sunday the twins were shattered"),
            ("Thaddeus", "Clemmie starts nursery in May, Rollo turns four in June"),
            ("Thaddeus", "my sister Hesper sold her flat in March she lives on a narrowboat now"),
        ],
        [
            ("Odile", "When does Clemmie start nursery?", "may"),
            ("Odile", "Where does Hesper live?", "narrowboat"),
            ("Odile", "What did Hesper sell?", "flat"),
            ("Odile", "When did Hesper sell her flat?", "march"),
            ("Odile", "When does Rollo start nursery?", ""),
            ("Odile", "What did Rollo sell?", ""),
        ],
    ),
    "not_cut": (
        [
            ("Marisol", "Ottilie said, the bakery on Quay Street is shutting down."),
            ("Marisol", "If Bertram gets the post in Truro, he'll move down there."),
            ("Marisol", "It's a long way to Inverness, isn't it."),
            ("Marisol", "Perhaps Cosima will sell the dinghy, she hasn't made up her mind."),
            ("Marisol", "Leander doesn't drive, his wife Ines drives a tractor."),
        ],
        [
            ("Odile", "Where did Bertram move?", ""),
            ("Odile", "Where does Bertram live?", ""),
            ("Odile", "What did Cosima sell?", ""),
            ("Odile", "Does Leander drive?", "no"),
            ("Odile", "What does Ines drive?", "tractor"),
            ("Odile", "What does Leander drive?", ""),
        ],
    ),
    "set_beside": (
        [
            ("Leofwin", "I'm in Leeds these days, Pilar's still in Cardiff."),
            ("Leofwin", "I'm a vet at the surgery in Kelso, so I thought I'd seen it all."),
            ("Leofwin", "Nadia started at the bakery in May she loves the job"),
            ("Leofwin", "I wish I spoke Welsh."),
        ],
        [
            ("Odile", "Where is Pilar?", "cardiff"),
            ("Odile", "Where does Leofwin work?", "kelso"),
            ("Odile", "What does Nadia love?", "job"),
            ("Odile", "Does Leofwin speak Welsh?", ""),
            ("Odile", "Where does Pilar work?", ""),
            ("Odile", "What does Nadia hate?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_splice48_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
