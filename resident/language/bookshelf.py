"""What MAX says about his reading: "What have you read?", "What is <title> about?", "What did
<title> teach you?", "Give me a quote from <title>". Answered from the graph alone, each with its
source (title, page), confidence and when he read it.

The names of what a reading leaves in the graph live here, where they are read back; the
literature capability (resident.literature.memory) writes them. `reading_question` is pure (text
in, the question or None out); `answer_reading` reads the graph.
"""

from __future__ import annotations

import re
from datetime import datetime

from resident.language.book_subjects import answer_subject
from resident.language.dictionary import Dictionary
from resident.language.shelf import (
    APPEARS_WITH,
    ASSOCIATED_WITH,
    AUTHOR,
    CHAPTER_KIND,
    CONTENT_HASH,
    DEFINING_CONTEXT,
    DESCRIBED_AS,
    DOCUMENT_KIND,
    EXCERPT,
    FORMAT,
    HAS_CHAPTER,
    INCLUDES,
    LANGUAGE,
    MENTIONS,
    MORAL_PREFIX,
    PAGE_COUNT,
    READING_LIST,
    TAUGHT_WORD,
    THEME,
    TITLE,
    WORD_KIND,
    YEAR,
    ReadingAnswer,
    ReadingKind,
    ReadingQuestion,
    day,
    documents,
    find_document,
)
from resident.memory.client import GraphStore
from resident.records import Claim, Entity

__all__ = [
    "APPEARS_WITH",
    "ASSOCIATED_WITH",
    "AUTHOR",
    "CHAPTER_KIND",
    "CONTENT_HASH",
    "DEFINING_CONTEXT",
    "DESCRIBED_AS",
    "DOCUMENT_KIND",
    "EXCERPT",
    "FORMAT",
    "HAS_CHAPTER",
    "INCLUDES",
    "LANGUAGE",
    "MENTIONS",
    "MORAL_PREFIX",
    "PAGE_COUNT",
    "READING_LIST",
    "TAUGHT_WORD",
    "THEME",
    "TITLE",
    "WORD_KIND",
    "YEAR",
    "ReadingAnswer",
    "ReadingKind",
    "ReadingQuestion",
    "answer_reading",
    "documents",
    "find_document",
    "reading_question",
]

_END = r"\s*[?.!]*\s*$"
_PATTERNS = (
    (
        ReadingKind.LIST,
        re.compile(
            r"^\s*(what|which)\s+(books|documents|papers|texts)?\s*(have|did)\s+you\s+(read|been "
            r"reading)" + _END,
            re.I,
        ),
    ),
    (
        ReadingKind.ABOUT,
        re.compile(r"^\s*what(\s+is|'s|\u2019s)\s+(?P<t>.+?)\s+about" + _END, re.I),
    ),
    (
        ReadingKind.TAUGHT,
        re.compile(r"^\s*what\s+(did|has)\s+(?P<t>.+?)\s+(teach|taught)\s+you" + _END, re.I),
    ),
    (
        ReadingKind.QUOTE,
        re.compile(
            r"^\s*(please\s+)?(give|show|tell|read)\s+me\s+(a|one|another)\s+(quote|quotation|"
            r"passage|line|excerpt)\s+(from|of|out\s+of)\s+(?P<t>.+?)" + _END,
            re.I,
        ),
    ),
)


_SUBJECT_PATTERNS = (
    (
        ReadingKind.SAID,
        re.compile(
            r"^\s*what\s+(did|does|do)\s+(?P<t>.+?)\s+(say|said|tell\s+you|write|teach\s+you)"
            r"\s+(about|of|on)\s+(?P<s>.+?)" + _END,
            re.I,
        ),
    ),
    (
        ReadingKind.WHICH,
        re.compile(
            r"^\s*(which|what)\s+(books?|documents?|papers?|texts?|manuals?)\s+(talks?|speaks?|"
            r"says?|tells?|writes?|mentions?|is|are|were|was)\s+(about\s+|of\s+)?(?P<s>.+?)" + _END,
            re.I,
        ),
    ),
    (
        ReadingKind.WHICH,
        re.compile(r"^\s*where\s+(did|have)\s+you\s+read\s+about\s+(?P<s>.+?)" + _END, re.I),
    ),
    (
        ReadingKind.SUBJECT,
        re.compile(
            r"^\s*(what\s+do\s+you\s+know\s+about|tell\s+me\s+about|who\s+(is|was)|"
            r"what\s+(is|was)|what\s+have\s+you\s+read\s+about)\s+(?P<s>.+?)" + _END,
            re.I,
        ),
    ),
)


