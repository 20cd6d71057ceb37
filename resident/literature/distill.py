"""Distillation: pages in, understanding out. A pure fold over a stream of pages.

`distill(info, pages, nlp, settings)` reads each page once and keeps only bounded running
summaries (counters that are pruned, a few dozen candidate sentences, one short context per rare
word), so what it returns, and what it holds while reading, does not grow with the book. The page
text itself is dropped as soon as the page is folded in: the returned Distillation holds no body
text except at most `max_excerpts` excerpts and each new word's short context.
"""

from __future__ import annotations

import functools
import heapq
import math
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict

from resident.config import LiteratureSettings
from resident.errors import ImageOnlyDocument
from resident.literature.morals import FOUNDATIONS, Lexicon, MoralTally, polarity, salience
from resident.literature.reader import DocumentInfo, Page
from resident.literature.text import (
    STOPWORDS,
    PageCleaner,
    candidate_phrases,
    guess_language,
    phrase_tokens,
    sentences,
    words,
)
from resident.literature.textrank import PhraseGraph, key_phrases

if TYPE_CHECKING:
    from spacy.language import Language as SpacyLanguage

#: progress(pages_done, page_count)
PageProgress = Callable[[int, int], None]

#: spaCy entity labels kept as subjects, and the entity kind each becomes.
NER_KINDS = {
    "PERSON": "person",
    "GPE": "place",
    "LOC": "place",
    "FAC": "place",
    "ORG": "organization",
    "NORP": "group",
    "WORK_OF_ART": "work",
    "LAW": "work",
    "EVENT": "event",
}
_MIN_LETTERS = 20
_MAX_SUBJECT_KEYS = 20_000
_MAX_WORD_KEYS = 5_000
_NAME = re.compile(
    r"(?<![.!?]\s)(?<!^)\b([A-Z][a-z]{2,}(?:\s+(?:of\s+|de\s+|van\s+|von\s+)?"
    r"[A-Z][a-z]{2,}){0,3})"
)
_EXCERPT_OK = re.compile(r"^[\"'\u201c\u2018(]?[A-Z]")


def no_page_progress(done: int, total: int) -> None:
    """The default progress sink: report nothing."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class Subject(_Frozen):
    """Someone or something the document is about, as named in it."""

    name: str
    kind: str
    count: int
    first_page: int


class Theme(_Frozen):
    phrase: str
    score: float


class NewWord(_Frozen):
    """A rare word with the context it was first met in (at most `context_words` words)."""

    word: str
    zipf: float
    count: int
    page: int
    context: str


class Excerpt(_Frozen):
    """A citable sentence, verbatim but for whitespace, with its page."""

    text: str
    page: int
    score: float


class ChapterSummary(_Frozen):
    index: int
    title: str
    first_page: int
    last_page: int
    words: int
    themes: tuple[Theme, ...]
    salience: dict[str, float]


class Distillation(_Frozen):
    """What survives a reading: no body text beyond the excerpts and the new words' contexts."""

    doc_id: str
    sha256: str
    path: str
    format: str
    title: str
    author: str | None
    year: int | None
    language: str | None
    page_count: int
    pages_with_text: int
    words: int
    pipeline: str
    themes: tuple[Theme, ...]
    salience: dict[str, float]
    polarity: dict[str, float]
    subjects: tuple[Subject, ...]
    #: Rare words, rarest first; the graph writer keeps those MAX's dictionary lacks.
    word_candidates: tuple[NewWord, ...]
    excerpts: tuple[Excerpt, ...]
    chapters: tuple[ChapterSummary, ...]
    seconds: float
    #: What the reader must know about how the file was read (damaged, pages lost or cut).
    warnings: tuple[str, ...] = ()

    @property
    def pages_per_second(self) -> float:
        return self.page_count / self.seconds if self.seconds > 0 else float("inf")


@functools.lru_cache(maxsize=200_000)
def zipf(word: str) -> float:
    """wordfreq's Zipf frequency of an English word (0 when unknown)."""
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word, "en"))


# -- running state ---------------------------------------------------------------------------------


@dataclass
class _Section:
    index: int
    title: str | None
    first_page: int
    last_page: int
    graph: PhraseGraph = field(
        default_factory=lambda: PhraseGraph(max_edges=15_000, max_phrases=8_000)
    )
    morals: MoralTally = field(default_factory=MoralTally)
    pages: int = 0


@dataclass
class _WordSeen:
    zipf: float
    count: int
    page: int
    context: str


