"""Whole turns the clause reader refused (issue 21, turn28): a check set written before the
code, in words of its own (not the corpus's). Copulas that place or date an event ("The recital
is at St Cecilia's Hall on Friday"), passives with and without their doer, middle voice ("our
old van sold"), lower case without apostrophes ("shes moving to hull"), non-native present for
a dated plan. Near misses (another person, another thing) must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph (T0 is Thursday 1 January 2026).
An expected answer of "" is "I don't know"; another is a word the answer must hold. The score
is counted, not asserted item by item: no wrong answer is allowed, and the right ones must not
fall below what the branch reached (main's number is in the report)."""

from __future__ import annotations

from tests.language.check_talks import Talk, played
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) triples.

TALKS: dict[str, Talk] = {
    "events": (
        [
            ("Bea", "The recital is at St Cecilia's Hall on Friday."),
            ("Bea", "My cousin Ruth's wedding is in Galashiels, in June."),
            ("Bea", "Would the party be at the Crown?"),
        ],
        [
            ("Odile", "Where is the recital?", "cecilia"),
            ("Odile", "When is the recital?", "2 january"),
            ("Odile", "Where is Ruth's wedding?", "galashiels"),
            ("Odile", "When is Ruth's wedding?", "june"),
            ("Odile", "Where is the party?", ""),
            ("Odile", "Where is Bea's wedding?", ""),
        ],
    ),
    "passive": (
        [
            ("Femi", "Our fence was mended by a neighbour called Otto."),
            ("Femi", "Our old van sold on Saturday, finally."),
            ("Femi", "My poem was printed in the Argus."),
        ],
        [
            ("Odile", "Who mended Femi's fence?", "otto"),
            ("Odile", "Who mended Femi's gate?", ""),
            ("Odile", "What did Femi sell?", "van"),
            ("Odile", "Where was Femi's poem printed?", "argus"),
            ("Odile", "What did Odile sell?", ""),
        ],
    ),
    "lower": (
        [
            ("Kez", "my sister Tia is nineteen"),
            ("Kez", "shes moving to hull with her boyfriend"),
            ("Kez", "my brother Ash works at the tyre place"),
            ("Kez", "im starting at the garage on monday"),
        ],
        [
            ("Odile", "Where is Tia moving?", "hull"),
            ("Odile", "Where does Ash work?", "tyre"),
            ("Odile", "Where is Kez starting?", "garage"),
            ("Odile", "Where is Kez's mum moving?", ""),
        ],
    ),
    "nonnative": (
        [
            ("Oksana", "My brother Taras comes to visit us on fifth of March. He stays two weeks."),
            ("Oksana", "Husband works in port of Gdynia as crane driver."),
            ("Oksana", "I've got a flat in Kirkstall now."),
        ],
        [
            ("Odile", "When is Taras visiting Oksana?", "5 march"),
            ("Odile", "Where does Oksana's husband work?", "gdynia"),
            ("Odile", "Where does Oksana live?", "kirkstall"),
            ("Odile", "When is Oksana's sister visiting?", ""),
            ("Odile", "Where does Oksana's sister work?", ""),
        ],
    ),
}

#: Right answers the branch reached on this set (main 11 of 20, none wrong; turn28 13).
_RIGHT_AT_LEAST = 13


def _score(m: Max, talk: Talk) -> tuple[int, list[str]]:
    right, wrong = 0, []
    for question, expected, said in played(m, talk):
        if (said == "" and not expected) or (expected and expected in said):
            right += 1
        elif said:
            wrong.append(f"{question!r}: expected {expected!r}, said {said!r}")
    return right, wrong


def test_turn28_check(max_: Max) -> None:
    total, wrong = 0, []
    for talk in TALKS.values():
        right, bad = _score(max_, talk)
        total, wrong = total + right, wrong + bad
    print(f"turn28 check: {total} right of {sum(len(t[1]) for t in TALKS.values())}")
    assert not wrong
    assert total >= _RIGHT_AT_LEAST
