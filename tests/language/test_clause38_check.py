"""Check set for clauses the clause walk reaches but reads as nothing (issue 21, clause38),
written before the code in words of its own (no dev sentence): the second or third clause of a
turn (after "and", "but", "so", "because", "when") whose subject is a pronoun for someone the
first clause named, whose subject is elided by coordination, or whose subject is the object of
the clause before. About a third of the questions are near misses that must stay "I don't
know": someone the talk never named, a clause that is only a condition or a wish.

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "chess": (
        [
            ("Rhiannon", "I fetched my nephew Arlo from school and he told me about chess club."),
            ("Rhiannon", "Arlo plays the cello as well, so he practises every evening."),
        ],
        [
            ("Odile", "What instrument does Arlo play?", "cello"),
            ("Odile", "What instrument does Rhiannon play?", ""),
        ],
    ),
    "kayak": (
        [
            ("Bastian", "Tobias sold his bike in March and bought a kayak with the money."),
            ("Bastian", "My brother Konrad lost his job, but found a new one at the brewery."),
        ],
        [
            ("Odile", "What did Tobias buy?", "kayak"),
            ("Odile", "What did Tobias sell?", "bike"),
            ("Odile", "Where does Konrad work?", "brewery"),
            ("Odile", "What did Bastian buy?", ""),
        ],
    ),
    "wrist": (
        [
            ("Maeve", "We called off the barbecue because Nell had broken her wrist."),
            ("Maeve", "When Priya finished her night shift, she drove straight to Whitby."),
        ],
        [
            ("Odile", "What did Nell break?", "wrist"),
            ("Odile", "Where did Priya drive?", "whitby"),
            ("Odile", "What did Maeve break?", ""),
            ("Odile", "Where did Nell drive?", ""),
        ],
    ),
    "shed": (
        [
            ("Caspar", "I rang my uncle Fitz yesterday, but he was busy painting his shed."),
            ("Caspar", "Juno came round on Sunday and she brought a lemon drizzle cake."),
        ],
        [
            ("Odile", "What was Fitz painting?", "shed"),
            ("Odile", "What did Juno bring?", "lemon"),
            ("Odile", "What was Caspar painting?", ""),
            ("Odile", "What did Fitz bring?", ""),
        ],
    ),
    "van": (
        [
            ("Ottilie", "If Marek gets the contract, he will buy a new van."),
            ("Ottilie", "Marek wants a dog, but his landlord won't allow pets."),
        ],
        [
            ("Odile", "What did Marek buy?", ""),
            ("Odile", "What does Marek want?", "dog"),
        ],
    ),
    "allotment": (
        [
            ("Gwilym", "My wife Carys runs the allotment society and she grows leeks and onions."),
            ("Gwilym", "Our son Emrys moved to Cardiff in May, and he's studying law there."),
        ],
        [
            ("Odile", "What does Carys grow?", "leeks"),
            ("Odile", "What does Emrys study?", "law"),
            ("Odile", "Where did Emrys move?", "cardiff"),
            ("Odile", "What does Gwilym grow?", ""),
            ("Odile", "What does Carys study?", ""),
        ],
    ),
    "pier": (
        [
            ("Ffion", "We took my nieces to Llandudno and they loved the pier."),
            ("Ffion", "I rang my cousin Declan, but he was busy fixing his motorbike."),
        ],
        [
            ("Odile", "What did Ffion's nieces love?", "pier"),
            ("Odile", "What was Declan fixing?", "motorbike"),
            ("Odile", "What did Declan love?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_clause38_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
