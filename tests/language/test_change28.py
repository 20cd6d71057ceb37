"""Changes and why they happened (issue 21, change28), through the real conversation path on a
real DuckDB graph, in words of their own: a change's reason given in the clause spliced after
it or in the speaker's next sentence is kept as its purpose and answers "why"; giving up a
thing ends having it; a number held now and said as a change answers no about another. Near
misses (another person, another thing, another number held with no change) stay unknown."""

from __future__ import annotations

import pytest

from tests.language.test_change28_check import Talk, _score
from tests.language.test_conversation import Max

TALKS: dict[str, Talk] = {
    "next_sentence": (
        [("Maelle", "I turned down the promotion. It meant moving to Dundee.")],
        [
            ("Osian", "Why did Maelle turn down the promotion?", "dundee"),
            ("Osian", "Why did Osian turn down the promotion?", ""),
        ],
    ),
    "spliced": (
        [("Ruaridh", "I gave up the rowing club, the early starts were killing me.")],
        [
            ("Osian", "Why did Ruaridh give up the rowing club?", "early start"),
            ("Osian", "Does Ruaridh still have the rowing club?", "no"),
            ("Osian", "Why did Ruaridh give up the chess club?", ""),
        ],
    ),
    "because_kept": (
        [("Branwen", "I stopped swimming because the pool closed. I'm learning Welsh now.")],
        [("Osian", "Why did Branwen stop swimming?", "pool")],
    ),
    "no_reason_after_but": (
        [("Tegid", "I quit the darts team. But I still go to the pub.")],
        [("Osian", "Why did Tegid quit the darts team?", "")],
    ),
    "reason_names_another_thing": (
        [
            ("Ifor", "I play the harp."),
            ("Ifor", "I stopped singing lessons because the harp takes all my time."),
        ],
        [("Osian", "Does Ifor play the harp?", "yes")],
    ),
    "replaced_number": (
        [("Nerys", "The bakery shuts at four now instead of five.")],
        [
            ("Osian", "Does the bakery still shut at five?", "no"),
            ("Osian", "Does the butcher still shut at five?", ""),
        ],
    ),
    "number_no_change": (
        [("Nerys", "The library opens at nine.")],
        [("Osian", "Does the library open at ten?", "")],
    ),
}


@pytest.mark.parametrize("name", sorted(TALKS))
def test_change28(max_: Max, name: str) -> None:
    wrong, unknown = _score(max_, TALKS[name])
    assert not wrong
    assert not unknown
