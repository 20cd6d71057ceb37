"""Check set for pronouns read as something of the wrong kind (issue 21, anim38), written before
the code in words of its own (no dev sentence): a he/she/him/her names a person or an animal,
never the van, the hospital, the town or the festival said beside them; "it" never a person;
"they" a group, a plural or a person, never a place. About a third of the questions are near
misses that must stay "I don't know" (the thing must not take what the person did).

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "hospital": (
        [
            ("Priya", "My aunt Meera worked at St Luke's Hospital for thirty years."),
            ("Priya", "She retired last spring and she loves gardening now."),
        ],
        [
            ("Odile", "What does Meera love?", "gardening"),
            ("Odile", "What does St Luke's Hospital love?", ""),
        ],
    ),
    "pub": (
        [
            ("Tom", "Kieran went to the Red Lion on Friday."),
            ("Tom", "He ordered a steak pie."),
        ],
        [
            ("Odile", "What did Kieran order?", "pie"),
            ("Odile", "What did the Red Lion order?", ""),
        ],
    ),
    "volvo": (
        [
            ("Aoife", "My grandad Seamus still drives his old Volvo."),
            ("Odile", "That's lovely."),
            ("Aoife", "He is ninety-two."),
        ],
        [
            ("Odile", "How old is Seamus?", "ninety-two"),
            ("Odile", "How old is the Volvo?", ""),
        ],
    ),
    "festival": (
        [
            (
                "Morag",
                "My dad is desperate to see the Fringe in Edinburgh. He's obsessed with comedy.",
            ),
        ],
        [
            ("Odile", "What is the Fringe obsessed with?", ""),
            ("Odile", "What is Edinburgh obsessed with?", ""),
        ],
    ),
    "twins": (
        [
            ("Rhian", "My friend Becky lives in Glasgow with her twins."),
            ("Rhian", "They're four now."),
        ],
        [
            ("Odile", "Where does Becky live?", "glasgow"),
            ("Odile", "How old is Glasgow?", ""),
        ],
    ),
    "bramble": (
        [
            ("Hannah", "Our dog Bramble chased the Royal Mail van this morning."),
            ("Hannah", "She is three and she adores sausages."),
        ],
        [
            ("Odile", "How old is Bramble?", "three"),
            ("Odile", "What does Bramble adore?", "sausages"),
            ("Odile", "What does the Royal Mail van adore?", ""),
        ],
    ),
    "bicycle": (
        [
            ("Sally", "My cousin Ruth bought a Brompton in the spring."),
            ("Sally", "It cost nine hundred pounds."),
        ],
        [
            ("Odile", "What did Ruth buy?", "brompton"),
            ("Odile", "How much did Ruth cost?", ""),
        ],
    ),
    "hendersons": (
        [
            ("Ben", "The Hendersons moved to Harrogate in March."),
            ("Ben", "They have two cats."),
        ],
        [
            ("Odile", "Where did the Hendersons move?", "harrogate"),
            ("Odile", "How many cats does Harrogate have?", ""),
        ],
    ),
    "kettle": (
        [
            ("Imran", "Uncle Farid fixed the Dyson yesterday, then he baked bread."),
        ],
        [
            ("Odile", "What did Farid bake?", "bread"),
            ("Odile", "What did the Dyson bake?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_anim38_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
