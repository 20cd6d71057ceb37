"""Check set for facts stored but not reached (issue 21, match46), written before the code in
words of its own (no dev sentence). A name joined by a hyphen or an apostrophe ("Ka-wai",
"Mary-Jo", "O'Hara") is one name, kept whole wherever it is taken from the parse, so a
question naming it whole reaches what was said of it, and a question naming only a part of
it does not. A question's verb reaches a statement said in another word of the same meaning:
a derivation ("teach" / "a teacher"), a move for where someone lives now, "call" for "name".
About a third of the questions are near misses that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "hyphened": (
        [
            ("Tamsin", "My colleague Wai-lun works at a bakery in Croydon."),
            ("Tamsin", "Anne-Marie plays the cello in an orchestra."),
            ("Tamsin", "Jean-Paul is married to Ottilie."),
        ],
        [
            ("Odile", "Where does Wai-lun work?", "croydon"),
            ("Odile", "What does Anne-Marie play?", "cello"),
            ("Odile", "Who is Jean-Paul married to?", "ottilie"),
            ("Odile", "Where does Anne work?", ""),
            ("Odile", "What does Wai-lun play?", ""),
            ("Odile", "Who is Jean married to?", ""),
        ],
    ),
    "hyphened_objects": (
        [
            ("Tamsin", "I went to the planetarium with Jean-Baptiste on Friday."),
            ("Tamsin", "I had coffee with Hye-jin after work."),
            ("Tamsin", "Ruairi bought a kite for Li-Na."),
        ],
        [
            ("Odile", "Who did Tamsin go to the planetarium with?", "jean-baptiste"),
            ("Odile", "Who did Tamsin have coffee with?", "hye-jin"),
            ("Odile", "Who did Ruairi buy a kite for?", "li-na"),
            ("Odile", "Who did Tamsin go swimming with?", ""),
            ("Odile", "Who did Ruairi buy a scarf for?", ""),
        ],
    ),
    "apostrophe": (
        [
            ("Tamsin", "Siobhan O'Rourke runs a florist in Galway."),
            ("Tamsin", "D'Arcy keeps bees behind the vicarage."),
        ],
        [
            ("Odile", "What does D'Arcy keep?", "bees"),
            ("Odile", "What does Siobhan O'Rourke run?", "florist"),
            ("Odile", "What does Siobhan keep?", ""),
        ],
    ),
    "other_words": (
        [
            ("Benedikt", "Ysolde moved to Norwich in the spring."),
            ("Benedikt", "Crispin is a chemistry teacher at the grammar school."),
            ("Benedikt", "We named the kitten Pudding."),
            ("Benedikt", "Hamish is a keen gardener."),
        ],
        [
            ("Odile", "Where does Ysolde live now?", "norwich"),
            ("Odile", "What does Crispin teach?", "chemistry"),
            ("Odile", "What did they call the kitten?", "pudding"),
            ("Odile", "Where does Crispin live?", ""),
            ("Odile", "What does Ysolde teach?", ""),
            ("Odile", "What did they call the puppy?", ""),
            ("Odile", "Where does Hamish live now?", ""),
        ],
    ),
    "naming": (
        [
            ("Perpetua", "Our narrowboat is called Heron."),
            ("Perpetua", "The twins named their hamster Crumble."),
            ("Perpetua", "Lysander called the referee a cheat."),
            ("Perpetua", "My neighbour has a tortoise called Methuselah."),
        ],
        [
            ("Odile", "What did they call the narrowboat?", "heron"),
            ("Odile", "What did the twins name the hamster?", "crumble"),
            ("Odile", "What did Perpetua's neighbour call the tortoise?", "methuselah"),
            ("Odile", "What did Lysander call the referee?", ""),
            ("Odile", "What did the twins call the goldfish?", ""),
            ("Odile", "What did they name the caravan?", ""),
        ],
    ),
    "doers": (
        [
            ("Gwendolyn", "Radomir is a keen swimmer."),
            ("Gwendolyn", "Ottoline works as a baker in Frome."),
            ("Gwendolyn", "Barnabas is a Spanish teacher."),
            ("Gwendolyn", "Clementine is a former dancer."),
            ("Gwendolyn", "Leofwine is not a great singer."),
        ],
        [
            ("Odile", "Does Radomir swim?", "yes"),
            ("Odile", "Does Ottoline bake?", "yes"),
            ("Odile", "What does Barnabas teach?", "spanish"),
            ("Odile", "Does Radomir run?", ""),
            ("Odile", "Does Ottoline bake bread?", ""),
            ("Odile", "Does Clementine dance?", ""),
            ("Odile", "Does Leofwine sing?", ""),
            ("Odile", "Does Gwendolyn swim?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_match46_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
