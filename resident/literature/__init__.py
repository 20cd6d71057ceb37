"""Literature: MAX reads a book or a paper, keeps the understanding, drops the text.

`read_document(graph, path, now, settings)` is what `resident read`, the `literature` flow and
the benchmark call: open (reader), distill page by page (distill), write the distillation
(memory). `distill_file` is the graph-free half the flow fans out.
"""

from __future__ import annotations

import gc
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from resident.config import Settings
from resident.config_reading import LiteratureSettings
from resident.literature import wordnet
from resident.literature.distill import (
    ChapterSummary,
    Distillation,
    Excerpt,
    NewWord,
    PageProgress,
    Subject,
    Theme,
    distill,
    no_page_progress,
)
from resident.literature.memory import ReadingReport, recall, remember
from resident.literature.morals import load_lexicon
from resident.literature.reader import DocumentInfo, content_hash, open_document
from resident.memory.client import GraphStore
from resident.places import Policy

if TYPE_CHECKING:
    from spacy.language import Language as SpacyLanguage

__all__ = [
    "ChapterSummary",
    "Distillation",
    "DocumentInfo",
    "Excerpt",
    "NewWord",
    "PageProgress",
    "ReadingReport",
    "Subject",
    "Theme",
    "distill_checked",
    "distill_file",
    "distill_with",
    "keep_loaded",
    "read_document",
    "reading_pipeline",
    "recall",
    "remember",
]


_pipelines: dict[str, SpacyLanguage] = {}
_pipelines_lock = threading.Lock()


def reading_pipeline(setting: str) -> SpacyLanguage:
    """The spaCy pipeline for reading: the trained one's entity recogniser, else blank("en").
    Loaded once per process."""
    import spacy

    from resident.language.pipeline import resolve_pipeline_name

    name = resolve_pipeline_name(setting)
    with _pipelines_lock:
        nlp = _pipelines.get(name)
        if nlp is None:
            # Reading uses the pipeline only to type names: the entity recogniser and the
            # token vectors it listens to; the tagger, parser and lemmatizer are not loaded.
            nlp = (
                spacy.blank("en")
                if name == "blank"
                else spacy.load(name, exclude=["lemmatizer", "parser", "tagger", "attribute_ruler"])
            )
            _pipelines[name] = nlp
        return nlp


_frozen: list[bool] = []


def keep_loaded() -> None:
    """Once per process, once the pipeline and WordNet are loaded: what they hold is moved out
    of the cyclic collector's way (gc.freeze), so what a document's WordNet lookups leave
    behind is freed every few pages (wordnet.trim) for the cost of the document's own objects,
    not the half a million the pipeline holds. `distill_with` runs it on its loading thread
    after the loads; a benchmark calls it before its clock, as it loads the pipeline."""
    with _pipelines_lock:
        if _frozen:
            return
        _frozen.append(True)
    gc.collect()
    gc.freeze()


def distill_file(
    path: Path | str, settings: Settings, progress: PageProgress = no_page_progress
) -> Distillation:
    """Open and distill one document in this process; UnreadableDocument (typed, naming the
    file and the reason) before anything is written. Flows and `resident read` go through
    `distill_checked` instead: a checked path, a budgeted child process."""
    return distill_with(Path(path), settings.literature, progress)


def distill_with(
    path: Path, lit: LiteratureSettings, progress: PageProgress = no_page_progress
) -> Distillation:
    """distill_file given only the reading settings (what the budgeted child is handed)."""
    # Opened (and an archive checked) before the pipeline loads: a refusal costs no model.
    # WordNet and the spaCy pipeline then load on a side thread while the first pages are read
    # (they are needed only once the pages are folded), so the progress moves from page one.
    with (
        open_document(Path(path), lit.text_page_chars, lit) as doc,
        ThreadPoolExecutor(1, thread_name_prefix="reading-load") as loader,
    ):
        if wordnet.installed():
            loader.submit(wordnet.wordnet)
        nlp = loader.submit(reading_pipeline, lit.pipeline) if lit.ner else None
        loader.submit(keep_loaded)
        found = distill(doc.info, doc.pages(), nlp, lit, load_lexicon(), progress)
        warnings = doc.warnings()
    return found.model_copy(update={"warnings": warnings}) if warnings else found


def distill_checked(
    path: Path | str,
    settings: Settings,
    policy: Policy,
    progress: PageProgress = no_page_progress,
) -> Distillation:
    """The path checked against `policy` (ReadRefused naming the path and the rule), then read
    in a child process under literature.max_memory_mb and max_cpu_seconds."""
    from resident.literature.sandbox import distill_bounded

    return distill_bounded(policy.check(path), settings.literature, progress)


def read_document(
    graph: GraphStore,
    path: Path | str,
    now: datetime,
    settings: Settings,
    progress: PageProgress = no_page_progress,
) -> ReadingReport:
    """Read one document and remember what it taught. A document the graph already holds (same
    content hash) is not distilled again: its reading is recalled, and nothing changes."""
    p = Path(path)
    if p.is_file():
        known = recall(graph, f"doc:{content_hash(p)}", str(p))
        if known is not None:
            progress(known.distillation.page_count, known.distillation.page_count)
            return known
    return remember(graph, distill_file(path, settings, progress), now, settings)