def _strip(value: str | None) -> str | None:
    if value is None:
        return None
    return value.strip().strip("\"'\u201c\u201d\u2018\u2019*_ ") or None


def reading_question(text: str) -> ReadingQuestion | None:
    """The reading question `text` asks, if it asks one (titles keep their quotes stripped).
    A SUBJECT question ("Who is X?") is only a question for the bookshelf when a book names X:
    the caller asks `book_knowledge` before treating it as one."""
    for kind, pattern in _PATTERNS:
        m = pattern.match(text)
        if m:
            title = m.groupdict().get("t")
            if title is not None:
                title = _strip(title)
                if not title:
                    return None
            return ReadingQuestion(kind, title)
    for kind, pattern in _SUBJECT_PATTERNS:
        m = pattern.match(text)
        if m:
            subject = _strip(m.group("s"))
            title = _strip(m.groupdict().get("t"))
            if subject is None or (kind is ReadingKind.SAID and title is None):
                return None
            return ReadingQuestion(kind, title, subject)
    return None


def _source(doc: Entity, claim: Claim, page: str | None = None) -> str:
    where = f"\u201c{doc.label}\u201d" + (f", {page}" if page else "")
    return (
        f"source: {where}; confidence {claim.confidence:.2f} ({claim.level.value}); "
        f"read {day(claim.created_at)}"
    )


def _locator(graph: GraphStore, claim: Claim) -> str | None:
    for ev in graph.evidence_for(claim.id):
        if ev.locator:
            return ev.locator
    return None


def _byline(by_pred: dict[str, list[Claim]]) -> str:
    parts = []
    if by_pred.get(AUTHOR):
        parts.append(f"by {by_pred[AUTHOR][0].object_literal}")
    if by_pred.get(YEAR):
        parts.append(str(by_pred[YEAR][0].object_literal))
    if by_pred.get(PAGE_COUNT):
        parts.append(f"{by_pred[PAGE_COUNT][0].object_literal} pages")
    return f" ({', '.join(parts)})" if parts else ""


def _claims(graph: GraphStore, doc: Entity, now: datetime) -> dict[str, list[Claim]]:
    prov = f"literature:{doc.id}"
    by_pred: dict[str, list[Claim]] = {}
    # A peek, not a retrieval: only what an answer quotes counts as retrieved.
    for c in graph.peek_claims(doc.id):
        if c.provenance == prov:
            by_pred.setdefault(c.predicate, []).append(c)
    return by_pred


def answer_reading(
    graph: GraphStore, q: ReadingQuestion, now: datetime, limit: int = 8
) -> ReadingAnswer:
    """The plain answer to a reading question, from the graph."""
    if q.kind is ReadingKind.LIST:
        read = documents(graph, now)
        if not read:
            return ReadingAnswer("I haven't read anything yet.", ())
        lines = []
        for c, doc in read:
            by_pred = _claims(graph, doc, now)
            lines.append(
                f"\u201c{doc.label}\u201d{_byline(by_pred)}, read {day(c.created_at)}, "
                f"confidence {c.confidence:.2f}"
            )
        noun = "document" if len(read) == 1 else "documents"
        return ReadingAnswer(
            f"I have read {len(read)} {noun}: " + "; ".join(lines) + ".", tuple(c for c, _ in read)
        )
    if q.kind in (ReadingKind.SUBJECT, ReadingKind.WHICH, ReadingKind.SAID):
        assert q.subject is not None
        return answer_subject(graph, q, now, limit)
    assert q.title is not None
    found = find_document(graph, q.title, now)
    if found is None:
        return ReadingAnswer(f"I haven't read anything called \u201c{q.title}\u201d.", ())
    doc = found
    by_pred = _claims(graph, doc, now)
    if q.kind is ReadingKind.ABOUT:
        return _about(graph, doc, by_pred, limit)
    if q.kind is ReadingKind.TAUGHT:
        return _taught(graph, doc, by_pred, now, limit)
    return _quote(graph, doc, by_pred, now)


