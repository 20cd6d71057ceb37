"""What the books MAX has read say about a subject: "What do you know about ASN.1?", "Who is
Anne Elliot?", "Which book talks about Lyme?", "What did the Nettle manual say about AES?".

`book_knowledge(graph, name, now, title=None)` is the plain retrieval any answering path can
call (the conversation's reader does, through `answer_reading`): the subject's entity, and per
document that names it the pages, what the document says it is, the subjects and words it
keeps company with there and the excerpts that name it; every claim keeps its provenance
(`literature:<doc>`), confidence and time. Nothing verbatim but the excerpts a reading kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from resident.errors import NotFound
from resident.language.book_themes import (
    Authorship,
    ThemeMention,
    author_text,
    authorships,
    mentions_word,
    theme_mentions,
    theme_text,
)
from resident.language.dictionary import Dictionary
from resident.language.shelf import (
    APPEARS_WITH,
    ASSOCIATED_WITH,
    DESCRIBED_AS,
    EXCERPT,
    MENTIONS,
    ReadingAnswer,
    ReadingKind,
    ReadingQuestion,
    documents,
    find_document,
)
from resident.memory.client import GraphStore
from resident.records import Claim, Entity

_LEADING = re.compile(r"^(the|a|an)\s+", re.I)


@dataclass(frozen=True)
class BookMention:
    """One document on one subject."""

    doc: Entity
    #: doc --mentions--> subject; its locator says where ("pp. 3, 6; 250 times on 120 pages").
    mention: Claim
    where: str | None
    described: tuple[Claim, ...]
    appears_with: tuple[tuple[Claim, str], ...]
    associated: tuple[Claim, ...]
    excerpts: tuple[tuple[Claim, str | None], ...]

    @property
    def claims(self) -> tuple[Claim, ...]:
        return (
            self.mention,
            *self.described,
            *(c for c, _ in self.appears_with),
            *self.associated,
            *(c for c, _ in self.excerpts),
        )


@dataclass(frozen=True)
class BookKnowledge:
    asked: str
    entity: Entity | None
    mentions: tuple[BookMention, ...]
    #: When no book names it: the books it is a theme of ("compression"), or that it wrote.
    themes: tuple[ThemeMention, ...] = ()
    authored: tuple[Authorship, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.mentions or self.themes or self.authored)


def _tokens(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9.]+", _LEADING.sub("", text.lower())))


def _mentioned(graph: GraphStore, now: datetime) -> dict[str, list[tuple[Entity, Claim]]]:
    """Subject entity id -> the documents that mention it (with the mention claim)."""
    out: dict[str, list[tuple[Entity, Claim]]] = {}
    for _, doc in documents(graph, now):
        prov = f"literature:{doc.id}"
        for c in graph.peek_claims(doc.id, MENTIONS):
            if c.object_entity is not None and c.provenance == prov:
                out.setdefault(c.object_entity, []).append((doc, c))
    return out


def _subject_entity(
    graph: GraphStore, name: str, mentioned: dict[str, list[tuple[Entity, Claim]]]
) -> tuple[Entity | None, bool]:
    """The entity a book names `name`: by label or alias first, then the named subject whose
    words are all in the name asked ("Anne Elliot" -> "Anne") or contain it, most words shared;
    and whether it only contains it ("compression" in "IEEE Data Compression Conference")."""
    dictionary = Dictionary(graph, 64)
    bare = _LEADING.sub("", name.strip())
    for form in dict.fromkeys((name, bare)):
        for e in dictionary.find(form):
            if e.id in mentioned and not e.id.startswith(("person:", "doc:")):
                return e, False
    asked = _tokens(bare)
    labels = dictionary.labels(mentioned)
    best: tuple[int, int, str] | None = None
    for entity_id, label in labels.items():
        words = _tokens(label)
        if not words or not (words <= asked or asked <= words):
            continue
        # The most named of equally good matches ("Anne Elliot": Anne, named 250 times).
        weight = sum(_times(_locator(graph, c)) for _, c in mentioned[entity_id])
        key = (len(words & asked), weight, entity_id)
        if best is None or key > best:
            best = key
    if best is None:
        return None, False
    try:
        found = graph.get_entity(best[2])
    except NotFound:
        return None, False
    return found, not _tokens(found.label) <= asked


def _locator(graph: GraphStore, claim: Claim) -> str | None:
    return next((ev.locator for ev in graph.evidence_for(claim.id) if ev.locator), None)


def book_knowledge(
    graph: GraphStore, name: str, now: datetime, title: str | None = None
) -> BookKnowledge:
    """What the documents read say about `name` (only the document called `title` when
    given). Empty when no document names it."""
    mentioned = _mentioned(graph, now)
    entity, wider = _subject_entity(graph, name, mentioned)
    only = find_document(graph, title, now) if title else None
    if title and only is None:
        return BookKnowledge(name, entity, ())
    if entity is None or wider:
        # Not a name any book gives: a theme of a book, or one of its authors.
        docs = [d for _, d in documents(graph, now) if only is None or d.id == only.id]
        themes = tuple(theme_mentions(graph, name, docs))
        authored = () if themes else tuple(authorships(graph, name, docs))
        if themes or authored or entity is None:
            return BookKnowledge(name, None, (), themes, authored)
    labels = Dictionary(graph, 64)
    about = graph.peek_claims(entity.id)
    found: list[BookMention] = []
    for doc, mention in mentioned.get(entity.id, []):
        if only is not None and doc.id != only.id:
            continue
        prov = f"literature:{doc.id}"
        mine = [c for c in about if c.provenance == prov]
        with_ = [c for c in mine if c.predicate == APPEARS_WITH and c.object_entity]
        word = (entity.label.split()[-1].lower(),)
        excerpts = [
            c
            for c in graph.peek_claims(doc.id, EXCERPT)
            if c.provenance == prov and mentions_word(str(c.object_literal), word)
        ]
        found.append(
            BookMention(
                doc=doc,
                mention=mention,
                where=_locator(graph, mention),
                described=tuple(c for c in mine if c.predicate == DESCRIBED_AS),
                appears_with=tuple(
                    (c, labels.label(c.object_entity)) for c in with_ if c.object_entity
                ),
                associated=tuple(c for c in mine if c.predicate == ASSOCIATED_WITH),
                excerpts=tuple((c, _locator(graph, c)) for c in excerpts[:1]),
            )
        )
    found.sort(key=lambda m: (-_times(m.where), m.doc.label))
    return BookKnowledge(name, entity, tuple(found))


def _times(where: str | None) -> int:
    m = re.search(r"(\d+) times", where or "")
    return int(m.group(1)) if m else 0


def _pages(where: str | None) -> str:
    """ "pp. 3, 6, 7, 8; 250 times on 120 pages" -> "p. 3 (named 250 times on 120 pages)"."""
    if not where:
        return ""
    head, _, rest = where.partition(";")
    first = head.removeprefix("pp. ").split(",")[0].strip()
    return f"p. {first}" + (f" (named {rest.strip()})" if rest else "")


def _source(m: BookMention) -> str:
    c = m.mention
    return (
        f"source: \u201c{m.doc.label}\u201d, {_pages(m.where).split(' (')[0]}; confidence "
        f"{c.confidence:.2f} ({c.level.value}); read {c.created_at.strftime('%Y-%m-%d')}"
    )


def _article(phrase: str) -> str:
    return ("an " if phrase[:1] in "aeiou" else "a ") + phrase


def _one(m: BookMention, name: str, limit: int) -> str:
    parts = [f"\u201c{m.doc.label}\u201d names {name} from {_pages(m.where)}"]
    if m.described:
        parts.append("as " + " and ".join(_article(str(c.object_literal)) for c in m.described))
    if m.appears_with:
        parts.append("alongside " + ", ".join(label for _, label in m.appears_with[:limit]))
    if m.associated:
        parts.append(
            "where it comes up with "
            + ", ".join(str(c.object_literal) for c in m.associated[:limit])
        )
    text = "; ".join(parts)
    for c, page in m.excerpts:
        text += f": \u201c{c.object_literal}\u201d ({page})"
    return text + f" ({_source(m)})"


def answer_subject(
    graph: GraphStore, q: ReadingQuestion, now: datetime, limit: int = 8
) -> ReadingAnswer:
    """The plain answer to a SUBJECT, WHICH or SAID question, from the graph."""
    assert q.subject is not None
    known = book_knowledge(graph, q.subject, now, q.title if q.kind is ReadingKind.SAID else None)
    if not known:
        where = f" in \u201c{q.title}\u201d" if q.kind is ReadingKind.SAID and q.title else ""
        return ReadingAnswer(f"I haven't read anything about {q.subject}{where}.", ())
    if known.entity is None:
        return _not_named(known, q, limit)
    name = known.entity.label
    claims = tuple(c for m in known.mentions for c in m.claims)
    if q.kind is ReadingKind.WHICH:
        books = [
            f"\u201c{m.doc.label}\u201d ({_pages(m.where)}; {_source(m)})" for m in known.mentions
        ]
        verb = "talks" if len(books) == 1 else "talk"
        text = " and ".join(books[:limit]) + f" {verb} about {name}."
        return ReadingAnswer(
            text, tuple(m.mention for m in known.mentions), known.mentions[0].doc.id
        )
    lines = [_one(m, name, 3) for m in known.mentions[:limit]]
    text = f"About {name}: " + " Also, ".join(lines) + "."
    return ReadingAnswer(text, claims, known.mentions[0].doc.id)


def _not_named(known: BookKnowledge, q: ReadingQuestion, limit: int) -> ReadingAnswer:
    """The answer when no book names the subject: its themes, or the books it wrote."""
    name = _LEADING.sub("", known.asked.strip())
    if known.themes:
        text = theme_text(name, known.themes, q.kind is ReadingKind.WHICH, limit)
        claims = tuple(c for m in known.themes for c in m.claims)
        return ReadingAnswer(text, claims, known.themes[0].doc.id)
    text = author_text(name, known.authored, limit)
    return ReadingAnswer(text, tuple(a.author for a in known.authored), known.authored[0].doc.id)
