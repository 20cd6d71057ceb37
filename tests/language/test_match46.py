"""Facts stored but not reached (issue 21, match46): a name asked with an active naming verb
(named_asked), a deed asked of someone named by its doer noun (doer_said, asked_meaning), and a
hyphenated name kept whole wherever it is taken from the parse (roles.name_said, roles.phrase).
Unit tests of the rules over the trained pipeline's parse, and one talk on a booted resident."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from resident.records import Claim, Level
from tests.language.check_talks import Talk, mismatches
from tests.language.test_conversation import Max


def _sent(text: str):  # type: ignore[no-untyped-def]
    from resident.language.pipeline import load_pipeline

    return next(iter(load_pipeline()(text).sents))


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        ("What did they call the kitten?", "kitten"),
        ("What did Chloe name the van?", "van"),
    ],
)
def test_an_active_naming_verb_asks_the_things_name(question: str, thing: str) -> None:
    from resident.language.named_asked import named_thing

    found = named_thing("what", _sent(question).root)
    assert found is not None and found.lemma_ == thing


@pytest.mark.parametrize(
    "question",
    [
        "What does Kai call Tess?",  # a person: what she is called by him, no name held
        "What did Tom call the teacher?",  # a person noun: an insult may be asked
        "What did they call the kitten after?",  # whom it was named for
        "What does Finlay want to call the puppy?",  # a wish, the root is "want"
    ],
)
def test_no_other_naming_question_is_read_as_a_name(question: str) -> None:
    from resident.language.named_asked import named_thing

    assert named_thing("what", _sent(question).root) is None


def test_the_question_reads_as_its_passive() -> None:
    from resident.language.question_reading import read_question
    from resident.language.statement import Context

    active = read_question(_sent("What did they name the kitten?"), Context())
    passive = read_question(_sent("What is the kitten called?"), Context())
    assert active is not None and passive is not None
    assert (active.subject, active.verb, active.object_words) == (
        passive.subject,
        passive.verb,
        passive.object_words,
    )


def _claim(predicate: str, obj: str = "concept:x") -> Claim:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    return Claim(
        id="c1",
        subject="person:ella",
        predicate=predicate,
        object_entity=obj,
        object_literal=None,
        confidence=0.3,
        level=Level.HYPOTHESIS,
        provenance="interaction:p:a",
        created_at=now,
        retrieved_at=now,
    )


def _yes(question: str):  # type: ignore[no-untyped-def]
    from resident.language.question_reading import read_question
    from resident.language.statement import Context

    query = read_question(_sent(question), Context())
    assert query is not None
    return query


@pytest.mark.parametrize(
    ("question", "predicate", "label", "said"),
    [
        ("Does Ella swim?", "is_a", "strong swimmer", True),
        ("Does Ella bake?", "works_as", "baker", True),
        ("Does Ella run?", "is_a", "strong swimmer", False),  # another deed
        ("Does Ella swim in the sea?", "is_a", "swimmer", False),  # more than the noun says
        ("Does Ella swim?", "is_a", "former swimmer", False),  # not now
        ("Does Ella swim?", "is_a", "would-be swimmer", False),
        ("Does Ella swim?", "is_a", "ex-swimmer", False),
        ("Does Ella swim?", "not_is_a", "good swimmer", False),  # says nothing of swimming
        ("Does Ella swim?", "likes", "swimmer", False),  # not what she is
    ],
)
def test_a_doer_noun_answers_the_deed(
    question: str, predicate: str, label: str, said: bool
) -> None:
    from resident.language.doer_said import doer_said

    answer = doer_said(_yes(question), _claim(predicate), label)
    assert (answer is not None) is said


def test_a_language_is_what_its_teacher_teaches() -> None:
    from resident.language.asked_meaning import _done_to

    assert _done_to(["french"]) and _done_to(["maths"])
    assert not _done_to(["head"])


def test_a_role_phrase_keeps_a_names_hyphen_not_a_cut_words() -> None:
    from resident.language.roles import phrase

    sent = _sent("I went to the cinema with Jean-Luc.")
    # One token since names48 (the hyphen-name merger), three before: the phrase is whole.
    assert phrase(next(t for t in sent if t.text.endswith("Luc"))) == "Jean-Luc"
    sent = _sent("I had a rest with my sister-in-law.")
    assert not phrase(next(t for t in sent if t.text == "sister")).endswith("-")


TALK: Talk = (
    [
        ("Wilfreda", "We named the tortoise Ozymandias."),
        ("Wilfreda", "Evander is a keen climber."),
        ("Wilfreda", "I walked the dog with Marie-Claire."),
    ],
    [
        ("Odile", "What did they call the tortoise?", "ozymandias"),
        ("Odile", "Does Evander climb?", "yes"),
        ("Odile", "Who did Wilfreda walk the dog with?", "marie-claire"),
        ("Odile", "What did they call the parrot?", ""),
        ("Odile", "Does Evander swim?", ""),
    ],
)


def test_a_talk(max_: Max) -> None:
    assert mismatches(max_, TALK) == []
