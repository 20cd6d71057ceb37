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
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from resident.config import LiteratureSettings
from resident.errors import ImageOnlyDocument
from resident.literature import wordnet
from resident.literature.metadata import author_from, looks_junk, title_from
from resident.literature.morals import FOUNDATIONS, Lexicon, MoralTally, polarity, salience
from resident.literature.names import NameTally, PersonCues, type_names
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
from resident.literature.themes import ScoredTheme, ThemeTally, prose_lines, score_themes

if TYPE_CHECKING:
    from spacy.language import Language as SpacyLanguage

#: progress(pages_done, page_count)
PageProgress = Callable[[int, int], None]

_MIN_LETTERS = 20
_MAX_WORD_KEYS = 5_000
#: Words on a page kept as the company its names keep (the most repeated, not the commonest).
_AROUND_WORDS = 6
#: What shows a name is a person's: a title before it, narration having it speak or think.
_PERSON_CUES = PersonCues(wordnet.names_a_person, wordnet.reported_speech, wordnet.speaker_verb)
#: Words of a chapter kept to name its themes at the end.
_CHAPTER_WORDS = 200
_TRIM_EVERY = 32
_EXCERPT_OK = re.compile(r"^[\"'\u201c\u2018(]?[A-Z]")
#: An excerpt is a sentence of the body: no code, no "Returns: ..." reference entry.
_NOT_PROSE = re.compile(r"[*(){}\[\];:=<>_/\\|#@$]")


