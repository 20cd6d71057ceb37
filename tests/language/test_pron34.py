"""Pronoun subjects across turns (issue 21, pron34): the one fitting person of the latest
sentence that said any, a name said as a sentence of its own, and a pronoun that names the
entity its antecedent was stored as. Each talk runs through a real Resident."""

from __future__ import annotations

from tests.language.check_talks import Talk, scored
from tests.language.test_conversation import Max


def _score(m: Max, talk: Talk) -> tuple[list[str], list[str], int]:
    wrong, unknown, right = scored(m, talk)
    assert not wrong, wrong
    return wrong, unknown, right


def test_the_latest_sentences_one_fitting_person(max_: Max) -> None:
    # No one named last fits "he" by the nearer rules; Baz, the one person of the sentence
    # just before, is whom it names.
    talk: Talk = (
        [
            ("Oona", "Baz's my partner, MAX. He moved in with us in June."),
            ("Oona", "He's a roofer."),
        ],
        [("Piet", "What does Baz do?", "roofer")],
    )
    assert not _score(max_, talk)[1]


def test_a_name_said_alone_is_whom_he_names(max_: Max) -> None:
    talk: Talk = (
        [
            ("Oona", "My uncle Declan visited at the weekend."),
            ("Piet", "And how is your dog?"),
            ("Oona", "Rolo! He is nine now."),
        ],
        [("Piet", "How old is Rolo?", "nine")],
    )
    assert not _score(max_, talk)[1]


def test_he_names_the_entity_already_stored(max_: Max) -> None:
    # The cat's name was stored as the recogniser read it; "he" names that same entity, so
    # the question's "Pistache's diet food" still finds the price.
    talk: Talk = (
        [
            (
                "Oona",
                "Pistache has lost a kilo. He's on a diet food that costs twelve pounds a bag.",
            ),
            ("Piet", "Pistache must love it."),
            ("Oona", "He hates it. He's hiding behind the washing machine."),
        ],
        [("Piet", "How much does Pistache's diet food cost?", "twelve")],
    )
    assert not _score(max_, talk)[1]
