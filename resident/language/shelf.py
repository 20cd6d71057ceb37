"""The names of what a reading leaves in the graph, and the lookups every bookshelf answer
shares (the documents read, a document by its title). Read back by resident.language.bookshelf
and resident.language.book_subjects; written by resident.literature.memory."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from resident.errors import NotFound
from resident.language.dictionary import Dictionary
from resident.memory.client import GraphStore
from resident.records import Claim, Entity

#: The entity every document MAX has read hangs from ("What have you read?").
READING_LIST = Entity(id="concept:max-reading-list", kind="collection", label="what MAX has read")
DOCUMENT_KIND = "document"
CHAPTER_KIND = "chapter"
WORD_KIND = "word"

# Predicates a reading writes.
INCLUDES = "includes"
TITLE, AUTHOR, YEAR, LANGUAGE = "title", "author", "year", "language"
PAGE_COUNT, CONTENT_HASH, FORMAT = "page_count", "content_hash", "format"
THEME, MENTIONS, HAS_CHAPTER, EXCERPT = "theme", "mentions", "has_chapter", "excerpt"
TAUGHT_WORD, DEFINING_CONTEXT = "taught_word", "defining_context"
#: What a document says about one of its subjects (subject -> ...), provenance the document.
DESCRIBED_AS, APPEARS_WITH, ASSOCIATED_WITH = "described_as", "appears_with", "associated_with"
#: moral_care, moral_fairness, ...: salience per 1,000 words, per document and chapter.
MORAL_PREFIX = "moral_"


class ReadingKind(StrEnum):
    LIST = "list"
    ABOUT = "about"
    TAUGHT = "taught"
    QUOTE = "quote"
    #: "What do you know about ASN.1?", "Who is Anne Elliot?": what the books say of a subject.
    SUBJECT = "subject"
    #: "Which book talks about Lyme?"
    WHICH = "which"
    #: "What did the Nettle manual say about AES?": one book on one subject.
    SAID = "said"


@dataclass(frozen=True)
class ReadingQuestion:
    kind: ReadingKind
    title: str | None = None
    #: The subject asked about (SUBJECT, WHICH, SAID).
    subject: str | None = None


@dataclass(frozen=True)
class ReadingAnswer:
    text: str
    claims: tuple[Claim, ...]
    #: The document the answer is about; None for the reading list or an unknown title.
    doc_id: str | None = None


def day(when: datetime) -> str:
    return when.strftime("%Y-%m-%d")


def _norm(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", title.lower()).strip()


def documents(graph: GraphStore, now: datetime) -> list[tuple[Claim, Entity]]:
    """Every document on the reading list, in the order read."""
    out = []
    for c in graph.claims_by_subject(READING_LIST.id, now, INCLUDES):
        if c.object_entity is None:
            continue
        try:
            out.append((c, graph.get_entity(c.object_entity)))
        except NotFound:
            continue
    out.sort(key=lambda ce: (ce[0].created_at, ce[1].label))
    return out


#: Words that say what kind of document a title names ("the Nettle manual"), not which one.
_DOCUMENT_WORDS = re.compile(
    r"\s+(manual|book|guide|handbook|documentation|docs|reference|specification|spec|paper|"
    r"novel|text|document)$",
    re.I,
)


def find_document(graph: GraphStore, title: str, now: datetime) -> Entity | None:
    """The document called `title`: its label or alias first, then a title that contains the
    words asked for (case, punctuation and a leading article ignored), then the same without a
    trailing kind of document ("the Nettle manual" -> "Nettle")."""
    found = _find_document(graph, title, now)
    if found is None and _DOCUMENT_WORDS.search(title.strip()):
        found = _find_document(graph, _DOCUMENT_WORDS.sub("", title.strip()), now)
    return found


def _find_document(graph: GraphStore, title: str, now: datetime) -> Entity | None:
    bare = re.sub(r"^(the|a|an)\s+", "", title.strip(), flags=re.I)
    dictionary = Dictionary(graph, 64)
    for name in dict.fromkeys((title, bare)):
        for entity in dictionary.find(name):
            if entity.kind == DOCUMENT_KIND and entity.id.startswith("doc:"):
                return entity
    asked = _norm(bare)
    if not asked:
        return None
    candidates = [
        e
        for _, e in documents(graph, now)
        if asked in _norm(e.label)
        or any(asked in _norm(a) for a in e.aliases)
        # "GNU Libtasn1" asks for the document titled "Libtasn1".
        or f" {_norm(e.label)} " in f" {asked} "
    ]
    return min(candidates, key=lambda e: (len(e.label), e.id)) if candidates else None
