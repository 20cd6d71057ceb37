"""What MAX says about his reading: "What have you read?", "What is <title> about?", "What did
<title> teach you?", "Give me a quote from <title>". Answered from the graph alone, each with its
source (title, page), confidence and when he read it.

The names of what a reading leaves in the graph live here, where they are read back; the
literature capability (resident.literature.memory) writes them. `reading_question` is pure (text
in, the question or None out); `answer_reading` reads the graph.
"""

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


@dataclass(frozen=True)
class ReadingQuestion:
    kind: ReadingKind
    title: str | None = None


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


def reading_question(text: str) -> ReadingQuestion | None:
    """The reading question `text` asks, if it asks one (titles keep their quotes stripped)."""
    for kind, pattern in _PATTERNS:
        m = pattern.match(text)
        if m:
            title = m.groupdict().get("t")
            if title is not None:
                title = title.strip().strip("\"'\u201c\u201d\u2018\u2019*_ ")
                if not title:
                    return None
            return ReadingQuestion(kind, title)
    return None


@dataclass(frozen=True)
class ReadingAnswer:
    text: str
    claims: tuple[Claim, ...]
    #: The document the answer is about; None for the reading list or an unknown title.
    doc_id: str | None = None


def _day(when: datetime) -> str:
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


def find_document(graph: GraphStore, title: str, now: datetime) -> Entity | None:
    """The document called `title`: its label or alias first, then a title that contains the
    words asked for (case, punctuation and a leading article ignored)."""
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
        if asked in _norm(e.label) or any(asked in _norm(a) for a in e.aliases)
    ]
    return min(candidates, key=lambda e: (len(e.label), e.id)) if candidates else None


def _source(doc: Entity, claim: Claim, page: str | None = None) -> str:
    where = f"\u201c{doc.label}\u201d" + (f", {page}" if page else "")
    return (
        f"source: {where}; confidence {claim.confidence:.2f} ({claim.level.value}); "
        f"read {_day(claim.created_at)}"
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
                f"\u201c{doc.label}\u201d{_byline(by_pred)}, read {_day(c.created_at)}, "
                f"confidence {c.confidence:.2f}"
            )
        noun = "document" if len(read) == 1 else "documents"
        return ReadingAnswer(
            f"I have read {len(read)} {noun}: " + "; ".join(lines) + ".", tuple(c for c, _ in read)
        )
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
