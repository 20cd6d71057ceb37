"""Check set for questions that miss a held claim (issue 21, extra32), written before the code
in words of its own (no dev sentence). Three causes: the entity (the question names a held thing
by a broader or plainer noun, "the van" for "the campervan"; a name the tagger may read as
another part of speech in a short question), kin (a chain of kin words, "my mum's sister",
resolved one step at a time through the people the talk knows), and the question's extra words
("at the moment", "the one who", "the name of"). About a third of the questions are near misses
that must stay "I don't know".

Each talk runs through a real Resident on a real DuckDB graph. An expected answer of "" is
"I don't know"; another is a word the answer must hold. The score is recorded in the report
(main against the branch); the test asserts only that no question is answered wrong."""

from __future__ import annotations

import pytest

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max

#: (who speaks, what they say) lines, then (who asks, question, expected answer) pairs.

CHECK: dict[str, Talk] = {
    "campervan": (
        [
            ("Tamsin", "We bought a campervan called Bluebell."),
            ("Tamsin", "The campervan cost 9000 pounds."),
        ],
        [
            ("Odile", "What is Tamsin's van called?", "bluebell"),
            ("Odile", "How much did the van cost?", "9000"),
            ("Odile", "What is Tamsin's boat called?", ""),
        ],
    ),
    "names": (
        [
            ("Ruairi", "My cousin Ines is forty-one."),
            ("Ruairi", "My friend Wren lives in Hexham."),
            ("Ruairi", "Ines teaches chemistry."),
        ],
        [
            ("Odile", "How old is Ines?", "forty-one"),
            ("Odile", "Where does Wren live?", "hexham"),
            ("Odile", "What does Ines teach?", "chemistry"),
            ("Odile", "How old is Wren?", ""),
            ("Odile", "Where does Ines live?", ""),
        ],
    ),
    "kin": (
        [
            ("Priya", "My mum Anjali works at the post office."),
            ("Priya", "Anjali's sister Meena lives in Leicester."),
            ("Priya", "My brother Dev has a son called Arjun."),
        ],
        [
            ("Priya", "Where does my mum's sister live?", "leicester"),
            ("Odile", "Where does Priya's mum's sister live?", "leicester"),
            ("Odile", "What is Priya's brother's son called?", "arjun"),
            ("Priya", "Where does my dad's sister live?", ""),
            ("Odile", "What is Priya's sister's son called?", ""),
        ],
    ),
    "extra_words": (
        [
            ("Lorcan", "I work at the garden centre in Alnwick."),
            ("Lorcan", "Declan fixed the fence last week."),
            ("Lorcan", "My dog is called Pip."),
            ("Lorcan", "Nadia is learning Portuguese."),
        ],
        [
            ("Odile", "Where is Lorcan working at the moment?", "garden centre"),
            ("Odile", "Who was the one who fixed the fence?", "declan"),
            ("Odile", "What is the name of Lorcan's dog?", "pip"),
            ("Odile", "What has Nadia been learning?", "portuguese"),
            ("Odile", "Who was the one who painted the fence?", ""),
            ("Odile", "What is the name of Lorcan's cat?", ""),
            ("Odile", "What has Lorcan been learning?", ""),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(CHECK))
def test_extra32_check(max_: Max, name: str) -> None:
    wrong, unknown, right = scored(max_, CHECK[name])
    print(f"CHECK {name}: right={right} wrong={wrong} unknown={unknown}")
    assert not wrong
