"""Who a word means (issue 21, refs28): the check set, written before the code in words of its
own (not the corpus's). A pronoun takes the nearest compatible antecedent (number, gender, person
or animal), singular "they" one named person, the speaker's possessives stay the speaker's, a kin
word in a subject keeps its relation, kin composes (siblings share parents, a parent's spouse is
the other parent, a break-up or divorce makes an ex), and a bare event noun answered after a turn
about someone is that someone's. Half of the questions are near misses that must stay "I don't
know" (the other person, the other side).

Each talk runs through a real Resident on a real DuckDB graph (T0 is Thursday 1 January 2026).
An expected answer of "" is "I don't know"; another is a word the answer must hold."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

TALKS: dict[str, Talk] = {
    "neighbour": (
        [
            ("Beatriz", "I had lunch with my neighbour Osian yesterday."),
            ("Beatriz", "He's a plumber in Canton."),
            ("Beatriz", "My cousin Marta came along too. She works at a bakery in Splott."),
        ],
        [
            ("Odile", "What is Osian's job?", "plumber"),
            ("Odile", "What is Beatriz's job?", ""),
            ("Odile", "Where does Marta work?", "bakery"),
            ("Odile", "Where does Beatriz work?", ""),
        ],
    ),
    "pets": (
        [
            ("Glenys", "Our neighbour Hywel keeps a parrot, Kiwi. She's thirty."),
            ("Glenys", "We adopted a kitten from the shelter in Roath last month."),
            ("Glenys", "Her name's Miso."),
        ],
        [
            ("Odile", "How old is Kiwi?", "thirty"),
            ("Odile", "How old is Hywel?", ""),
            ("Odile", "What is Glenys's kitten called?", "miso"),
            ("Odile", "Where did Glenys adopt Miso from?", "roath"),
        ],
    ),
    "family": (
        [
            ("Maureen", "Our son Declan came over with his wife Aoife and our grandson Finn."),
            ("Maureen", "My daughter Sinead had a baby. Her husband Cormac is exhausted."),
            ("Maureen", "My friend Jo is leaving Cork. They're moving to Galway in May."),
            ("Maureen", "Sinead's old boyfriend Ronan broke up with her years ago."),
        ],
        [
            ("Odile", "Who is Declan's wife?", "aoife"),
            ("Odile", "Who is Finn's wife?", ""),
            ("Odile", "Who is Maureen's grandson?", "finn"),
            ("Odile", "Who is Sinead's husband?", "cormac"),
            ("Odile", "Who is Maureen's daughter's husband?", "cormac"),
            ("Odile", "Where is Jo moving to?", "galway"),
            ("Odile", "Who is Sinead's ex?", "ronan"),
            ("Odile", "Who is Declan's ex?", ""),
        ],
    ),
    "siblings": (
        [
            ("Elin", "My brother Cai lives in Cardiff."),
            ("Elin", "Our dad is called Alun."),
            ("Elin", "Alun's wife Mair teaches piano."),
        ],
        [
            ("Odile", "Who is Cai's father?", "alun"),
            ("Odile", "Who is Elin's father?", "alun"),
            ("Odile", "Who is Elin's mother?", "mair"),
            ("Odile", "Who is Cai's mother?", "mair"),
            ("Odile", "Who is Mair's husband?", "alun"),
        ],
    ),
    "wedding": (
        [
            ("Paula", "My friend Greta is getting married next summer."),
            ("Sam", "When's the wedding?"),
            ("Paula", "The twelfth of June."),
        ],
        [
            ("Odile", "When is Greta's wedding?", "june"),
            ("Odile", "When is Paula's wedding?", ""),
            ("Odile", "When is Sam's wedding?", ""),
        ],
    ),
}


#: Questions of the check set still unanswered on this branch (main 16 of 24, refs28 20 of 24):
#: "my neighbour Osian" misparsed as a companion, the name given not joined to the adoption,
#: "broke up with her" read as "does breaking", and the date fragment "The twelfth of June."
#: Each must stay "I don't know", never an answer about someone else.
_MISSED = frozenset(
    {
        "What is Osian's job?",
        "Where did Glenys adopt Miso from?",
        "Who is Sinead's ex?",
        "When is Greta's wedding?",
    }
)


@pytest.mark.parametrize("name", sorted(TALKS))
def test_refs28_check(max_: Max, name: str) -> None:
    wrong = mismatches(max_, TALKS[name])
    assert [w for w in wrong if not any(repr(q) in w for q in _MISSED)] == []
    assert all("said ''" in w for w in wrong)


def test_refs28_check_score(max_: Max, capsys: pytest.CaptureFixture[str]) -> None:
    """Prints how many of the check set's questions are right (the branch's honest number)."""
    total = sum(len(asked) for _, asked in TALKS.values())
    wrong: list[str] = []
    for name, talk in TALKS.items():
        wrong += [f"{name}: {w}" for w in mismatches(max_, talk)]
    with capsys.disabled():
        print(f"\nrefs28 check set: {total - len(wrong)} of {total} right")
        print("\n".join(wrong))
