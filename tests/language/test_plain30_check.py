"""Check set for plain clauses with a verb (issue 21, plain30), written before the code in words
of its own (no dev sentence): a plain past or present clause with a subject, a verb and its
arguments ("Pickle chewed Ravi's slipper on Sunday"), alone or as the second sentence or clause
of a turn, with an unknown name as its subject or object, or "it" for the thing just named, is a
statement; its time, place and amount answer questions. A few near misses must stay "I don't
know" (another person, another thing, a clause that was only asked or wished).

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no near miss is answered (a question
whose expected answer is "")."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

CHECK: dict[str, Talk] = {
    "allotment": (
        [
            ("Hywel", "Pickle chewed Ravi's slipper on Sunday."),
            ("Hywel", "I dug the potatoes yesterday. Marigold won a rosette at the show."),
            ("Hywel", "We bought a greenhouse in March. It cost four hundred pounds."),
            ("Hywel", "Could you water the beans for me?"),
        ],
        [
            ("Odile", "What did Pickle chew?", "slipper"),
            ("Odile", "What did Marigold win?", "rosette"),
            ("Odile", "How much did the greenhouse cost?", "four hundred"),
            ("Odile", "When did Hywel buy the greenhouse?", "march"),
            ("Odile", "What did Marigold lose?", ""),
        ],
    ),
    "rowing": (
        [
            ("Saoirse", "Our crew finished third at the regatta. Declan coached us all season."),
            ("Saoirse", "Fionnuala broke an oar on Saturday."),
            ("Saoirse", "I met Lorcan at the boathouse last week."),
        ],
        [
            ("Odile", "Who coached Saoirse?", "declan"),
            ("Odile", "What did Fionnuala break?", "oar"),
            ("Odile", "When did Fionnuala break an oar?", "december"),
            ("Odile", "Where did Saoirse meet Lorcan?", "boathouse"),
            ("Odile", "What did Declan break?", ""),
        ],
    ),
    "bakery": (
        [
            ("Ottilie", "I sold the old mixer last month. A caterer from Stroud bought it."),
            ("Ottilie", "Benedict painted the shop front on Wednesday, and Priya fixed the till."),
            ("Ottilie", "Uncle Mervyn lent us two thousand pounds."),
        ],
        [
            ("Odile", "Who bought the mixer?", "caterer"),
            ("Odile", "What did Benedict paint?", "shop front"),
            ("Odile", "What did Priya fix?", "till"),
            ("Odile", "How much did Mervyn lend Ottilie?", "two thousand"),
            ("Odile", "What did Priya paint?", ""),
        ],
    ),
    "walk": (
        [
            ("Gideon", "We climbed Pen y Fan on Saturday. Tamsin carried the map."),
            ("Gideon", "I haven't visited Brecon yet. Maybe Tamsin will drive us next year."),
            ("Gideon", "Rufus caught a trout in the reservoir."),
        ],
        [
            ("Odile", "What did Gideon climb?", "pen y fan"),
            ("Odile", "What did Tamsin carry?", "map"),
            ("Odile", "What did Rufus catch?", "trout"),
            ("Odile", "What did Gideon catch?", ""),
            ("Odile", "What did Rufus carry?", ""),
        ],
    ),
    "pony": (
        [
            ("Rhiannon", "Clover kicked Bethan yesterday."),
            ("Rhiannon", "My niece Esme has a pony. She won the jumping class on Sunday!"),
            ("Rhiannon", "Clover ate a whole bag of carrots off the bench on Monday."),
            ("Rhiannon", "I bought a new saddle. It cost ninety pounds but don't tell Gareth."),
            ("Rhiannon", "We only sold three raffle tickets and the vet bought one of them."),
            ("Rhiannon", "My cousin Teodor repaired the trailer with his welder."),
        ],
        [
            ("Odile", "Who did Clover kick?", "bethan"),
            ("Odile", "What did Esme win?", "jumping"),
            ("Odile", "What did Clover eat?", "carrot"),
            ("Odile", "How much did the saddle cost?", "ninety"),
            ("Odile", "How many raffle tickets did Rhiannon sell?", "three"),
            ("Odile", "What did Teodor repair?", "trailer"),
            ("Odile", "What did Teodor sell?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_plain30_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not [w for w in wrong if "expected ''" in w]
