"""Check set for kin ties said in passing (issue 21, kin48), written before the code in words of
its own (no dev sentence). A relative's noun opening a sentence, with or without a name beside
it, is the subject of the clause even where the tagger reads the name or the noun as a
modifier of the verb ("My nephew Casimir mends clocks": "Casimir mends" as one noun), so the
tie and the deed are both held; a bare elder's noun typed in lower case ("mum teaches
piano") is the speaker's relative; names typed in lower case after a plural family noun ("our
daughters ottilie and perpetua") are the owner's relatives, where WordNet knows no such word. About
a third of the questions are near misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "named_subject": (
        [
            ("Wilhelmina", "My nephew Casimir mends clocks."),
            ("Wilhelmina", "My wife Ysolde rings at nine."),
            ("Wilhelmina", "Our son Bartholomew sweeps chimneys in Frome."),
        ],
        [
            ("Wilhelmina", "Who is my nephew?", "casimir"),
            ("Odile", "What does Casimir mend?", "clocks"),
            ("Wilhelmina", "Who is my wife?", "ysolde"),
            ("Odile", "When does Ysolde ring?", "nine"),
            ("Odile", "Where does Bartholomew sweep chimneys?", "frome"),
            ("Wilhelmina", "Who is my son?", "bartholomew"),
            ("Wilhelmina", "Who is my daughter?", ""),
            ("Odile", "What does Ysolde mend?", ""),
            ("Wilhelmina", "Who is my niece?", ""),
        ],
    ),
    "bare_elder": (
        [
            ("Leofric", "mum teaches piano at the village hall on mondays"),
            ("Leofric", "grandad grows leeks at the allotment."),
            ("Leofric", "dad paints boats down in Poole."),
        ],
        [
            ("Leofric", "What does my mum teach?", "piano"),
            ("Leofric", "Where does my grandad grow leeks?", "allotment"),
            ("Leofric", "What does my dad teach?", ""),
            ("Leofric", "What does my grandma grow?", ""),
            ("Leofric", "Where does my dad paint boats?", "poole"),
            ("Leofric", "Who is my grandad?", ""),
        ],
    ),
    "lower_names": (
        [
            ("Hortense", "We adopted our daughters ottilie and perpetua in the spring."),
            ("Hortense", "my brother ignatius fixes tractors down in Taunton."),
        ],
        [
            ("Hortense", "Who is my brother?", "ignatius"),
            ("Odile", "What does Ignatius fix?", "tractors"),
            ("Hortense", "Who is my sister?", ""),
            ("Hortense", "Who are my daughters?", "ottilie"),
            ("Odile", "What does Perpetua fix?", ""),
        ],
    ),
    # Added after the first mechanism was written, before its own code (their_ties).
    "their_group": (
        [
            ("Gwendolyn", "Our two boys cosmo and thaddeus started at the village school."),
            ("Gwendolyn", "Evander married their mum Rosalind in Bath."),
        ],
        [
            ("Gwendolyn", "Who is Cosmo's mother?", "rosalind"),
            ("Gwendolyn", "Who is Thaddeus's mum?", "rosalind"),
            ("Gwendolyn", "Who is Cosmo's father?", ""),
            ("Gwendolyn", "Who is Rosalind's mother?", ""),
        ],
    ),
    # Added with kin_to, before its code.
    "relative_to": (
        [
            (
                "Barnabas",
                "I'm stepdad to Marigold and Leopold, I married their mum Henrietta last year.",
            ),
        ],
        [
            ("Barnabas", "Who is Marigold's mother?", "henrietta"),
            ("Barnabas", "Who is Leopold's mum?", "henrietta"),
            ("Barnabas", "Who is Henrietta's mother?", ""),
            ("Barnabas", "Who is Marigold's sister?", ""),
        ],
    ),
    "near_misses": (
        [
            ("Ottoline", "Mum, you left the oven on again."),
            ("Ottoline", "My sister's nowhere near as tidy."),
            ("Ottoline", "My cousin lance fences for the county."),
            ("Ottoline", "My boss Quentin rings far too often."),
        ],
        [
            ("Ottoline", "Who is my mum?", ""),
            ("Ottoline", "What does my mum leave on?", ""),
            ("Ottoline", "Who is my sister?", ""),
            ("Ottoline", "Who is my cousin?", ""),
            ("Ottoline", "Who is my brother?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_kin48_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
