"""Whom a clause is about (issue 21, the storing side, wave 8): a family noun said alone
("Dad", "Mum") is the speaker's relative, stored on the person held as that relative and
referred to by the next he/she; a noun said right before a verb without a subject is that
verb's subject, not one more item of a list; an animal's kind keeps the words WordNet knows
with it ("guinea pig"). Each is a mechanism over the parse, checked on phrasings of our own."""

from __future__ import annotations

from typing import Any

import pytest

from resident.language.pipeline import installed_trained_pipeline, load_pipeline
from resident.language.reading import read
from resident.language.statement import Context, Statement
from tests.language.test_conversation import Max

pytestmark = pytest.mark.skipif(
    installed_trained_pipeline() is None, reason="the statement reader needs a trained pipeline"
)


@pytest.fixture(scope="module")
def nlp() -> Any:
    return load_pipeline("auto")


def _read(nlp: Any, *texts: str) -> list[Statement]:
    ctx = Context()
    out: list[Statement] = []
    for text in texts:
        statements, _ = read(nlp(text), ctx, reparse=nlp)
        ctx.turn += 1
        out.extend(statements)
    return out


@pytest.mark.parametrize(
    ("texts", "noun", "predicate"),
    [
        (("Dad plays the cello on Sundays.",), "dad", "plays"),
        (("Mum works in a bakery.",), "mum", "works_in"),
        (("Grandma was a nurse in Leeds.",), "grandma", "works_as"),
        # The next he/she is the same relative, within the sentence and the next turn.
        (("Dad fixed the fence, and he painted the shed.",), "dad", "paints"),
        (("My father retired in May.", "He grows tomatoes now."), "father", "grows"),
    ],
)
def test_a_family_noun_said_alone_is_the_speakers_relative(
    nlp: Any, texts: tuple[str, ...], noun: str, predicate: str
) -> None:
    found = [st for st in _read(nlp, *texts) if st.predicate == predicate]
    assert found, [(st.subject, st.predicate) for st in _read(nlp, *texts)]
    subject = found[0].subject
    assert subject.role == "kin" and subject.noun == noun
    assert subject.owner is not None and subject.owner.role == "speaker"


@pytest.mark.parametrize(
    "text",
    [
        "Dads are like that.",  # a kind, not one person
        "The boy next door plays drums.",  # an article: not the speaker's boy
        "Our dad's friend plays drums.",  # the friend plays, not Dad
    ],
)
def test_a_family_noun_with_more_said_is_not_the_bare_relative(nlp: Any, text: str) -> None:
    assert not any(
        st.subject.role == "kin"
        and st.subject.owner is not None
        and st.subject.owner.role == "speaker"
        and st.subject.noun in ("dad", "boy")
        for st in _read(nlp, text)
    )


def test_a_she_after_a_relative_of_the_other_sex_is_not_that_relative(nlp: Any) -> None:
    said = _read(nlp, "Dad fixed the fence.", "She paints landscapes.")
    assert not any(st.subject.noun == "dad" for st in said if st.predicate == "paints")


def test_a_noun_before_a_verb_of_its_own_starts_a_new_clause(nlp: Any) -> None:
    said = _read(nlp, "Ana drove the girls home on Monday and Pavel fixed the fence.")
    fixed = [st for st in said if st.predicate == "fixes"]
    assert fixed and all(st.subject.name == "Pavel" for st in fixed)
    drove = next(st for st in said if st.predicate.startswith("drives"))
    assert "Pavel" not in (drove.when or "")
    listed = _read(nlp, "We keep two rabbits called Bun and Moss and our neighbour feeds them.")
    assert not any(st.predicate == "has" and "neighbour" in st.object for st in listed)


def test_an_animals_kind_keeps_the_words_wordnet_knows_with_it(nlp: Any) -> None:
    said = _read(nlp, "We adopted two guinea pigs called Fig and Olive.")
    kinds = {(st.subject.name, st.object) for st in said if st.predicate == "is_a"}
    assert ("Fig", "guinea pig") in kinds and ("Olive", "guinea pig") in kinds
    goose = _read(nlp, "We have a very loud goose called Hilda.")
    assert ("Hilda", "goose") in {
        (st.subject.name, st.object) for st in goose if st.predicate == "is_a"
    }


def test_dad_is_stored_on_the_father_max_holds(max_: Max) -> None:
    """The relative is the person the graph holds as the speaker's father; a question about
    him by name finds what was said of "Dad"."""
    ruth = max_.say("Hi, I'm Ruth.").person_id
    max_.say("My father Ernst lives with me.", ruth)
    turn = max_.say("Dad plays chess on Thursdays.", ruth)
    chess = next(c for c in turn.claims if c["predicate"] == "plays")
    assert max_.resident.graph.get_entity(chess["subject"]).label == "Ernst"
    assert "chess" in (max_.say("What does Ernst play?", ruth).answer or "").lower()


def test_someone_elses_dad_is_not_the_next_speakers(nlp: Any) -> None:
    """The relative is the teller's: a "he" in another person's turn is not their father."""
    ctx = Context(speaker="person:ana")
    read(nlp("Dad retired in May."), ctx, reparse=nlp)
    ctx.turn += 1
    ctx.speaker = "person:ben"
    said, _ = read(nlp("He grows tomatoes now."), ctx, reparse=nlp)
    assert not any(st.subject.role == "kin" for st in said)


@pytest.mark.parametrize(
    ("texts", "predicate", "members"),
    [
        (("Anna and Tom moved to Porto.", "They love the river."), "loves", {"Anna", "Tom"}),
        (
            ("Anna went to the cinema with Tom.", "They loved the film."),
            "loves",
            {"Anna", "Tom"},
        ),
    ],
)
def test_they_after_a_group_is_each_of_them(
    nlp: Any, texts: tuple[str, ...], predicate: str, members: set[str]
) -> None:
    said = _read(nlp, *texts)
    assert {st.subject.name for st in said if st.predicate == predicate} == members


def test_they_after_someone_else_was_named_is_no_one(nlp: Any) -> None:
    said = _read(
        nlp, "Anna and Tom moved to Porto.", "Lena visited in May.", "They love the river."
    )
    assert not any(st.predicate == "loves" for st in said)
