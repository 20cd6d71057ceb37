"""What a reading leaves in the graph: the document entity, its chapters, the subjects linked
through the dictionary, and claims with grounded provenance `literature:<doc id>`.

`claims_for` is pure (a Distillation and the links in, entities and claims out); `remember`
links and writes them through the GraphStore in one transaction (the daemon's when it runs).
Everything is keyed by stable ids, so reading the same document again writes nothing new.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from pydantic import BaseModel, ConfigDict

from resident.config import Settings
from resident.errors import NotFound
from resident.language.dictionary import Dictionary, slug
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
)
from resident.literature.distill import Distillation, Excerpt, NewWord, Subject, Theme
from resident.literature.morals import FOUNDATIONS
from resident.memory.client import GraphStore
from resident.records import Claim, Entity, NewClaim, UpsertCounts


class ReadingReport(BaseModel):
    """One reading: what was distilled and what changed in the graph."""

    model_config = ConfigDict(frozen=True)

    distillation: Distillation
    new_words: tuple[NewWord, ...]
    linked: dict[str, str]
    entities: UpsertCounts
    claims: UpsertCounts
    write_seconds: float
    #: The document was read before (same content hash): nothing was distilled or written, the
    #: distillation is recalled from the graph.
    skipped: bool = False

    @property
    def changed(self) -> int:
        return (
            self.entities.inserted
            + self.entities.updated
            + self.claims.inserted
            + self.claims.updated
        )


def provenance(doc_id: str) -> str:
    return f"literature:{doc_id}"


def chapter_id(doc_id: str, index: int) -> str:
    return f"{doc_id}/ch{index}"


#: Words kept of a title or a name: under 12, so no 12-word run of a document reaches the graph
#: outside its excerpts, whatever its headings say.
MAX_NAME_WORDS = 11


def _short(text: str, limit: int = 200) -> str:
    parts = text.split()
    if len(parts) > MAX_NAME_WORDS:
        parts = [*parts[:MAX_NAME_WORDS], "\u2026"]
    text = " ".join(parts)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "\u2026"


def _mentions(s: Subject) -> str:
    """ "pp. 3, 6, 7; 250 times on 120 pages": where the document names the subject."""
    pages = ", ".join(str(p) for p in (s.pages or (s.first_page,)))
    return f"pp. {pages}; {s.count} times on {max(s.page_count, 1)} pages"


def link_subjects(
    subjects: tuple[Subject, ...], find: Callable[[str], list[Entity]]
) -> dict[str, Entity]:
    """Subject name -> the graph entity it names (the best dictionary match), or a new
    `concept:<slug>` when nothing matches. Pure given `find`. The people of the house are never
    matched: a character called Ana is not the Ana who lives here (and what is known about her
    stays hers, Rule 8)."""
    out: dict[str, Entity] = {}
    for s in subjects:
        found = [e for e in find(s.name) if not e.id.startswith(("doc:", "person:"))]
        if found:
            out[s.name] = found[0]
        else:
            out[s.name] = Entity(id=f"concept:{slug(s.name)}", kind=s.kind, label=_short(s.name))
    return out


def claims_for(
    d: Distillation, links: dict[str, Entity], new_words: tuple[NewWord, ...], confidence: float
) -> tuple[list[Entity], list[NewClaim]]:
    """The entities and claims of one reading (pure)."""
    prov = provenance(d.doc_id)
    doc = Entity(
        id=d.doc_id,
        kind=DOCUMENT_KIND,
        label=_short(d.title, 300),
        aliases=tuple(a for a in {_short(d.title.split(":")[0], 300)} if a != _short(d.title, 300)),
    )
    entities: list[Entity] = [READING_LIST, doc]
    claims: list[NewClaim] = []

    def say(
        subject: str,
        predicate: str,
        *,
        literal: str | None = None,
        obj: str | None = None,
        locator: str | None = None,
    ) -> None:
        claims.append(
            NewClaim(
                subject=subject,
                predicate=predicate,
                object_literal=literal,
                object_entity=obj,
                confidence=confidence,
                provenance=prov,
                locator=locator,
            )
        )

    say(READING_LIST.id, INCLUDES, obj=d.doc_id, locator=d.path)
    say(d.doc_id, TITLE, literal=_short(d.title, 300))
    if d.author:
        say(d.doc_id, AUTHOR, literal=_short(d.author, 300))
    if d.year:
        say(d.doc_id, YEAR, literal=str(d.year))
    if d.language:
        say(d.doc_id, LANGUAGE, literal=d.language)
    say(d.doc_id, PAGE_COUNT, literal=str(d.page_count))
    say(d.doc_id, FORMAT, literal=d.format)
    say(d.doc_id, CONTENT_HASH, literal=f"sha256:{d.sha256}")
    for rank, theme in enumerate(d.themes, 1):
        say(d.doc_id, THEME, literal=theme.phrase, locator=f"rank {rank}")
    for foundation in FOUNDATIONS:
        say(
            d.doc_id,
            MORAL_PREFIX + foundation,
            literal=f"{d.salience[foundation]:.4f}",
            locator="per 1000 words",
        )
    _subject_claims(d, links, entities, say)
    for ch in d.chapters:
        cid = chapter_id(d.doc_id, ch.index)
        entities.append(Entity(id=cid, kind=CHAPTER_KIND, label=_short(ch.title)))
        say(d.doc_id, HAS_CHAPTER, obj=cid, locator=f"pp. {ch.first_page}-{ch.last_page}")
        for rank, theme in enumerate(ch.themes, 1):
            say(cid, THEME, literal=theme.phrase, locator=f"rank {rank}")
        for foundation in FOUNDATIONS:
            say(
                cid,
                MORAL_PREFIX + foundation,
                literal=f"{ch.salience[foundation]:.4f}",
                locator="per 1000 words",
            )
    for w in new_words:
        wid = f"concept:{slug(w.word)}"
        entities.append(Entity(id=wid, kind=WORD_KIND, label=_short(w.word)))
        say(d.doc_id, TAUGHT_WORD, obj=wid, locator=f"p. {w.page}")
        say(wid, DEFINING_CONTEXT, literal=w.context, locator=f"{d.doc_id} p. {w.page}")
    for e in d.excerpts:
        say(d.doc_id, EXCERPT, literal=e.text, locator=f"p. {e.page}")
    unique = list({e.id: e for e in entities}.values())
    return unique, claims


def _subject_claims(
    d: Distillation, links: dict[str, Entity], entities: list[Entity], say: Callable[..., None]
) -> None:
    """What the document says about each of its subjects, each claim carrying its document."""
    seen: set[str] = set()
    for s in d.subjects:
        entity = links[s.name]
        if entity.id in seen:
            continue
        seen.add(entity.id)
        entities.append(entity)
        say(d.doc_id, MENTIONS, obj=entity.id, locator=_mentions(s))
        # What this document says about the subject, each claim carrying its document.
        for phrase, page in s.described_as:
            say(entity.id, DESCRIBED_AS, literal=phrase, locator=f"{d.doc_id} p. {page}")
        for other, pages in s.appears_with:
            if other in links and links[other].id != entity.id:
                say(
                    entity.id,
                    APPEARS_WITH,
                    obj=links[other].id,
                    locator=f"{d.doc_id}, {pages} pages together",
                )
        for word, pages in s.associated_with:
            say(entity.id, ASSOCIATED_WITH, literal=word, locator=f"{d.doc_id}, {pages} pages")


def _known_entity(graph: GraphStore, entity: Entity) -> Entity:
    """A new concept keeps the label it already has in the graph (two spellings, one slug)."""
    try:
        return graph.get_entity(entity.id)
    except NotFound:
        return entity


def remember(
    graph: GraphStore, d: Distillation, now: datetime, settings: Settings
) -> ReadingReport:
    """Link the distillation to the graph and write it in one transaction."""
    import time

    started = time.perf_counter()
    dictionary = Dictionary(graph, settings.caches.dictionary)
    links = {
        name: _known_entity(graph, e)
        for name, e in link_subjects(d.subjects, dictionary.find).items()
    }
    limit = settings.literature.max_new_words
    # Words this document taught before stay new for it, so a re-read picks the same words
    # (and writes nothing) instead of moving on to the next rarest.
    taught = {c.object_entity for c in graph.peek_claims(d.doc_id, TAUGHT_WORD)}
    new_words = tuple(
        w
        for w in d.word_candidates
        if f"concept:{slug(w.word)}" in taught or not dictionary.find(w.word)
    )[:limit]
    entities, claims = claims_for(d, links, new_words, settings.literature.confidence)
    # A word or subject this reading already filed (or the document itself) keeps its label.
    entities = [
        e
        if e.id in (d.doc_id, READING_LIST.id) or e.id.startswith(d.doc_id + "/")
        else _known_entity(graph, e)
        for e in entities
    ]
    entity_counts, claim_counts = graph.upsert_bulk(entities, claims, now)
    return ReadingReport(
        distillation=d,
        new_words=new_words,
        linked={k: v.id for k, v in links.items()},
        entities=entity_counts,
        claims=claim_counts,
        write_seconds=round(time.perf_counter() - started, 4),
    )


def _rank(graph: GraphStore, claim_id: str) -> int:
    loc = next((e.locator for e in graph.evidence_for(claim_id) if e.locator), "") or ""
    digits = "".join(c for c in loc.split(";")[0] if c.isdigit() or c == " ").split()
    return int(digits[0]) if digits else 10_000


def recall(graph: GraphStore, doc_id: str, path: str) -> ReadingReport | None:
    """The reading of a document the graph already holds (by content hash), rebuilt from its
    claims without distilling it again; None when it was never read."""
    try:
        doc = graph.get_entity(doc_id)
    except NotFound:
        return None
    prov = provenance(doc_id)
    by: dict[str, list[Claim]] = {}
    for c in graph.peek_claims(doc_id):
        if c.provenance == prov:
            by.setdefault(c.predicate, []).append(c)
    if not by.get(CONTENT_HASH):
        return None

    def one(predicate: str) -> str | None:
        return str(by[predicate][0].object_literal) if by.get(predicate) else None

    themes = sorted(by.get(THEME, []), key=lambda c: _rank(graph, c.id))
    excerpts = sorted(by.get(EXCERPT, []), key=lambda c: _rank(graph, c.id))
    subjects = []
    linked: dict[str, str] = {}
    for c in by.get(MENTIONS, []):
        if c.object_entity is None:
            continue
        try:
            e = graph.get_entity(c.object_entity)
        except NotFound:
            continue
        # The mention's locator keeps how often: "pp. 3, 6; 250 times on 120 pages".
        loc = next((ev.locator for ev in graph.evidence_for(c.id) if ev.locator), "") or ""
        times = re.search(r"(\d+) times", loc)
        count = int(times.group(1)) if times else 0
        subjects.append(
            Subject(name=e.label, kind=e.kind, count=count, first_page=_rank(graph, c.id))
        )
        linked[e.label] = e.id
    subjects.sort(key=lambda s: (-s.count, s.name))
    pages = int(one(PAGE_COUNT) or 0)
    year = one(YEAR)
    d = Distillation(
        doc_id=doc_id,
        sha256=doc_id.removeprefix("doc:"),
        path=path,
        format=one(FORMAT) or "",
        title=one(TITLE) or doc.label,
        author=one(AUTHOR),
        year=int(year) if year and year.isdigit() else None,
        language=one(LANGUAGE),
        page_count=pages,
        pages_with_text=pages,
        words=0,
        pipeline="recalled",
        themes_from="graph",
        themes=tuple(Theme(phrase=str(c.object_literal), score=0.0) for c in themes),
        salience={f: float(one(MORAL_PREFIX + f) or 0.0) for f in FOUNDATIONS},
        polarity={},
        subjects=tuple(subjects),
        word_candidates=(),
        excerpts=tuple(
            Excerpt(text=str(c.object_literal), page=_rank(graph, c.id), score=0.0)
            for c in excerpts
        ),
        chapters=(),
        seconds=0.0,
    )
    total = sum(len(v) for v in by.values())
    return ReadingReport(
        distillation=d,
        new_words=(),
        linked=linked,
        entities=UpsertCounts(inserted=0, updated=0, unchanged=1),
        claims=UpsertCounts(inserted=0, updated=0, unchanged=total),
        write_seconds=0.0,
        skipped=True,
    )
