"""Check set for "how many" questions (issue 21, count42), written before the code in words of
its own (no dev sentence): a count said with its noun in a full clause must answer a "how
many" question asked of the one who did it, whoever that is (a name, "the vicar", "the
ferry", someone's relative), in any tense; the act and the noun counted must match, so a
count of another noun or of another act stays unknown. About a third of the questions are
near misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "fete": (
        [
            ("Rosalind", "The vicar baked six lemon cakes for the fete."),
            ("Rosalind", "The churchwarden sold forty raffle tickets on Saturday."),
        ],
        [
            ("Odile", "How many cakes did the vicar bake?", "six"),
            ("Odile", "How many lemon cakes did the vicar bake for the fete?", "six"),
            ("Odile", "How many raffle tickets did the churchwarden sell?", "forty"),
            ("Odile", "How many tickets did the churchwarden sell?", "forty"),
            ("Odile", "How many cakes did the churchwarden bake?", ""),
            ("Odile", "How many tickets did the vicar buy?", ""),
        ],
    ),
    "ferry": (
        [
            ("Colm", "The ferry carries ninety cars in summer."),
            ("Colm", "Our old dog ate three socks last winter."),
        ],
        [
            ("Odile", "How many cars does the ferry carry?", "ninety"),
            ("Odile", "How many socks did the old dog eat?", "three"),
            ("Odile", "How many lorries does the ferry carry?", ""),
            ("Odile", "How many socks did the dog lose?", ""),
        ],
    ),
    "match": (
        [
            ("Dervla", "My nephew Cathal scored two goals in the final."),
            ("Dervla", "The coach picked eleven players for the squad."),
        ],
        [
            ("Odile", "How many goals did Cathal score?", "two"),
            ("Odile", "How many goals did Dervla's nephew score in the final?", "two"),
            ("Odile", "How many players did the coach pick?", "eleven"),
            ("Odile", "How many goals did the coach score?", ""),
            ("Odile", "How many players did the coach drop?", ""),
        ],
    ),
    "kitchen": (
        [
            ("Imogen", "Barnaby has drunk four cups of tea today."),
            ("Imogen", "The plumber fitted two new radiators in the hall."),
        ],
        [
            ("Odile", "How many cups of tea has Barnaby drunk?", "four"),
            ("Odile", "How many radiators did the plumber fit?", "two"),
            ("Odile", "How many radiators did the plumber take away?", ""),
            ("Odile", "How many cups of tea did the plumber drink?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_count42_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
