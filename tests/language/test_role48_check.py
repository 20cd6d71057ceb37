"""Check set for what a person does and where (issue 21, role48), written before the code in
words of its own (no dev sentence). A person said to be an occupation noun (WordNet: a noun
under worker, professional, administrator, firefighter, ...) by a copula or an apposition is
held as what they work as, and a place or body after it ("at Lindley Dental", "in Hull", "for
the council") as where they work; "What does X do?", "What is X's job?", "Where does X work?",
"Is X a ...?" read it. A plain person noun ("a lovely man") or a kin noun is no job; a past or
retired one ("a retired nurse", "was a teacher") answers "What did X do?" and not "What does X
do?". About a third of the questions are near misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "posts": (
        [
            ("Wendel", "I'm a firefighter at the Corby station."),
            ("Ysolde", "My cousin Osric is a plasterer in Leicester."),
            ("Jorund", "I'm a practice manager at Lindley Dental."),
            ("Ysolde", "Her boyfriend Stellan is a policeman in Hull."),
        ],
        [
            ("Odile", "Where does Wendel work?", "corby"),
            ("Odile", "What does Wendel do?", "firefighter"),
            ("Odile", "Is Wendel a firefighter?", "yes"),
            ("Odile", "What does Osric do?", "plasterer"),
            ("Odile", "Where does Osric work?", "leicester"),
            ("Odile", "What is Jorund's job?", "practice manager"),
            ("Odile", "Where does Jorund work?", "lindley"),
            ("Odile", "What does Stellan do for a living?", "policeman"),
            ("Odile", "Where does Stellan work?", "hull"),
            ("Odile", "What does Ysolde do?", ""),
            ("Odile", "Where does Ysolde work?", ""),
            ("Odile", "Who does Wendel work for?", ""),
        ],
    ),
    "not_jobs": (
        [
            ("Brangwen", "My neighbour Gideon is a lovely man."),
            ("Brangwen", "My brother Anselm is a bit of a character."),
            ("Brangwen", "Tobiah is a vegetarian."),
            ("Brangwen", "Our lodger Fenella is a student at the college."),
        ],
        [
            ("Odile", "What does Gideon do?", ""),
            ("Odile", "What is Gideon's job?", ""),
            ("Odile", "What does Anselm do for work?", ""),
            ("Odile", "What is Tobiah's job?", ""),
            ("Odile", "Where does Fenella work?", ""),
        ],
    ),
    "past": (
        [
            ("Hildred", "Marjory is a retired nurse."),
            ("Hildred", "I was a teacher before the kids came along."),
            ("Hildred", "Cuthbert is a former postman."),
            ("Hildred", "My son Radulf is an electrician, self-employed."),
        ],
        [
            ("Odile", "What does Marjory do?", ""),
            ("Odile", "What did Marjory do?", "nurse"),
            ("Odile", "What does Hildred do?", ""),
            ("Odile", "What did Hildred do?", "teacher"),
            ("Odile", "What does Cuthbert do?", ""),
            ("Odile", "What does Radulf do?", "electrician"),
            ("Odile", "What is Radulf's job?", "electrician"),
        ],
    ),
    "forms": (
        [
            ("Perpetua", "I got a job as a receptionist at the Grand Hotel."),
            ("Perpetua", "My husband Lambert works for the council, he's an engineer."),
            ("Perpetua", "Our friend Aldith, a midwife from Ripon, came round for tea."),
        ],
        [
            ("Odile", "What does Perpetua do?", "receptionist"),
            ("Odile", "Where does Perpetua work?", "grand hotel"),
            ("Odile", "What does Lambert do?", "engineer"),
            ("Odile", "Who does Lambert work for?", "council"),
            ("Odile", "What does Aldith do?", "midwife"),
            ("Odile", "Where does Aldith work?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_role48_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
