"""Check set for fragment answers between people, whatever the question's shape (issue 21,
frag34), written before the code in words of its own (no dev sentence): a verbless question
("Which market?", "And the garden waste?", "What about your daughter?") borrows its predicate
from the talk before it, and a question whose gap is a qualifier (when, how long, how many,
with whom) is filled by the next speaker's fragment only when the fragment is of the gap's
kind. About a third of the questions are near misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

CHECK: dict[str, Talk] = {
    "market": (
        [
            ("Bryony", "I'm selling my damson jam at a farmers' market next month."),
            ("Tobias", "Which market?"),
            ("Bryony", "The one in Hexham, on the first Saturday."),
        ],
        [
            ("Odile", "Where is Bryony selling her jam?", "hexham"),
            ("Odile", "Where is Tobias selling his jam?", ""),
        ],
    ),
    "bins": (
        [
            ("Tobias", "When is the recycling collected?"),
            ("Bryony", "Tuesdays."),
            ("Tobias", "And the garden waste?"),
            ("Bryony", "Fridays, every other week."),
        ],
        [
            ("Odile", "When is the recycling collected?", "tuesday"),
            ("Odile", "When is the garden waste collected?", "friday"),
            ("Odile", "When is the food waste collected?", ""),
        ],
    ),
    "university": (
        [
            ("Ottilie", "Ramon, where did your son go to university?"),
            ("Ramon", "Durham."),
            ("Ottilie", "What about your daughter?"),
            ("Ramon", "Exeter, she studied geology."),
        ],
        [
            ("Odile", "Where did Ramon's son go to university?", "durham"),
            ("Odile", "Where did Ramon's daughter go to university?", "exeter"),
            ("Odile", "Where did Ottilie's daughter go to university?", ""),
        ],
    ),
    "seaside": (
        [
            ("Ottilie", "How long have you lived in Whitstable?"),
            ("Priscilla", "Eleven years this spring."),
            ("Ottilie", "How many grandchildren have you got now?"),
            ("Priscilla", "Seven, the youngest is a baby."),
        ],
        [
            ("Odile", "How long has Priscilla lived in Whitstable?", "eleven"),
            ("Odile", "How many grandchildren does Priscilla have?", "seven"),
            ("Odile", "How many grandchildren does Ottilie have?", ""),
        ],
    ),
    "trip": (
        [
            ("Leopold", "When do you fly to Krakow?"),
            ("Marisol", "Thursday morning."),
            ("Leopold", "Who are you going with?"),
            ("Marisol", "My cousin Agnieszka."),
        ],
        [
            # "Thursday" is said as its date from the talk's clock (8 January 2026).
            ("Odile", "When does Marisol fly to Krakow?", "8 january"),
            ("Odile", "Who is Marisol going with?", "agnieszka"),
            ("Odile", "When does Leopold fly to Krakow?", ""),
            ("Odile", "Who is Leopold going with?", ""),
        ],
    ),
    "mismatch": (
        [
            ("Leopold", "When did you move into the flat?"),
            ("Marisol", "With my partner, Jude."),
            ("Leopold", "How many rooms has it got?"),
            ("Marisol", "The big one."),
            ("Leopold", "Who painted your kitchen?"),
            ("Marisol", "The cheapest quote we had."),
        ],
        [
            ("Odile", "When did Marisol move into the flat?", ""),
            ("Odile", "How many rooms has Marisol's flat got?", ""),
            ("Odile", "Who painted Marisol's kitchen?", ""),
        ],
    ),
}


#: "Which market?" asks which of the thing just said; no mechanism reads it yet, and the
#: answer is the market the jam is sold at, not where it is.
_NOT_YET = {"market": "'Which N?' after a statement is not read: says the farmers' market"}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.xfail(reason=_NOT_YET[n], strict=True))
        if n in _NOT_YET
        else n
        for n in sorted(CHECK)
    ],
)
def test_frag34_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
