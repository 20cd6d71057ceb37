"""What the books say about one of their themes, and who wrote them: "Which book talks about
compression?", "What did the bzip2 manual say about memory?", "Who is Julian Seward?".

A theme is what a book is about (a common noun or phrase: "compression", "affection"), not a
name, so it is not a subject entity: it is read from the document's and its chapters' `theme`
claims, with the subjects the word comes up with there and a kept excerpt that uses the word.
An author is the document's `author` claim. Every claim keeps its provenance, confidence and time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from resident.language.dictionary import Dictionary
from resident.language.shelf import (
    ASSOCIATED_WITH,
    AUTHOR,
    EXCERPT,
    HAS_CHAPTER,
    MENTIONS,
    THEME,
    YEAR,
    day,
)
from resident.language.wordnet_db import wordnet
from resident.memory.client import GraphStore
from resident.records import Claim, Entity

_LEADING = re.compile(r"^(the|a|an)\s+", re.I)


def forms(text: str) -> tuple[str, ...]:
    """The words of a phrase, lower case, without a leading article, each noun in its base
    form ("the Compressions" -> ("compression",)): how a theme and a question are compared."""
    wn = wordnet()
    words = re.findall(r"[a-z0-9]+", _LEADING.sub("", text.strip().lower()))
    if wn is None:
        return tuple(words)
    return tuple((wn.morphy(w, "n") or w) if w.isalpha() else w for w in words)


def _locator(graph: GraphStore, claim: Claim) -> str | None:
    return next((ev.locator for ev in graph.evidence_for(claim.id) if ev.locator), None)


def mentions_word(text: str, asked: tuple[str, ...]) -> bool:
    """Whether `text` uses the phrase: its words in order, each whole or with a plural ending
    ("catch" does not name a cat, "cats" and "the Cat's" do)."""
    if not asked:
        return False
    pattern = r"\W+".join(rf"\b{re.escape(w)}(?:e?s)?\b" for w in asked)
    return re.search(pattern, text.lower()) is not None


@dataclass(frozen=True)
class ThemeMention:
    """One document on one of its themes."""

    doc: Entity
    #: doc --theme--> phrase, or the first chapter's claim when only chapters have it.
    theme: Claim
    #: Its rank among the document's themes (None: a chapter's theme only).
    rank: int | None
    #: (chapter title, its pages) for the chapters whose themes include it.
    chapters: tuple[tuple[str, str], ...]
    chapter_claims: tuple[Claim, ...]
    #: The document's subjects the word comes up with, and those claims.
    subjects: tuple[str, ...]
    subject_claims: tuple[Claim, ...]
    excerpts: tuple[tuple[Claim, str | None], ...]

    @property
    def claims(self) -> tuple[Claim, ...]:
        return (
            self.theme,
            *self.chapter_claims,
            *self.subject_claims,
            *(c for c, _ in self.excerpts),
        )


def theme_mentions(graph: GraphStore, name: str, docs: Sequence[Entity]) -> list[ThemeMention]:
    """The documents among `docs` whose themes (or their chapters') include `name`."""
    asked = forms(name)
    if not asked:
        return []
    labels = Dictionary(graph, 64)
    found: list[ThemeMention] = []
    for doc in docs:
        prov = f"literature:{doc.id}"
        top = [
            c
            for c in graph.peek_claims(doc.id, THEME)
            if c.provenance == prov and forms(str(c.object_literal)) == asked
        ]
        chapters: list[tuple[str, str]] = []
        chapter_claims: list[Claim] = []
        for has in graph.peek_claims(doc.id, HAS_CHAPTER):
            if has.provenance != prov or has.object_entity is None:
                continue
            for c in graph.peek_claims(has.object_entity, THEME):
                if c.provenance == prov and forms(str(c.object_literal)) == asked:
                    pages = (_locator(graph, has) or "").removeprefix("pp. ")
                    chapters.append((labels.label(has.object_entity), pages))
                    chapter_claims.append(c)
        if not top and not chapters:
            continue
        subjects, subject_claims = _subjects_with(graph, doc, prov, asked, labels)
        excerpts = [
            (c, _locator(graph, c))
            for c in graph.peek_claims(doc.id, EXCERPT)
            if c.provenance == prov and mentions_word(str(c.object_literal), asked)
        ]
        rank = _rank(_locator(graph, top[0])) if top else None
        found.append(
            ThemeMention(
                doc=doc,
                theme=top[0] if top else chapter_claims[0],
                rank=rank,
                chapters=tuple(sorted(chapters, key=_first_page)),
                chapter_claims=tuple(chapter_claims),
                subjects=tuple(subjects),
                subject_claims=tuple(subject_claims),
                excerpts=tuple(excerpts[:1]),
            )
        )
    # A document that is about it before one where a chapter touches on it.
    found.sort(key=lambda m: (m.rank is None, m.rank or 0, -len(m.chapters), m.doc.label))
    return found


def _subjects_with(
    graph: GraphStore, doc: Entity, prov: str, asked: tuple[str, ...], labels: Dictionary
) -> tuple[list[str], list[Claim]]:
    names: list[str] = []
    claims: list[Claim] = []
    for m in graph.peek_claims(doc.id, MENTIONS):
        if m.provenance != prov or m.object_entity is None:
            continue
        for c in graph.peek_claims(m.object_entity, ASSOCIATED_WITH):
            if c.provenance == prov and forms(str(c.object_literal)) == asked:
                names.append(labels.label(m.object_entity))
                claims.append(c)
    return names, claims


def _rank(locator: str | None) -> int | None:
    m = re.search(r"rank (\d+)", locator or "")
    return int(m.group(1)) if m else None


@dataclass(frozen=True)
class Authorship:
    doc: Entity
    author: Claim
    year: str | None


def authorships(graph: GraphStore, name: str, docs: Sequence[Entity]) -> list[Authorship]:
    """The documents among `docs` that `name` wrote (all its words among an author line's)."""
    asked = set(forms(name))
    if not asked:
        return []
    out = []
    for doc in docs:
        prov = f"literature:{doc.id}"
        for c in graph.peek_claims(doc.id, AUTHOR):
            if c.provenance != prov:
                continue
            # "Fabio Fiorina, Simon Josefsson, Nikos Mavrogiannopoulos": one author at a time.
            for one in re.split(r",|\band\b|&", str(c.object_literal)):
                words = set(forms(one))
                if words and asked <= words and (len(asked) > 1 or asked == words):
                    years = [y for y in graph.peek_claims(doc.id, YEAR) if y.provenance == prov]
                    out.append(Authorship(doc, c, str(years[0].object_literal) if years else None))
                    break
    return out


def _source(doc: Entity, claim: Claim, where: str = "") -> str:
    return (
        f"source: \u201c{doc.label}\u201d{', ' + where if where else ''}; confidence "
        f"{claim.confidence:.2f} ({claim.level.value}); read {day(claim.created_at)}"
    )


def _pages(span: str) -> str:
    """ "9-9" -> "p. 9", "1-20" -> "pp. 1-20"."""
    first, _, last = span.partition("-")
    return f"p. {first}" if last in ("", first) else f"pp. {span}"


def _first_page(chapter: tuple[str, str]) -> int:
    head = chapter[1].partition("-")[0]
    return int(head) if head.isdigit() else 0


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _where(m: ThemeMention, limit: int) -> str:
    parts = []
    if m.rank is not None:
        parts.append(f"its {_ordinal(m.rank)} theme")
    if m.chapters:
        shown = [t if p in t else f"{t} ({_pages(p)})" for t, p in m.chapters[:limit]]
        parts.append("in " + ", ".join(shown))
    return "; ".join(parts)


def theme_text(name: str, found: Sequence[ThemeMention], which: bool, limit: int) -> str:
    """The answer from the themes: which books, or what each says of it."""
    if which:
        books = [
            f"\u201c{m.doc.label}\u201d ({_where(m, 3)}; {_source(m.doc, m.theme)})"
            for m in found[:limit]
        ]
        verb = "talks" if len(books) == 1 else "talk"
        return " and ".join(books) + f" {verb} about {name}."
    lines = []
    for m in found[:limit]:
        text = f"\u201c{m.doc.label}\u201d is about {name} ({_where(m, 3)})"
        if m.subjects:
            text += "; it comes up with " + ", ".join(list(dict.fromkeys(m.subjects))[:5])
        for c, page in m.excerpts:
            text += f": \u201c{c.object_literal}\u201d ({page})"
        lines.append(text + f" ({_source(m.doc, m.theme)})")
    return f"About {name}: " + " Also, ".join(lines) + "."


def author_text(name: str, found: Sequence[Authorship], limit: int) -> str:
    books = []
    for a in found[:limit]:
        year = f" ({a.year})" if a.year else ""
        books.append(f"\u201c{a.doc.label}\u201d{year} ({_source(a.doc, a.author)})")
    return f"{name} wrote " + " and ".join(books) + "."
