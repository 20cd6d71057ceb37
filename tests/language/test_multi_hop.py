"""Multi-hop through a relative: "my son", said by Tom, is the son his wife told MAX of; "our
daughter" likewise; a parent's own relatives ("my mother") stay the speaker's own."""

from __future__ import annotations

import pytest

from resident.language.pipeline import installed_trained_pipeline
from tests.language.test_conversation import Max

pytestmark = pytest.mark.skipif(
    installed_trained_pipeline() is None, reason="the statement reader needs a trained pipeline"
)


def test_a_child_or_a_pet_is_the_partners_too(max_: Max) -> None:
    marta = max_.say("Hi, I'm Marta.").person_id
    tom = max_.say("Hi, I'm Tom.").person_id
    max_.say("My husband Tom is a teacher.", marta)
    max_.say("My son Leo is 7 and our daughter Ana lives in Porto.", marta)
    max_.say("My mother Rosa lives in Braga.", marta)
    assert max_.say("How old is my son?", tom).answer == "7"
    assert max_.say("Where does our daughter live?", tom).answer == "Porto"
    assert max_.say("How old is our son?", marta).answer == "7"
    # Marta's mother is not Tom's: a parent is no offspring, so no hop through the partner.
    mother = max_.say("Where does my mother live?", tom)
    assert mother.answer is None and mother.reply.startswith("I don't know")
    assert max_.say("Where does my mother live?", marta).answer == "Braga"
