"""WordNet 3.0's database, read offline from Debian's `wordnet-base` (/usr/share/wordnet) with
nltk's WordNetCorpusReader: the one loader, shared by answers by meaning (language/lexicon.py)
and reading's themes (literature/wordnet.py). Nothing is downloaded: without the files (or nltk)
`wordnet()` is None and each caller says how it falls back.

Debian ships the database without the `lexnames` index nltk reads first; it is the fixed list of
WordNet 3.0's 45 lexicographer files, kept as data (data/wordnet_lexnames).
"""

from __future__ import annotations

import gc
import io
import os
import threading
import warnings
from importlib.resources import files
from pathlib import Path
from typing import Any

#: Where Debian's wordnet-base puts the database; RESIDENT_WORDNET overrides it.
DEFAULT_ROOT = Path("/usr/share/wordnet")

_lock = threading.Lock()
_reader: list[Any] = []


def root() -> Path:
    return Path(os.environ.get("RESIDENT_WORDNET", str(DEFAULT_ROOT)))


def wordnet() -> Any | None:
    """The WordNet reader, loaded once per process (about a second), or None when the database
    or nltk is not installed."""
    with _lock:
        if _reader:
            return _reader[0]
        _reader.append(_load(root()))
        return _reader[0]


def _load(root: Path) -> Any | None:
    if not (root / "data.noun").is_file():
        return None
    try:
        import nltk.data
        from nltk.corpus.reader.wordnet import WordNetCorpusReader
    except ImportError:
        return None
    # nltk reads corpora only under the roots on its data path.
    if str(root) not in nltk.data.path:
        nltk.data.path.append(str(root))
    lexnames = files("resident.language").joinpath("data/wordnet_lexnames").read_text()

    class _Reader(WordNetCorpusReader):
        def open(self, fileid: str) -> Any:
            if fileid == "lexnames" and not (root / "lexnames").is_file():
                return io.StringIO(lexnames)
            return super().open(fileid)

        def _scan_satellites(self) -> None:
            # Adjective satellites are read as plain adjectives: only nouns are themes.
            self.satellite_offsets: set[int] = set()

        def _load_lemma_pos_offset_map(self) -> None:
            # nltk parses all 155,000 index lines up front (5 s here); they are parsed on use.
            self._lemma_pos_offset_map = _LazyIndex(root)

        def map_wn(self, version: str = "wordnet") -> None:
            # The mapping to other WordNet versions serves the multilingual data, not read here.
            return None

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "the multilingual functions are not available"
        return _Reader(str(root), None)


class _LazyIndex(dict[str, dict[str, list[int]]]):
    """lemma -> {pos: synset offsets}, as nltk builds it, but each index line is parsed the
    first time its lemma is asked for."""

    def __init__(self, root: Path) -> None:
        super().__init__()
        self._raw: dict[str, list[str]] = {}
        for suffix in ("adj", "adv", "noun", "verb"):
            with (root / f"index.{suffix}").open(encoding="utf-8") as fh:
                for line in fh:
                    if not line.startswith(" "):
                        self._raw.setdefault(line.split(" ", 1)[0], []).append(line)

    def __contains__(self, lemma: object) -> bool:
        return dict.__contains__(self, lemma) or lemma in self._raw

    def __iter__(self) -> Any:
        return iter(self._raw)

    def __missing__(self, lemma: str) -> dict[str, list[int]]:
        value: dict[str, list[int]] = {}
        for line in self._raw.get(lemma, ()):
            tokens = line.split()
            pos, n_synsets, n_pointers = tokens[1], int(tokens[2]), int(tokens[3])
            start = 4 + n_pointers + 2
            value[pos] = [int(t) for t in tokens[start : start + n_synsets]]
            if pos == "a":
                # Satellites are not told apart (nltk would scan data.adj for them).
                value["s"] = value[pos]
        self[lemma] = value
        return value


def trim() -> None:
    """Drop the synsets nltk cached while a document was scored (each document looks up its
    own words; a library read in one process should not keep them all)."""
    wn = _reader[0] if _reader else None
    cache = getattr(wn, "_synset_offset_cache", None)
    if cache is not None:
        cache.clear()
        if gc.get_freeze_count():
            # nltk's synsets and their lemmas refer to each other: dropped, they are garbage
            # only the cyclic collector frees. With what is loaded for good frozen (the
            # reading child freezes it), a collection sees only the document's own objects.
            gc.collect()


def installed() -> bool:
    """Whether WordNet can be loaded here (the database and nltk), without loading it."""
    import importlib.util

    return (root() / "data.noun").is_file() and importlib.util.find_spec("nltk") is not None
