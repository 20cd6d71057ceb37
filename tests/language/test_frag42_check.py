"""Check set for verbless fragments that say what the frame's thing IS (issue 21, frag42),
written before the code in words of its own (no dev sentence): after a statement, a noun
phrase fragment says what its subject is ("I work at the quarry. Crane driver, twenty years.":
a crane driver), what its object is ("We adopted a cat. A tabby. Pickle, we call her.": the
cat is a tabby called Pickle), or names it by number ("We moved to a new flat. Number
nine."), and a duration with it says for how long. About a third of the questions are near
misses that must stay "I don't know": a bare number that names a thing is no count, a
fragment after a question, a denial or a wish says nothing, and a fragment about one person
says nothing of another.

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "quarry": (
        [
            ("Lachlan", "I work at the quarry up past Shap."),
            ("Lachlan", "Crane driver, twenty years near enough."),
        ],
        [
            ("Odile", "What does Lachlan do for a living?", "crane driver"),
            ("Odile", "What is Lachlan's job?", "crane driver"),
            ("Odile", "What does Odile do for a living?", ""),
        ],
    ),
    "cat": (
        [
            ("Philippa", "We adopted a cat from the shelter."),
            ("Philippa", "A tabby. Pickle, we call her."),
        ],
        [
            ("Odile", "What kind of cat did Philippa adopt?", "tabby"),
            ("Odile", "What is Philippa's cat called?", "pickle"),
            ("Odile", "What kind of dog did Philippa adopt?", ""),
        ],
    ),
    "nurse": (
        [
            ("Deepa", "My sister Kavita works at the infirmary."),
            ("Deepa", "Midwife. Nights, mostly."),
        ],
        [
            ("Odile", "What does Kavita do?", "midwife"),
            ("Odile", "What does Deepa do?", ""),
            ("Odile", "When does Deepa work?", ""),
        ],
    ),
    "bus": (
        [
            ("Wilf", "I catch the bus into town every morning."),
            ("Wilf", "The 36. Packed, usually."),
            ("Wilf", "We moved to a new flat in the spring. Number nine."),
        ],
        [
            ("Odile", "Which bus does Wilf catch?", "36"),
            ("Odile", "How many flats did Wilf move to?", "1"),
        ],
    ),
    "car": (
        [
            ("Rhiannon", "We bought a car last week."),
            ("Rhiannon", "A little Skoda. Red."),
            ("Rhiannon", "I don't drive a van. A Transit, once."),
        ],
        [
            ("Odile", "What car did Rhiannon buy?", "skoda"),
            ("Odile", "What van does Rhiannon drive?", ""),
        ],
    ),
    "neighbour": (
        [
            ("Tobias", "Our new neighbour came round yesterday."),
            ("Tobias", "Retired teacher. Lovely bloke."),
            ("Tobias", "Did you meet the vicar?"),
            ("Margit", "Plumber, I think."),
        ],
        [
            ("Odile", "What did Tobias's neighbour do before he retired?", "teacher"),
            ("Odile", "What does Margit do?", ""),
            ("Odile", "What does Tobias do?", ""),
        ],
    ),
    "horse": (
        [
            ("Eilidh", "I ride a horse at the stables on Saturdays."),
            ("Eilidh", "A grey mare. Juno."),
            ("Eilidh", "If we ever get a dog. A lurcher, maybe."),
        ],
        [
            ("Odile", "What is Eilidh's horse called?", "juno"),
            ("Odile", "What kind of dog did Eilidh get?", ""),
            ("Odile", "What does Eilidh ride?", "horse"),
            ("Odile", "What is Odile's horse called?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_frag42_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
