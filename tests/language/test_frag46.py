"""Unit tests of frag46's readings of a verbless piece after a statement (splice.py), in words
of their own: a name whose last word is a place's noun is where a deed was; an ordinal said of
a noun is a rank; WordNet's kinds, not its named instances, say what a noun is."""

from __future__ import annotations

import pytest

from resident.language import lexicon
from resident.language.fragment_is import said_is
from resident.language.pipeline import load_pipeline
from resident.language.splice import spliced


@pytest.fixture(scope="module")
def nlp():  # type: ignore[no-untyped-def]
    return load_pipeline()


def _spliced(nlp, text: str) -> str | None:  # type: ignore[no-untyped-def]
    frame, piece = list(nlp(text).sents)[:2]
    return spliced(frame, piece)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "I did my first fun run on Saturday. Hesketh Park.",
            "I did my first fun run on Saturday at Hesketh Park.",
        ),
        (
            "Barnaby had his first open water swim. Colwick Lake.",
            "Barnaby had his first open water swim at Colwick Lake.",
        ),
    ],
)
def test_a_named_place_after_a_deed_is_where(nlp, text: str, said: str) -> None:  # type: ignore[no-untyped-def]
    assert _spliced(nlp, text) == said


@pytest.mark.parametrize(
    "text",
    [
        "I paid for the cake. Chocolate Orange.",  # an orange is no place (the Orange is)
        "Constance visited her aunt. Kelham Chapel.",  # where the aunt is, as often
        "Right, before I forget. The West Highland Way.",  # no deed
        "I forgot about the gala. Kelham Chapel.",  # done in the mind: no place of its own
        "Ignatius sold his first painting. Morris Minor.",  # no place's noun
        "Perpetua ran a half marathon. Park.",  # one word names nothing
    ],
)
def test_no_place_without_a_deed_and_a_named_place(nlp, text: str) -> None:  # type: ignore[no-untyped-def]
    assert _spliced(nlp, text) is None


def test_second_hand_is_no_rank(nlp) -> None:  # type: ignore[no-untyped-def]
    # "Second" of "Second-hand" is no rank of a thing: the frame is refused as before, so a
    # year said after it is not the frame's time.
    assert _spliced(nlp, "Second-hand, she won. 2019") is None


def test_kind_under_skips_named_instances() -> None:
    places = frozenset({"location.n.01", "structure.n.01", "body_of_water.n.01"})
    assert lexicon.kind_under("park", places)
    assert lexicon.kind_under("lake", places)
    assert not lexicon.kind_under("orange", places)


@pytest.mark.parametrize(
    "text",
    ["Benedict has met someone. A florist.", "Mum found somebody for the garden. A joiner."],
)
def test_a_job_after_someone_met_is_not_the_subjects(nlp, text: str) -> None:  # type: ignore[no-untyped-def]
    frame, piece = list(nlp(text).sents)[:2]
    assert said_is(frame, piece) is None


def test_a_job_after_a_deed_is_the_subjects(nlp) -> None:  # type: ignore[no-untyped-def]
    frame, piece = list(nlp("I work at the quarry. Crane driver.").sents)[:2]
    assert said_is(frame, piece) == "I am a crane driver."
