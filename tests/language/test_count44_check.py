"""Check set for counts said the way people say them (issue 21, count44), written before the
code in words of its own (no dev sentence): a number with its noun in a verbless fragment or
a bare reply is how many of that noun the one the talk is about has: the speaker, or the one
a question just put was about ("How many grandkids now?" / "Seven, and one on the way.",
"Three kids, two dogs and a husband."). About a third of the questions are near misses that
must stay "I don't know": a house number, an age, a time of day, "one of them", a length of
time ("Twenty years this June") and a count said of someone else.

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "grandkids": (
        [
            ("Odile", "How many grandchildren have you got now, Bernard?"),
            ("Bernard", "Seven, and another one on the way."),
            ("Odile", "What number is your house?"),
            ("Bernard", "Forty-two, the one with the green door."),
        ],
        [
            ("Odile", "How many grandchildren does Bernard have?", "seven"),
            ("Odile", "How many grandchildren does Odile have?", ""),
            ("Odile", "How many houses does Bernard have?", ""),
        ],
    ),
    "household": (
        [
            ("Priya", "Three kids, two dogs and one very patient husband."),
            ("Priya", "The dogs are both spaniels."),
        ],
        [
            ("Odile", "How many dogs does Priya have?", "two"),
            ("Odile", "How many children does Priya have?", "three"),
            ("Odile", "How many cats does Priya have?", ""),
        ],
    ),
    "nephews": (
        [
            ("Odile", "Does Callum have any kids, Maeve?"),
            ("Maeve", "Two boys, Finn and Rory."),
            ("Odile", "How old are they?"),
            ("Maeve", "Nine and six."),
        ],
        [
            ("Odile", "How many children does Callum have?", "two"),
            ("Odile", "How many sons does Callum have?", "two"),
            ("Odile", "How many children does Maeve have?", ""),
            ("Odile", "How many children does Odile have?", ""),
        ],
    ),
    "married": (
        [
            ("Odile", "How long have you two been married, Gwen?"),
            ("Gwen", "Twenty years this June."),
            ("Odile", "And how many cats have you got?"),
            ("Gwen", "Four cats, all rescues."),
        ],
        [
            ("Odile", "How many cats does Gwen have?", "four"),
            ("Odile", "How many children does Gwen have?", ""),
            ("Odile", "How many dogs does Gwen have?", ""),
        ],
    ),
    "bus": (
        [
            ("Odile", "What time does your bus go, Tariq?"),
            ("Tariq", "Seven thirty, from the stop outside the library."),
            ("Odile", "Which of your brothers drives?"),
            ("Tariq", "One of them, Sami."),
        ],
        [
            ("Odile", "How many buses does Tariq have?", ""),
            ("Odile", "How many brothers does Tariq have?", ""),
        ],
    ),
    "sisters": (
        [
            ("Odile", "How many sisters has Ines got?"),
            ("Yusra", "Three, all older than her."),
            ("Yusra", "My own lot: two rabbits and a tortoise."),
        ],
        [
            ("Odile", "How many sisters does Ines have?", "three"),
            ("Odile", "How many rabbits does Yusra have?", "two"),
            ("Odile", "How many sisters does Yusra have?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_count44_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
