"""Check set for verbless fragments and short answers (issue 21, frag32), written before the
code in words of its own (no dev sentence): a question one person puts to another, answered
by a fragment alone ("Nine days.", "Falmouth, in the end.", "Me, probably."), says what the
question asked with the gap filled, said by the one who answered; an indefinite word in a
yes/no question ("anywhere", "anything") is a gap the fragment fills too; a fragment whose
kind does not fit the gap (a place for "how long", a thing for "who") says nothing; a reaction
("Don't ask.", "Ha, typical.") answers nothing. About a third of the questions are near misses
that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "holiday": (
        [
            ("Wilhelmina", "How long were you in Portugal for?"),
            ("Cosmo", "Nine days."),
            ("Wilhelmina", "And where did you stay?"),
            ("Cosmo", "A farmhouse near Tavira, in the end."),
            ("Wilhelmina", "Who drove you from the airport?"),
            ("Cosmo", "My cousin Estelle."),
        ],
        [
            ("Odile", "Where did Cosmo stay?", "tavira"),
            ("Odile", "Who drove Cosmo from the airport?", "estelle"),
            ("Odile", "Where did Wilhelmina stay?", ""),
            ("Odile", "Who drove Wilhelmina from the airport?", ""),
        ],
    ),
    "wedding": (
        [
            ("Barnaby", "How many guests are you inviting?"),
            ("Perpetua", "About a hundred and twenty."),
            ("Barnaby", "Where are you having the reception?"),
            ("Perpetua", "A barn outside Hexham."),
        ],
        [
            ("Odile", "How many guests is Perpetua inviting?", "hundred and twenty"),
            ("Odile", "Where is Perpetua having the reception?", "hexham"),
            ("Odile", "How many guests is Barnaby inviting?", ""),
        ],
    ),
    "mismatch": (
        [
            ("Fenella", "How long did you live in Bruges?"),
            ("Rufus", "Oh, Bruges, the canals were lovely."),
            ("Fenella", "Who fixed your boiler?"),
            ("Rufus", "The cheapest quote."),
            ("Fenella", "Where did you buy the sofa?"),
            ("Rufus", "Don't ask."),
        ],
        [
            ("Odile", "How long did Rufus live in Bruges?", ""),
            ("Odile", "Who fixed Rufus's boiler?", ""),
            ("Odile", "Where did Rufus buy the sofa?", ""),
        ],
    ),
    "indefinite": (
        [
            ("Ottoline", "Are you going anywhere over Easter?"),
            ("Jasper", "Lisbon, with my sister."),
            ("Ottoline", "Did you buy anything at the market?"),
            ("Jasper", "A cast iron pan."),
        ],
        [
            ("Odile", "Where is Jasper going over Easter?", "lisbon"),
            ("Odile", "What did Jasper buy at the market?", "pan"),
            ("Odile", "What did Ottoline buy at the market?", ""),
        ],
    ),
    "yesno": (
        [
            ("Marisol", "Did you get the flat on Quay Street?"),
            ("Tobias", "No, sadly."),
            ("Marisol", "Is your brother still working at the brewery?"),
            ("Tobias", "Yes, still."),
        ],
        [
            ("Odile", "Did Tobias get the flat on Quay Street?", "no"),
            ("Odile", "Is Tobias's brother working at the brewery?", "yes"),
            ("Odile", "Did Marisol get the flat on Quay Street?", ""),
        ],
    ),
    "subject": (
        [
            ("Ignatius", "Who is cooking on Sunday?"),
            ("Clementine", "Me, probably."),
            ("Ignatius", "What did your dog eat?"),
            ("Clementine", "A whole tea towel."),
        ],
        [
            ("Odile", "What did Clementine's dog eat?", "tea towel"),
            ("Odile", "What did Ignatius's dog eat?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_frag32_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