def _ranked(graph: GraphStore, claims: list[Claim]) -> list[Claim]:
    def rank(c: Claim) -> int:
        loc = _locator(graph, c) or ""
        m = re.search(r"rank (\d+)", loc)
        return int(m.group(1)) if m else 10_000

    return sorted(claims, key=lambda c: (rank(c), c.object_value))


def _about(
    graph: GraphStore, doc: Entity, by_pred: dict[str, list[Claim]], limit: int
) -> ReadingAnswer:
    themes = _ranked(graph, by_pred.get(THEME, []))[:limit]
    mentions = sorted(by_pred.get(MENTIONS, []), key=lambda c: c.object_value)
    labels = Dictionary(graph, 64).labels(c.object_entity for c in mentions if c.object_entity)
    named = [labels[c.object_entity] for c in mentions if c.object_entity][:limit]
    if not themes and not named:
        return ReadingAnswer(
            f"I read \u201c{doc.label}\u201d but kept nothing about what it is about.", (), doc.id
        )
    first = (themes or mentions)[0]
    text = (
        f"\u201c{doc.label}\u201d{_byline(by_pred)} is about "
        + ", ".join(str(c.object_literal) for c in themes)
        + "."
    )
    if named:
        text += " It mentions " + ", ".join(named) + "."
    text += f" ({_source(doc, first)})"
    return ReadingAnswer(text, tuple(themes + mentions[:limit]), doc.id)


def _taught(
    graph: GraphStore, doc: Entity, by_pred: dict[str, list[Claim]], now: datetime, limit: int
) -> ReadingAnswer:
    taught = sorted(by_pred.get(TAUGHT_WORD, []), key=lambda c: c.object_value)[:limit]
    used: list[Claim] = list(taught)
    words = []
    for c in taught:
        assert c.object_entity is not None
        word = Dictionary(graph, 64).label(c.object_entity)
        contexts = [
            x
            for x in graph.peek_claims(c.object_entity, DEFINING_CONTEXT)
            if x.provenance == c.provenance
        ]
        page = _locator(graph, c) or ""
        if contexts:
            used.append(contexts[0])
            words.append(f"{word} (\u201c\u2026{contexts[0].object_literal}\u2026\u201d, {page})")
        else:
            words.append(f"{word} ({page})")
    morals = {
        p.removeprefix(MORAL_PREFIX): float(cs[0].object_literal or 0)
        for p, cs in sorted(by_pred.items())
        if p.startswith(MORAL_PREFIX) and cs
    }
    parts = []
    if words:
        parts.append("new words: " + "; ".join(words))
    if morals and max(morals.values()) > 0:
        ordered = sorted(morals.items(), key=lambda kv: -kv[1])
        parts.append(
            "its moral weight falls most on "
            + ", then ".join(f"{f} ({v:.2f} per 1,000 words)" for f, v in ordered[:2] if v > 0)
        )
        used += [by_pred[MORAL_PREFIX + f][0] for f, _ in ordered[:2]]
    themes = _ranked(graph, by_pred.get(THEME, []))[:3]
    if themes:
        parts.append("and it turns on " + ", ".join(str(c.object_literal) for c in themes))
        used += themes
    if not parts:
        return ReadingAnswer(
            f"\u201c{doc.label}\u201d taught me nothing I can name yet.", (), doc.id
        )
    text = f"From \u201c{doc.label}\u201d I learned " + "; ".join(parts) + "."
    text += f" ({_source(doc, used[0])})"
    return ReadingAnswer(text, tuple(used), doc.id)


def _quote(
    graph: GraphStore, doc: Entity, by_pred: dict[str, list[Claim]], now: datetime
) -> ReadingAnswer:
    excerpts = by_pred.get(EXCERPT, [])
    if not excerpts:
        return ReadingAnswer(f"I kept no quotation from \u201c{doc.label}\u201d.", (), doc.id)
    # The least recently quoted one: retrieval bumps retrieved_at, so asking again moves on.
    chosen = graph.get_claim(min(excerpts, key=lambda c: (c.retrieved_at, c.id)).id, now)
    page = _locator(graph, chosen)
    text = f"\u201c{chosen.object_literal}\u201d ({_source(doc, chosen, page)})"
    return ReadingAnswer(text, (chosen,), doc.id)
