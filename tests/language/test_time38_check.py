"""Check set for times that resolve to no date (issue 21, time38), written before the code in
words of its own (no dev sentence): a named day of the year ("on Boxing Day", "at Easter",
"on Pancake Day", "on Burns Night"), a counted stretch back ("a fortnight ago", "this time last
year", "the week before last"), a weekend ("last weekend") and a question that asks for a year
or a month ("What year ...", "Which month ...") must meet the day the talk placed the event on.
About a third of the questions are near misses that must stay "I don't know".

The talks are said on Thursday 1 January 2026 (the check resident's clock). Each talk runs
through a real Resident on a real DuckDB graph. An expected answer of "" is "I don't know";
another is a word the answer must hold. The score is recorded in the report (main against the
branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "cornwall": (
        [
            ("Tabitha", "We took the twins to Cornwall at Easter."),
            ("Tabitha", "My brother Idris got married on Boxing Day."),
        ],
        [
            ("Odile", "When did Tabitha take the twins to Cornwall?", "20 april 2025"),
            ("Odile", "Which month did Tabitha take the twins to Cornwall?", "april"),
            ("Odile", "When did Idris get married?", "26 december 2025"),
            ("Odile", "When did Tabitha sell her car?", ""),
            ("Odile", "When did Tabitha get married?", ""),
        ],
    ),
    "pancakes": (
        [
            ("Lachlan", "Morven burnt her hand on Pancake Day."),
            ("Lachlan", "Our boiler broke down on Burns Night."),
            ("Lachlan", "Grandad Hamish visited us on Mothering Sunday."),
        ],
        [
            ("Odile", "When did Morven burn her hand?", "4 march 2025"),
            ("Odile", "When did the boiler break down?", "25 january 2025"),
            ("Odile", "When did Hamish visit Lachlan?", "30 march 2025"),
            ("Odile", "When did Morven burn her foot?", ""),
            ("Odile", "When did the cooker break down?", ""),
        ],
    ),
    "fortnight": (
        [
            ("Nkechi", "I started a new job at the library a fortnight ago."),
            ("Nkechi", "This time last year Obi broke his ankle."),
            ("Nkechi", "Chuka sold his van the week before last."),
        ],
        [
            ("Odile", "When did Nkechi start the new job?", "18 december 2025"),
            ("Odile", "What year did Obi break his ankle?", "2025"),
            ("Odile", "When did Chuka sell his van?", "december 2025"),
            ("Odile", "When did Obi break his wrist?", ""),
            ("Odile", "When did Chuka sell his car?", ""),
        ],
    ),
    "weekend": (
        [
            ("Priya", "Arjun ran the Leeds half marathon last weekend."),
            ("Priya", "Our dog Pickle went missing on bonfire night."),
        ],
        [
            ("Odile", "When did Arjun run the half marathon?", "december 2025"),
            ("Odile", "When did Pickle go missing?", "5 november 2025"),
            ("Odile", "Which month did Pickle go missing?", "november"),
            ("Odile", "When did Arjun run the full marathon?", ""),
            ("Odile", "When did Priya go missing?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_time38_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
