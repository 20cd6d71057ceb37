"""Check set for frag28 (issue 21), written before the code: answers said as fragments to the
other speaker's question (a bare number to "How old?" / "How much?", a confirmation "X, yes."
of a name offered, a fragment followed by more sentences) and verbless fragments that describe
the thing the same speaker just named ("I sold my car. The old Fiesta."). Its own people,
words and situations, not the corpus's; the near misses must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold ("|" between words it may be).
`score` counts right, wrong (an answer where none was expected, or another answer) and
unknown; the test asserts no wrong answer."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, played
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

TALKS: dict[str, Talk] = {
    "allotment": (
        [
            ("Dougal", "How long have you had the allotment?"),
            ("Bev", "Six years."),
            ("Bev", "I bought a greenhouse. A little aluminium one, from a car boot sale."),
            ("Dougal", "How much did it cost?"),
            ("Bev", "Forty pounds."),
        ],
        [
            ("Dougal", "How long has Bev had the allotment?", "six year"),
            ("Dougal", "How much did Bev's greenhouse cost?", "40|forty"),
            ("Dougal", "How much did Dougal's greenhouse cost?", ""),
            ("Dougal", "Where does Bev live?", ""),
        ],
    ),
    "cat": (
        [
            ("Raj", "We adopted a cat last month. A ginger tom called Biscuit."),
            ("Imogen", "How old is he?"),
            ("Raj", "Three."),
            ("Imogen", "What's your daughter's name again, Leila?"),
            ("Raj", "Leila, yes."),
            ("Imogen", "Which school does she go to?"),
            ("Raj", "St Anne's, just round the corner. She started in September."),
        ],
        [
            ("Imogen", "How old is Biscuit?", "3|three"),
            ("Imogen", "What is Raj's daughter called?", "leila"),
            ("Imogen", "What is Raj's son called?", ""),
            ("Imogen", "How old is Leila?", ""),
        ],
    ),
    "wedding": (
        [
            ("Ossie", "What's your brother called, Pete?"),
            ("Marguerite", "Pete, yes."),
            ("Marguerite", "We booked the venue yesterday."),
            ("Marguerite", "A converted barn near Ludlow."),
            ("Ossie", "How much is the venue?"),
            ("Marguerite", "Nine hundred and fifty."),
        ],
        [
            ("Ossie", "What is Marguerite's brother called?", "pete"),
            ("Ossie", "What is Marguerite's sister called?", ""),
            ("Ossie", "How much is Marguerite's venue?", "950|nine hundred and fifty"),
            ("Ossie", "Where does Marguerite's brother live?", ""),
        ],
    ),
    "garage": (
        [
            ("Wren", "Where do you work now?"),
            ("Tobias", "A garage in Falkirk. Mostly tyres and exhausts."),
            ("Tobias", "I sold my car last week. The old Fiesta."),
            ("Wren", "How much did you get for it?"),
            ("Tobias", "Eight hundred."),
        ],
        [
            ("Wren", "Where does Tobias work?", "falkirk"),
            ("Wren", "Where does Wren work?", ""),
            ("Wren", "What car did Tobias sell?", "fiesta"),
            ("Wren", "What car did Wren sell?", ""),
        ],
    ),
}


def score(m: Max, talk: Talk) -> tuple[int, int, int, list[str]]:
    """(right, wrong, unknown, the wrong ones' lines) of the talk's questions."""
    right = wrong = unknown = 0
    bad = []
    for question, expected, said in played(m, talk):
        if said == "" and expected:
            unknown += 1
            print("unknown:", question)
        elif (said == "" and not expected) or any(e in said for e in expected.split("|") if e):
            right += 1
        else:
            wrong += 1
            bad.append(f"{question!r}: expected {expected!r}, said {said!r}")
    return right, wrong, unknown, bad


@pytest.mark.parametrize("name", sorted(TALKS))
def test_frag28_check(max_: Max, name: str) -> None:
    _, _, _, bad = score(max_, TALKS[name])
    assert bad == []
