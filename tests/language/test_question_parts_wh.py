"""A question asked again without its optional parts (question_parts.reduced) keeps its
question word: a phrase that holds it ("Which prison will Sandra be at?", the parser hanging
"Which prison" on the stranded "at") is not optional, and dropping it turned a which-question
into a yes or no ("Will Sandra be?"), answered "Yes" from anything held of her. Phrasings of
our own, on the trained pipeline and on a real booted resident."""

from __future__ import annotations

from typing import Any

import pytest

from resident.language.pipeline import installed_trained_pipeline, load_pipeline
from resident.language.question_parts import reduced
from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max

pytestmark = pytest.mark.skipif(
    installed_trained_pipeline() is None, reason="the question reader needs a trained pipeline"
)


@pytest.fixture(scope="module")
def nlp() -> Any:
    return load_pipeline("auto")


def _texts(nlp: Any, question: str) -> list[str]:
    return [part.text for part in reduced(next(iter(nlp(question).sents)))]


@pytest.mark.parametrize(
    "question",
    ["Which depot will Callum be at?", "Which college does Ines teach at?"],
)
def test_a_phrase_holding_the_question_word_is_kept(nlp: Any, question: str) -> None:
    for text in _texts(nlp, question):
        assert text.split()[0].lower() in ("which", "what"), text


def test_an_optional_phrase_without_it_still_goes(nlp: Any) -> None:
    assert "What did Noor eat?" in _texts(nlp, "What did Noor eat at the new cafe?")


TALK: Talk = (
    [
        ("Wenna", "My brother Callum is a driver for the council."),
        ("Wenna", "Ines teaches maths."),
    ],
    [
        ("Odile", "Which depot will Callum be at?", ""),
        ("Odile", "Which college does Ines teach at?", ""),
        ("Odile", "What does Ines teach?", "math"),
    ],
)


def test_a_which_question_is_never_answered_yes(max_: Max) -> None:
    assert mismatches(max_, TALK) == []