@dataclass
class _State:
    settings: LiteratureSettings
    lexicon: Lexicon
    cleaner: PageCleaner = field(default_factory=PageCleaner)
    graph: PhraseGraph = field(default_factory=PhraseGraph)
    morals: MoralTally = field(default_factory=MoralTally)
    subjects: Counter[tuple[str, str]] = field(default_factory=Counter)
    subject_page: dict[tuple[str, str], int] = field(default_factory=dict)
    rare: dict[str, _WordSeen] = field(default_factory=dict)
    function_words: Counter[str] = field(default_factory=Counter)
    candidates: list[tuple[float, int, str, int]] = field(default_factory=list)
    chapters: list[ChapterSummary] = field(default_factory=list)
    section: _Section | None = None
    pages: int = 0
    pages_with_text: int = 0
    words: int = 0
    tiebreak: int = 0
    #: The first line of the first page with text: the title when the metadata has none.
    first_line: str | None = None


def _subject_key(name: str) -> str:
    return " ".join(name.split())


_LEADING_ARTICLE = re.compile(r"^(the|a|an)\s+", re.I)


def _count_subject(state: _State, name: str, kind: str, page: int) -> None:
    name = _LEADING_ARTICLE.sub("", _subject_key(name.strip(" .,;:'\"\u2019\u201d")))
    if len(name) < 3 or len(name) > 80 or name.count(" ") > 5 or name.lower() in STOPWORDS:
        return
    key = (name, kind)
    state.subjects[key] += 1
    state.subject_page.setdefault(key, page)
    if len(state.subjects) > _MAX_SUBJECT_KEYS:
        keep = sorted(state.subjects.items(), key=lambda kv: (-kv[1], kv[0]))
        state.subjects = Counter(dict(keep[: _MAX_SUBJECT_KEYS // 2]))
        state.subject_page = {k: state.subject_page[k] for k in state.subjects}


def _nlp_subjects(state: _State, doc: Any, page: int, trained: bool) -> None:
    if trained:
        for ent in doc.ents:
            kind = NER_KINDS.get(ent.label_)
            # A long all-capital word is a heading or a keyword in a code listing, not a name
            # (acronyms such as GNU or NATO are short).
            if kind and not (ent.text.isupper() and " " not in ent.text and len(ent.text) > 5):
                _count_subject(state, ent.text, kind, page)
        if doc.has_annotation("DEP"):
            for chunk in doc.noun_chunks:
                content = [
                    t
                    for t in chunk
                    if not (t.is_stop or t.is_punct or t.pos_ in ("PRON", "DET", "NUM", "PROPN"))
                ]
                if 1 <= len(content) <= 3 and all(t.is_alpha for t in content):
                    # The head in the singular: "covered works" and "covered work" are one
                    # subject (the lemmatizer is not loaded: it costs a fifth of the pipeline).
                    head = (
                        singular(content[-1].lower_)
                        if content[-1].tag_ == "NNS"
                        else content[-1].lower_
                    )
                    name = " ".join([*(t.lower_ for t in content[:-1]), head])
                    _count_subject(state, name, "concept", page)
        return
    # blank("en"): capitalised runs that do not open a sentence stand in for named entities.
    for m in _NAME.finditer(doc.text):
        _count_subject(state, m.group(1), "name", page)


def singular(word: str) -> str:
    """The singular of a regular English plural noun ("stories" -> "story")."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        return word[:-1]
    return word


def _context(ws: list[str], i: int, n: int) -> str:
    lo = max(0, min(i - n // 2, len(ws) - n))
    return " ".join(ws[lo : lo + n])


def _note_words(state: _State, sentence_words: list[str], page: int) -> None:
    s = state.settings
    for i, w in enumerate(sentence_words):
        if len(w) < 5 or not w.islower() or not w.isalpha() or w in STOPWORDS:
            continue
        seen = state.rare.get(w)
        if seen is not None:
            seen.count += 1
            continue
        z = zipf(w)
        if z >= s.rare_zipf:
            continue
        state.rare[w] = _WordSeen(z, 1, page, _context(sentence_words, i, s.context_words))
    if len(state.rare) > _MAX_WORD_KEYS:
        # Unknown-to-wordfreq words met once are mostly typos and broken OCR: they go first.
        ranked = sorted(
            state.rare.items(),
            key=lambda kv: (kv[1].zipf == 0 and kv[1].count < 2, kv[1].zipf, kv[0]),
        )
        state.rare = dict(ranked[: _MAX_WORD_KEYS // 2])


def _note_sentence(state: _State, sentence: str, sentence_words: list[str], page: int) -> None:
    s = state.settings
    if not 60 <= len(sentence) <= s.max_excerpt_chars or not _EXCERPT_OK.match(sentence):
        return
    letters = sum(c.isalpha() for c in sentence)
    if letters < 0.75 * len(sentence) or not sentence.rstrip("\"'\u201d\u2019)").endswith(
        (".", "!", "?")
    ):
        return
    # Run-together words (a table flattened by the PDF's text layer) are not prose.
    if len(sentence_words) < 8 or max(len(w) for w in sentence_words) > 24:
        return
    content = {w.lower() for w in sentence_words if len(w) > 3 and w.lower() not in STOPWORDS}
    moral = sum(1 for w in content if w in state.lexicon.entries)
    score = len(content) / max(1, len(sentence_words)) * math.log(len(sentence)) + 0.5 * moral
    state.tiebreak += 1
    item = (score, -state.tiebreak, sentence, page)
    limit = max(8, 8 * s.max_excerpts)
    if len(state.candidates) < limit:
        heapq.heappush(state.candidates, item)
    elif item > state.candidates[0]:
        heapq.heapreplace(state.candidates, item)


def _close_section(state: _State) -> None:
    sec = state.section
    if sec is None or sec.pages == 0:
        state.section = None
        return
    themes = tuple(
        Theme(phrase=p, score=sc)
        for p, sc in key_phrases(sec.graph, state.settings.max_chapter_themes)
    )
    title = sec.title or (
        f"pages {sec.first_page}-{sec.last_page}"
        if sec.last_page != sec.first_page
        else f"page {sec.first_page}"
    )
    state.chapters.append(
        ChapterSummary(
            index=sec.index,
            title=title,
            first_page=sec.first_page,
            last_page=sec.last_page,
            words=sec.morals.words,
            themes=themes,
            salience=salience(sec.morals),
        )
    )
    state.graph.merge(sec.graph)
    state.morals.merge(sec.morals)
    state.section = None


def _section_for(state: _State, page: Page) -> _Section:
    s = state.settings
    sec = state.section
    full = len(state.chapters) + 1 >= s.max_chapters
    if (
        sec is not None
        and not full
        and (
            page.starts is not None
            or (sec.title is None and page.number - sec.first_page >= s.pages_per_section)
        )
    ):
        _close_section(state)
        sec = None
    if sec is None:
        sec = _Section(
            index=len(state.chapters) + 1,
            title=page.starts,
            first_page=page.number,
            last_page=page.number,
        )
        state.section = sec
    return sec


def _fold_page(state: _State, page: Page, text: str, nlp_doc: Any, trained: bool) -> None:
    state.pages += 1
    sec = _section_for(state, page)
    sec.last_page = page.number
    if sum(c.isalpha() for c in text[:2000]) < _MIN_LETTERS:
        return
    state.pages_with_text += 1
    sec.pages += 1
    if state.first_line is None:
        state.first_line = next(
            (
                ln.strip()
                for ln in text.splitlines()
                if sum(c.isalpha() for c in ln) >= 3 and len(ln) <= 120
            ),
            "",
        )
    lower = [w.lower() for w in words(text)]
    state.words += len(lower)
    state.function_words.update(w for w in lower if len(w) <= 4)
    sec.graph.add(candidate_phrases(phrase_tokens(text)))
    sec.morals.add(state.lexicon, lower)
    if nlp_doc is not None:
        _nlp_subjects(state, nlp_doc, page.number, trained)
    for sentence in sentences(text):
        sw = words(sentence)
        _note_words(state, sw, page.number)
        _note_sentence(state, sentence, sw, page.number)


# -- the fold ------------------------------------------------------------------------------------


def _cleaned(
    state: _State, pages: Iterable[Page], ner_chars: int
) -> Iterator[tuple[str, tuple[Page, str]]]:
    for page in pages:
        text = state.cleaner.clean(page.text)
        head = text[:ner_chars]
        cut = max(head.rfind(". "), head.rfind("\n"))
        yield (head[: cut + 1] if cut > ner_chars // 2 else head), (page, text)


def distill(
    info: DocumentInfo,
    pages: Iterable[Page],
    nlp: SpacyLanguage | None,
    settings: LiteratureSettings,
    lexicon: Lexicon,
    progress: PageProgress = no_page_progress,
) -> Distillation:
    """Fold the pages of one document into its Distillation. `nlp` (a spaCy pipeline, trained
    or blank) reads the first `ner_chars_per_page` characters of each page for named subjects;
    None skips that. Raises ImageOnlyDocument when no page has text."""
    started = time.perf_counter()
    state = _State(settings=settings, lexicon=lexicon)
    trained = nlp is not None and "ner" in nlp.pipe_names
    stream = _cleaned(state, pages, settings.ner_chars_per_page)
    if nlp is not None and settings.ner_chars_per_page > 0:
        # nlp.pipe buffers a small batch of page heads; the rest of each page waits beside it.
        docs: Iterable[tuple[Any, tuple[Page, str]]] = nlp.pipe(
            stream, as_tuples=True, batch_size=16
        )
    else:
        docs = ((None, ctx) for _, ctx in stream)
    for nlp_doc, (page, text) in docs:
        _fold_page(state, page, text, nlp_doc, trained)
        progress(page.number, max(info.page_count, page.number))
    _close_section(state)
    if state.pages_with_text == 0:
        raise ImageOnlyDocument(
            str(info.path),
            f"none of its {state.pages} pages has a text "
            "layer (a scan?); OCR is not available offline",
        )
    return _result(info, state, nlp, time.perf_counter() - started)


def _result(
    info: DocumentInfo, state: _State, nlp: SpacyLanguage | None, seconds: float
) -> Distillation:
    s = state.settings
    themes = tuple(Theme(phrase=p, score=sc) for p, sc in key_phrases(state.graph, s.max_themes))
    subjects = _top_subjects(state)
    language = info.language or guess_language(state.function_words)
    new_words = _word_candidates(state) if language in (None, "en") else ()
    excerpts = _excerpts(state, themes, subjects)
    title = info.title or state.first_line or _fallback_title(info)
    return Distillation(
        doc_id=info.doc_id,
        sha256=info.sha256,
        path=str(info.path),
        format=info.format,
        title=title,
        author=info.author,
        year=info.year,
        language=language,
        page_count=state.pages,
        pages_with_text=state.pages_with_text,
        words=state.words,
        pipeline=_pipeline_name(nlp),
        themes=themes,
        salience=salience(state.morals),
        polarity=polarity(state.morals),
        subjects=subjects,
        word_candidates=new_words,
        excerpts=excerpts,
        chapters=tuple(state.chapters),
        seconds=round(seconds, 4),
    )


def _pipeline_name(nlp: SpacyLanguage | None) -> str:
    if nlp is None:
        return "none"
    meta = getattr(nlp, "meta", {}) or {}
    return f"{meta.get('lang', 'en')}_{meta.get('name', 'blank')}" if nlp.pipe_names else "blank"


def _fallback_title(info: DocumentInfo) -> str:
    stem = info.path.stem.replace("_", " ").replace("-", " ").strip()
    return stem or info.sha256[:12]


def _top_subjects(state: _State) -> tuple[Subject, ...]:
    limit = state.settings.max_subjects
    named_weight = 1.5
    ranked = sorted(
        (
            (count * (1.0 if kind == "concept" else named_weight), name, kind, count)
            for (name, kind), count in state.subjects.items()
            if count >= 2
        ),
        key=lambda r: (-r[0], r[1], r[2]),
    )
    out: list[Subject] = []
    seen: set[str] = set()
    for _, name, kind, count in ranked:
        if name.lower() in seen:
            continue
        seen.add(name.lower())
        out.append(
            Subject(name=name, kind=kind, count=count, first_page=state.subject_page[(name, kind)])
        )
        if len(out) == limit:
            break
    return tuple(out)


def _word_candidates(state: _State) -> tuple[NewWord, ...]:
    limit = 3 * state.settings.max_new_words
    ranked = sorted(
        ((w, seen) for w, seen in state.rare.items() if seen.zipf > 0 or seen.count >= 3),
        key=lambda ws: (ws[1].zipf if ws[1].zipf > 0 else 9.0, -ws[1].count, ws[0]),
    )
    return tuple(
        NewWord(
            word=w, zipf=round(seen.zipf, 2), count=seen.count, page=seen.page, context=seen.context
        )
        for w, seen in ranked[:limit]
    )


def _excerpts(
    state: _State, themes: tuple[Theme, ...], subjects: tuple[Subject, ...]
) -> tuple[Excerpt, ...]:
    """The best candidate sentences, re-scored by the document's own themes and subjects,
    at most one per page, in page order."""
    theme_words = {w for t in themes for w in t.phrase.split()}
    names = [s.name for s in subjects[:10]]
    rescored = []
    for score, tiebreak, sentence, page in state.candidates:
        lower = {w.lower() for w in words(sentence)}
        bonus = len(lower & theme_words) + sum(1 for n in names if n in sentence)
        rescored.append((score + bonus, tiebreak, sentence, page))
    rescored.sort(reverse=True)
    chosen: list[Excerpt] = []
    pages: set[int] = set()
    for score, _, sentence, page in rescored:
        if page in pages:
            continue
        pages.add(page)
        chosen.append(Excerpt(text=sentence, page=page, score=round(score, 4)))
        if len(chosen) == state.settings.max_excerpts:
            break
    return tuple(sorted(chosen, key=lambda e: e.page))


__all__ = [
    "FOUNDATIONS",
    "ChapterSummary",
    "Distillation",
    "Excerpt",
    "NewWord",
    "Subject",
    "Theme",
    "distill",
]
