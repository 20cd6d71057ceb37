"""Check set for subjectless and pronoun-subject turns, read for precision (issue 21, subj36),
written before the code in words of its own (no dev sentence). A clause said without a subject
is read only where the verb's form, the clause's possessives or the question put to this
speaker settle whose it is: the teller's own news ("Passed my driving test!"), the relative the
turn before asked about ("How's your dad?" - "Retired in June."), the one the teller's clause
before named ("My wife Carys got the job. Starts in September."). Near misses must stay "I
don't know": an order ("Bring the blue folder"), a participle after the teller's clause about
someone else ("My sister's moving to Leeds. Starting a course there." is hers or unsure, never
the teller's), a date that belongs to a noun ("Booked the Crete holiday for August": the
holiday is in August, the booking is not), a he/she answering a question about a relative is
the relative, not the teller.

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "brother_asked": (
        [
            ("Odile", "How's your brother getting on?"),
            ("Ruairi", "Loves the night shifts, weirdly."),
        ],
        [
            ("Odile", "What does Ruairi's brother love?", "shifts"),
            ("Odile", "What does Ruairi love?", ""),
        ],
    ),
    "sister_moving": (
        [
            ("Josie", "My sister's moving to Leeds next month."),
            ("Josie", "Starting a nursing course at the university."),
        ],
        [
            ("Odile", "Where is Josie's sister moving?", "leeds"),
            ("Odile", "What is Josie starting?", ""),
        ],
    ),
    "test_passed": (
        [
            ("Nadim", "Passed my driving test this morning!"),
            ("Nadim", "Bought a little Fiat already."),
        ],
        [
            ("Odile", "What did Nadim pass?", "driving test"),
            ("Odile", "What did Nadim buy?", "fiat"),
            ("Odile", "What did Odile buy?", ""),
        ],
    ),
    "orders": (
        [
            ("Hugo", "Bring the blue folder tomorrow."),
            ("Hugo", "Call the plumber about the boiler."),
        ],
        [
            ("Odile", "What did Hugo bring?", ""),
            ("Odile", "Who did Hugo call?", ""),
        ],
    ),
    "dad_retired": (
        [
            ("Odile", "And how's your dad?"),
            ("Callum", "Retired from the railway in June, finally."),
        ],
        [
            ("Odile", "When did Callum's dad retire?", "june"),
            ("Odile", "When did Callum retire?", ""),
        ],
    ),
    "daughter_pronoun": (
        [
            ("Odile", "What's your daughter up to these days?"),
            ("Priti", "She's training as a paramedic in Derby."),
        ],
        [
            ("Odile", "Where is Priti's daughter training?", "derby"),
            ("Odile", "Where is Priti training?", ""),
        ],
    ),
    "mum_pronoun": (
        [
            ("Odile", "Is your mum still in Swansea?"),
            ("Gwen", "No, she moved to Cardiff in May."),
        ],
        [
            ("Odile", "Where did Gwen's mum move?", "cardiff"),
            ("Odile", "Where did Gwen move?", ""),
        ],
    ),
    "wife_starts": (
        [
            ("Gethin", "My wife Carys got the headteacher job at Ysgol Bro."),
            ("Gethin", "Starts in September."),
        ],
        [
            ("Odile", "When does Carys start?", "september"),
            ("Odile", "When does Gethin start?", ""),
        ],
    ),
    "holiday_date": (
        [
            ("Lotte", "Booked the Crete holiday for August."),
        ],
        [
            ("Odile", "What did Lotte book?", "holiday"),
            ("Odile", "When did Lotte book the holiday?", ""),
        ],
    ),
    "lakes": (
        [
            ("Anselm", "Went up to the Lakes at Easter with the kids."),
        ],
        [
            ("Odile", "Where did Anselm go?", "lakes"),
            ("Odile", "Where did Odile go?", ""),
        ],
    ),
}


#: On main: "Booked the Crete holiday for August." stores the booking in August (the date is
#: the holiday's).
_NOUNS_DATE = pytest.mark.xfail(reason="a date of the booked noun read as the booking's")


@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=_NOUNS_DATE) if n == "holiday_date" else n for n in sorted(CHECK)],
)
def test_subj36_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
