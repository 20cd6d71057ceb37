"""Check set for verbless pieces (issue 21, frag46), written before the code in words of its
own (no dev sentence). A piece with no verb tells something only through the statement it
continues: a name said alone after a deed ("I did my first fun run. Hesketh Park.") is where
the deed was when the name's own head word is a place (a park, a lake, a chapel), whatever the
recogniser calls it, and "my first ..." is a rank, not a thing named by number. A person's
noun followed by a name ("Ottilie has a fiancé. Lorcan.") names that person; a job said
after someone met ("Benedict has met someone. A florist.") is the someone's, not Benedict's.
About a third of the questions are near misses that must stay "I don't know": a name whose
head is no place, a deed on a person, a name after a denial.

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "named_places": (
        [
            ("Imelda", "I did my first fun run on Saturday. Hesketh Park."),
            ("Imelda", "Barnaby had his first open water swim. Colwick Lake."),
            ("Imelda", "Perpetua ran her first half marathon in May. Two hours ten."),
            ("Imelda", "Ignatius sold his first painting. Morris Minor."),
        ],
        [
            ("Odile", "Where did Imelda do a fun run?", "hesketh"),
            ("Odile", "Where did Barnaby swim?", "colwick"),
            ("Odile", "Where did Perpetua run a half marathon?", ""),
            ("Odile", "Where did Ignatius sell a painting?", ""),
        ],
    ),
    "named_people": (
        [
            ("Leofric", "Ottilie has a fiancé. Lorcan."),
            ("Leofric", "My nephew Caspian has a new girlfriend. Rosalind."),
            ("Leofric", "Seraphina doesn't have a boyfriend. Quentin, maybe."),
        ],
        [
            ("Odile", "Who is Ottilie's fiancé?", "lorcan"),
            ("Odile", "Who is Caspian's girlfriend?", "rosalind"),
            ("Odile", "Who is Seraphina's boyfriend?", ""),
            ("Odile", "Who is Lorcan's girlfriend?", ""),
        ],
    ),
    "someone_else": (
        [
            ("Philippa", "Benedict has met someone. A florist."),
            ("Philippa", "Mum found somebody for the garden. A retired joiner."),
        ],
        [
            ("Odile", "What does Benedict do?", ""),
            ("Odile", "Is Benedict a florist?", ""),
            ("Odile", "Is Philippa's mum a joiner?", ""),
        ],
    ),
    "pieces_left": (
        [
            ("Hortense", "We watched the first match of the season. Brilliant."),
            ("Hortense", "Ptolemy bought his first guitar. Fender, secondhand."),
            ("Hortense", "Constance visited her aunt. Wimbledon Park, I think."),
        ],
        [
            ("Odile", "Where did Hortense watch the match?", ""),
            ("Odile", "Where did Ptolemy buy a guitar?", ""),
            ("Odile", "Where did Constance visit her aunt?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_frag46_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