def no_page_progress(done: int, total: int) -> None:
    """The default progress sink: report nothing."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class Subject(_Frozen):
    """Someone or something the document names, and what the document says about it: the
    pages it is on, what it "is" there, the subjects and words it keeps company with."""

    name: str
    kind: str
    count: int
    first_page: int
    pages: tuple[int, ...] = ()
    page_count: int = 0
    #: ("a standard notation", page): from "X is a standard notation for ..." (five words at most).
    described_as: tuple[tuple[str, int], ...] = ()
    #: (other subject, pages together), most first.
    appears_with: tuple[tuple[str, int], ...] = ()
    #: (a theme word, pages together), most first.
    associated_with: tuple[tuple[str, int], ...] = ()


class Theme(_Frozen):
    """A theme: a noun or a two-word phrase, with the nouns WordNet groups under it."""

    phrase: str
    score: float
    related: tuple[str, ...] = ()


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
    #: "wordnet", or "textrank" when WordNet is not installed (key phrases, not themes).
    themes_from: str
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
    tally: ThemeTally = field(default_factory=ThemeTally)
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
    #: WordNet is installed: themes from nouns; else TextRank key phrases (said in the result).
    use_wordnet: bool = True
    cleaner: PageCleaner = field(default_factory=PageCleaner)
    tally: ThemeTally = field(default_factory=ThemeTally)
    graph: PhraseGraph = field(default_factory=PhraseGraph)
    morals: MoralTally = field(default_factory=MoralTally)
    names: NameTally = field(default_factory=NameTally)
    chapter_tallies: list[ThemeTally] = field(default_factory=list)
    rare: dict[str, _WordSeen] = field(default_factory=dict)
    function_words: Counter[str] = field(default_factory=Counter)
    candidates: list[tuple[float, int, str, int]] = field(default_factory=list)
    chapters: list[ChapterSummary] = field(default_factory=list)
    section: _Section | None = None
    pages: int = 0
    pages_with_text: int = 0
    words: int = 0
    tiebreak: int = 0
    #: The first line of the first page with text: the title when nothing better is found.
    first_line: str | None = None


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
    if _NOT_PROSE.search(sentence):
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
    limit = state.settings.max_chapter_themes
    themes: tuple[Theme, ...] = ()
    if state.use_wordnet:
        # Scored once the pages are read (WordNet may still be loading): the chapter's most
        # used words are kept for that, a bounded few per chapter.
        state.chapter_tallies.append(sec.tally.top(_CHAPTER_WORDS))
    else:
        themes = tuple(Theme(phrase=p, score=sc) for p, sc in key_phrases(sec.graph, limit))
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
    state.tally.merge(sec.tally)
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


def _fold_page(state: _State, page: Page, text: str) -> None:
    state.pages += 1
    if state.pages % _TRIM_EVERY == 0:
        # The synsets nltk caches for the names' lookups would grow with the book.
        wordnet.trim()
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
    sec.morals.add(state.lexicon, lower)
    # Themes, names and excerpts come from the page's prose: a table of contents, an index, a
    # code listing or a table row never yields one.
    prose = prose_lines(text)
    page_words = sec.tally.add_text(prose)
    if not state.use_wordnet:
        sec.graph.add(candidate_phrases(phrase_tokens(text)))
    page_sentences = sentences("\n".join(prose))
    around = [w for w, n in page_words.most_common(4 * _AROUND_WORDS) if n >= 2 and zipf(w) < 5.0]
    state.names.add_page(
        page_sentences,
        page.number,
        around[:_AROUND_WORDS],
        wordnet.is_common_word,
        _PERSON_CUES,
    )
    for sentence in page_sentences:
        sw = words(sentence)
        _note_words(state, sw, page.number)
        _note_sentence(state, sentence, sw, page.number)


# -- the fold ------------------------------------------------------------------------------------


def distill(
    info: DocumentInfo,
    pages: Iterable[Page],
    nlp: SpacyLanguage | Future[SpacyLanguage] | None,
    settings: LiteratureSettings,
    lexicon: Lexicon,
    progress: PageProgress = no_page_progress,
) -> Distillation:
    """Fold the pages of one document into its Distillation. `nlp` (a spaCy pipeline) types the
    document's most frequent names once the pages are read; None or a blank pipeline leaves
    them untyped ("name", or "term" for an acronym). Raises ImageOnlyDocument when no page has
    text."""
    started = time.perf_counter()
    state = _State(settings=settings, lexicon=lexicon, use_wordnet=wordnet.installed())
    for page in pages:
        _fold_page(state, page, state.cleaner.clean(page.text))
        progress(page.number, max(info.page_count, page.number))
    _close_section(state)
    if state.pages_with_text == 0:
        raise ImageOnlyDocument(
            str(info.path),
            f"none of its {state.pages} pages has a text "
            "layer (a scan?); OCR is not available offline",
        )
    pipeline = nlp.result() if isinstance(nlp, Future) else nlp
    try:
        return _result(info, state, pipeline, time.perf_counter() - started)
    finally:
        wordnet.trim()


def _chapter_themes(tally: ThemeTally, limit: int, index: int) -> list[ScoredTheme]:
    if index % _TRIM_EVERY == 0:
        # A book of many chapters looks up many words: nltk's synsets go as they do per page.
        wordnet.trim()
    return score_themes(tally, zipf, limit, group=False)


def _result(
    info: DocumentInfo, state: _State, nlp: SpacyLanguage | None, seconds: float
) -> Distillation:
    s = state.settings
    if state.use_wordnet:
        themes = tuple(
            Theme(phrase=t.phrase, score=t.score, related=t.related)
            for t in score_themes(state.tally, zipf, s.max_themes)
        )
    else:
        themes = tuple(
            Theme(phrase=p, score=sc) for p, sc in key_phrases(state.graph, s.max_themes)
        )
    chapters = tuple(state.chapters)
    if state.use_wordnet:
        chapters = tuple(
            ch.model_copy(
                update={
                    "themes": tuple(
                        Theme(phrase=t.phrase, score=t.score)
                        for t in _chapter_themes(tally, s.max_chapter_themes, ch.index)
                    )
                }
            )
            for ch, tally in zip(chapters, state.chapter_tallies, strict=True)
        )
    subjects = _top_subjects(state, nlp, themes)
    language = info.language or guess_language(state.function_words)
    new_words = _word_candidates(state) if language in (None, "en") else ()
    excerpts = _excerpts(state, themes, subjects)
    found_title = title_from(info.head_lines) if looks_junk(info.title) else None
    title = info.title or found_title or state.first_line or _fallback_title(info)
    author = info.author or author_from(info.head_lines, title, wordnet.is_common_word)
    return Distillation(
        doc_id=info.doc_id,
        sha256=info.sha256,
        path=str(info.path),
        format=info.format,
        title=title,
        author=author,
        year=info.year,
        language=language,
        page_count=state.pages,
        pages_with_text=state.pages_with_text,
        words=state.words,
        pipeline=_pipeline_name(nlp),
        themes_from="wordnet" if state.use_wordnet else "textrank",
        themes=themes,
        salience=salience(state.morals),
        polarity=polarity(state.morals),
        subjects=subjects,
        word_candidates=new_words,
        excerpts=excerpts,
        chapters=chapters,
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


def _top_subjects(
    state: _State, nlp: SpacyLanguage | None, themes: tuple[Theme, ...]
) -> tuple[Subject, ...]:
    """The most named people, places, organisations and terms, each with what the document
    says about it."""
    tally = state.names
    typed = type_names(
        tally, state.settings.max_subjects, nlp, wordnet.is_common_word, wordnet.head_kind
    )
    kept = {t.name for t in typed}
    theme_words = {w for t in themes for p in (t.phrase, *t.related) for w in p.split()}
    with_: dict[str, Counter[str]] = {n: Counter() for n in kept}
    for (a, b), n in tally.together.items():
        if a in kept and b in kept:
            with_[a][b] += n
            with_[b][a] += n
    around: dict[str, Counter[str]] = {n: Counter() for n in kept}
    for (name, w), n in tally.around.items():
        if name in kept and (w in theme_words or not state.use_wordnet or _noun(w)):
            around[name][w] += n
    return tuple(
        Subject(
            name=t.name,
            kind=t.kind,
            count=tally.counts[t.name],
            first_page=tally.pages[t.name][0],
            pages=tuple(tally.pages[t.name]),
            page_count=tally.page_count[t.name],
            described_as=tuple(
                (p, page) for p, page in tally.described.get(t.name, []) if _noun(p.split()[-1])
            ),
            appears_with=tuple(_top(with_[t.name], 5)),
            associated_with=tuple(_top(around[t.name], 5)),
        )
        for t in typed
    )


def _noun(word: str) -> bool:
    return wordnet.noun_sense(word) is not None


def _top(counts: Counter[str], n: int) -> list[tuple[str, int]]:
    return [(k, v) for k, v in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])) if v >= 2][:n]


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
    texts: set[str] = set()
    for score, _, sentence, page in rescored:
        key = " ".join(w.lower() for w in words(sentence))
        if page in pages or key in texts:
            continue
        pages.add(page)
        texts.add(key)
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
