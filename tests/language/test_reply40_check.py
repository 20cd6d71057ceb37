"""Check set for bare replies to questions between people (issue 21, reply40), written before
the code in words of its own (no dev sentence): a reply that is only the filler of a question's
gap ("At Auntie Pat's.", "Eight, maybe nine.", "Biscuit.") says the question's statement whole;
a yes/no reply affirms or denies it, with what it adds ("Yes, starts Monday."); a verbless
question ("Where?", "And your sister?") asks again of the statement before it. A reply that
dodges ("No idea.", "Ask Mum."), asks back, or is of another kind than the gap (a place for
"when") stores nothing. About a third of the questions are near misses that must stay
"I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "gran": (
        [
            ("Niamh", "Where's your gran staying this week?"),
            ("Callum", "At my aunt Bernadette's."),
            ("Niamh", "How many grandchildren has she got now?"),
            ("Callum", "Eleven."),
        ],
        [
            ("Odile", "Where is Callum's gran staying?", "bernadette"),
            ("Odile", "How many grandchildren does Callum's gran have?", "eleven"),
            ("Odile", "Where is Niamh's gran staying?", ""),
        ],
    ),
    "party": (
        [
            ("Priya", "How many people turned up to the barbecue in the end?"),
            ("Tunde", "Fourteen, counting the neighbours."),
            ("Priya", "And when is the next one?"),
            ("Tunde", "In the back garden."),
        ],
        [
            ("Odile", "How many people turned up to the barbecue?", "fourteen"),
            ("Odile", "When is the next barbecue?", ""),
        ],
    ),
    "job": (
        [
            ("Marguerite", "Did Dominic get the job at the bike shop?"),
            ("Lewis", "Yes, he starts on Monday."),
            ("Marguerite", "Did he get a company van?"),
            ("Lewis", "No."),
            ("Marguerite", "Does his brother work there too?"),
            ("Lewis", "No idea."),
        ],
        [
            ("Odile", "Did Dominic get the job at the bike shop?", "yes"),
            ("Odile", "Where did Dominic get a job?", "bike shop"),
            ("Odile", "Does Dominic's brother work at the bike shop?", ""),
        ],
    ),
    "dog": (
        [
            ("Hamish", "What did you call the new puppy?"),
            ("Esther", "Pickle."),
            ("Hamish", "What breed is he?"),
            ("Esther", "Ask my husband, he chose him."),
        ],
        [
            ("Odile", "What is Esther's puppy called?", "pickle"),
            ("Odile", "What breed is Esther's puppy?", ""),
        ],
    ),
    "sister": (
        [
            ("Rashida", "My brother lives in Swansea now."),
            ("Gethin", "And your sister?"),
            ("Rashida", "Still in Cardiff."),
            ("Gethin", "Where does your cousin Faisal live?"),
            ("Rashida", "Why do you ask?"),
        ],
        [
            ("Odile", "Where does Rashida's brother live?", "swansea"),
            ("Odile", "Where does Rashida's sister live?", "cardiff"),
            ("Odile", "Where does Faisal live?", ""),
        ],
    ),
    "moved": (
        [
            ("Bronwen", "Our Kieran moved out last month."),
            ("Yusuf", "Where to?"),
            ("Bronwen", "A flat in Hebden Bridge."),
            ("Yusuf", "How many bedrooms has it got?"),
            ("Bronwen", "Two, I think, maybe three."),
        ],
        [
            ("Odile", "Where did Kieran move to?", "hebden"),
            ("Odile", "When did Kieran move out?", "december"),
        ],
    ),
    "visitors": (
        [
            ("Agnieszka", "How long are your parents over for?"),
            ("Rory", "Three weeks."),
            ("Agnieszka", "Which hotel are they staying at?"),
            ("Rory", "Not sure yet."),
            ("Agnieszka", "Who's picking them up from the airport?"),
            ("Rory", "My brother Cillian."),
        ],
        [
            ("Odile", "Who is picking Rory's parents up from the airport?", "cillian"),
            ("Odile", "How long are Rory's parents staying?", "three weeks"),
            ("Odile", "Which hotel are Rory's parents staying at?", ""),
            ("Odile", "Who is picking Agnieszka's parents up?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_reply40_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
