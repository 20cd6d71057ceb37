"""What a book says about a subject, asked the way people ask: "What do you know about X?",
"Who is X?", "Which book talks about X?", "What did <book> say about X?". Answered from a
real DuckDB graph after a real reading, with title, page, confidence and date."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from resident.config import Settings
from resident.language.book_subjects import book_knowledge
from resident.language.bookshelf import ReadingKind, reading_question
from resident.literature import read_document
from tests.literature.test_memory import T0, _Max

_PLACES = ("Lisbon", "Porto", "Coimbra")
_SCENES = (
    "{a} walked with {b} through {p} in the grey morning, speaking of the debt and the ship.",
    "At {p} the harbour was loud, and {a} feared that {b} would sell the house to pay the debt.",
    "The letter from {b} reached {a} at {p}; it spoke of loyalty, of duty and of the long voyage.",
    "In the evening {a} told {b} that the voyage had cost them more than money and pride.",
    "{a} could not forgive {b} the broken promise, though the whole town of {p} talked of it.",
)


def _novel(path: Path) -> Path:
    chapters = []
    for n in range(1, 13):
        lines = [f"CHAPTER {n}", ""]
        for i, scene in enumerate(_SCENES * 3):
            a, b = (
                ("Marta Reis", "Captain Duarte")
                if (n + i) % 2
                else ("Captain Duarte", "Marta Reis")
            )
            lines.append(
                scene.format(a=a, b=b, p=_PLACES[(n + i) % 3]) + f" It was day {n * 20 + i}."
            )
        if n in (3, 6, 9):
            lines.append(
                "The Esperanca is a merchant ship that carried salt and wine to the north."
            )
        chapters.append("\n".join(lines))
    path.write_text("Title: The Salt Debt\nAuthor: Ines Prado\n\n" + "\n\n".join(chapters))
    return path


@pytest.fixture
def read_max(tmp_path: Path, settings: Settings) -> Iterator[_Max]:
    m = _Max(settings)
    read_document(m.graph, _novel(tmp_path / "salt.txt"), T0, settings)
    yield m
    m.close()


@pytest.mark.parametrize(
    ("text", "kind", "title", "subject"),
    [
        ("What do you know about ASN.1?", ReadingKind.SUBJECT, None, "ASN.1"),
        ("Who is Anne Elliot?", ReadingKind.SUBJECT, None, "Anne Elliot"),
        ("Which book talks about Lyme?", ReadingKind.WHICH, None, "Lyme"),
        ("What did the Nettle manual say about AES?", ReadingKind.SAID, "the Nettle manual", "AES"),
    ],
)
def test_subject_questions_parse(
    text: str, kind: ReadingKind, title: str | None, subject: str
) -> None:
    q = reading_question(text)
    assert q is not None and (q.kind, q.title, q.subject) == (kind, title, subject)


def test_book_knowledge_is_a_plain_retrieval(read_max: _Max) -> None:
    now = read_max.clock.now()
    known = book_knowledge(read_max.graph, "Marta Reis", now)
    assert known and known.entity is not None and known.entity.label == "Marta Reis"
    [m] = known.mentions
    assert m.doc.label == "The Salt Debt" and m.where and m.where.startswith("pp. 2, 3")
    assert {label for _, label in m.appears_with} >= {"Captain Duarte"}
    assert all(c.provenance == f"literature:{m.doc.id}" for c in m.claims)
    ship = book_knowledge(read_max.graph, "the Esperanca", now)
    assert ship and any(c.object_literal == "merchant ship" for c in ship.mentions[0].described)
    assert not book_knowledge(read_max.graph, "Walden Pond", now)


def test_max_says_what_a_book_said_about_a_subject(read_max: _Max) -> None:
    who = read_max.say("Who is Marta Reis?")
    assert who.startswith("About Marta Reis:") and "\u201cThe Salt Debt\u201d" in who
    assert "Captain Duarte" in who and "confidence 0.70" in who and "read 2026-01-01" in who
    assert "p. 2" in who  # chapter 1 begins on the second page of the file
    # A first name alone finds the character; a place is found by the book that names it.
    assert "Marta Reis" in read_max.say("What do you know about Marta?")
    which = read_max.say("Which book talks about Porto?")
    assert which.startswith("\u201cThe Salt Debt\u201d") and "talks about Porto" in which
    said = read_max.say("What did The Salt Debt say about the Esperanca?")
    assert "a merchant ship" in said
    assert "haven't read anything about Esperanca in" in read_max.say(
        "What did the Walden book say about Esperanca?"
    )
    # Not in any book: the ordinary conversation answers, the bookshelf stays out of it.
    assert "Salt Debt" not in read_max.say("Who is Walden Pond?")


def test_a_theme_is_answered_from_the_books_it_is_a_theme_of(read_max: _Max) -> None:
    # "debt" is no name: no subject entity, but the book is about it (a theme of the book and of
    # its chapters), so "Which book ...?" and "What did <book> say about ...?" find it there.
    now = read_max.clock.now()
    known = book_knowledge(read_max.graph, "the debts", now)
    assert known and known.entity is None and not known.mentions
    [m] = known.themes
    assert m.doc.label == "The Salt Debt" and m.rank is not None and m.chapters
    which = read_max.say("Which book talks about debt?")
    assert which.startswith("\u201cThe Salt Debt\u201d (its ") and "talks about debt." in which
    assert "confidence 0.70" in which and "read 2026-01-01" in which
    said = read_max.say("What did The Salt Debt say about debt?")
    print(which, said, sep="\n")
    assert said.startswith("About debt: \u201cThe Salt Debt\u201d is about debt (its ")
    assert "CHAPTER" in said  # the chapters whose themes include it, with their pages
    # Neither a name nor a theme of any book: the bookshelf stays out of it.
    assert "Salt Debt" not in read_max.say("Which book talks about photosynthesis?")


def test_an_author_is_found_by_the_books_they_wrote(read_max: _Max) -> None:
    who = read_max.say("Who is Ines Prado?")
    assert who.startswith("Ines Prado wrote \u201cThe Salt Debt\u201d (source: ")
    # One word of a name is not an author: nobody is called just "Prado" in the book.
    assert "wrote" not in read_max.say("Who is Prado?")


def test_an_excerpt_names_its_subject_as_a_whole_word() -> None:
    from resident.language.book_themes import forms, mentions_word

    assert mentions_word("The Cat's grin stayed.", ("cat",))
    assert mentions_word("Two cats sat.", ("cat",))
    assert not mentions_word("Catch him, you by the hedge!", ("cat",))
    assert mentions_word("It maximises the compression achieved.", forms("Compressions"))
    assert not mentions_word("decompression only", forms("compression"))
