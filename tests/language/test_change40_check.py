"""Check set for stale answers after a change (issue 21, change40), written before the code in
words of its own (no dev sentence): a new value said on a one-valued predicate or role ("works
at the garage now", "moved to Perth") must replace the old one for a question about now; an
ending ("doesn't ... anymore", "no longer", "gave up", "quit", "left") must close the held claim
without a claim of its own; a question about before ("used to", "before") may still reach the
old one. About a third of the questions are near misses that must stay "I don't know" (a
different person, a thing never said).

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "garage": (
        [
            ("Philippa", "My brother Anselm works at the post office."),
            ("Philippa", "Anselm lives in Dundee."),
            ("Philippa", "Anselm is at the garage on Station Road now."),
            ("Philippa", "He moved to Perth in the spring."),
        ],
        [
            ("Odile", "Where does Anselm work?", "garage"),
            ("Odile", "Where does Anselm live?", "perth"),
            ("Odile", "Where does Philippa work?", ""),
            ("Odile", "Where does Philippa live?", ""),
        ],
    ),
    "violin": (
        [
            ("Mirela", "Tobiah plays the violin."),
            ("Mirela", "Tobiah doesn't play the violin anymore."),
            ("Mirela", "Ysolde smokes."),
            ("Mirela", "Ysolde gave up smoking last winter."),
        ],
        [
            ("Odile", "Does Tobiah play the violin?", "no"),
            ("Odile", "What does Tobiah play?", ""),
            ("Odile", "Does Ysolde smoke?", "no"),
            ("Odile", "Does Mirela play the violin?", ""),
        ],
    ),
    "partner": (
        [
            ("Gwenllian", "My cousin Petra is going out with Lorcan."),
            ("Gwenllian", "Petra is not with Lorcan any more, she's with Dominic now."),
            ("Gwenllian", "Petra's favourite colour is green."),
        ],
        [
            ("Odile", "Who is Petra with?", "dominic"),
            ("Odile", "Who is Petra going out with?", "dominic"),
            ("Odile", "Who is Gwenllian with?", ""),
            ("Odile", "What is Petra's favourite colour?", "green"),
        ],
    ),
    "choir": (
        [
            ("Ottoline", "Rufus sings in the church choir."),
            ("Ottoline", "Rufus quit the choir in March."),
            ("Ottoline", "Rufus works as a plumber."),
            ("Ottoline", "He is no longer a plumber, he drives a bus."),
        ],
        [
            ("Odile", "Does Rufus sing in the choir?", "no"),
            ("Odile", "What is Rufus's job?", "bus"),
            ("Odile", "Is Rufus a plumber?", "no"),
            ("Odile", "Does Ottoline sing in the choir?", ""),
        ],
    ),
    "date": (
        [
            ("Leontine", "The christening is on the 9th of May."),
            ("Leontine", "The christening has been moved to the 23rd of May."),
            ("Leontine", "Casimir used to live in Exeter."),
        ],
        [
            ("Odile", "When is the christening?", "23"),
            ("Odile", "Where did Casimir use to live?", "exeter"),
            ("Odile", "When is the wedding?", ""),
            ("Odile", "Where did Leontine use to live?", ""),
        ],
    ),
}


#: Talks main answers wrong (the old value kept after a new one was said); dropped when fixed.
STALE_ON_MAIN = {"garage", "partner"}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.xfail(reason="stale value after a change on main"))
        if n in STALE_ON_MAIN
        else n
        for n in sorted(CHECK)
    ],
)
def test_change40_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
