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
from array import array
from bisect import bisect_left
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
    first time its lemma is asked for. The index files are held as they are on disk (6 MB of
    bytes) with the start of each entry's line, sorted by lemma, and a lemma's lines are found
    by binary search: a dict of every lemma's lines held 38 MiB of small Python objects in
    each process that answers by meaning (the morning quiz: benchmarks/RESULTS-learning.md
    section 22)."""

    def __init__(self, root: Path) -> None:
        super().__init__()
        self._files: list[tuple[bytes, array[int]]] = []
        for suffix in ("adj", "adv", "noun", "verb"):
            body = (root / f"index.{suffix}").read_bytes()
            starts = array("l")
            at = 0
            while at < len(body):
                end = body.find(b"\n", at)
                end = len(body) if end < 0 else end + 1
                if body[at : at + 1] not in (b" ", b"\n"):  # the licence's lines start with one
                    starts.append(at)
                at = end
            if not _sorted(body, starts):
                # WordNet's files are sorted by lemma; one that is not is sorted here.
                starts = array("l", sorted(starts, key=lambda i: _key(body, i)))
            self._files.append((body, starts))

    def _lines(self, lemma: str) -> list[str]:
        """The lemma's index lines, one a file that has it, in the files' order."""
        key = lemma.encode("utf-8")
        out = []
        for body, starts in self._files:
            i = bisect_left(starts, key, key=lambda at: _key(body, at))
            if i < len(starts) and _key(body, starts[i]) == key:
                at = starts[i]
                end = body.find(b"\n", at)
                out.append(body[at : end if end >= 0 else len(body)].decode("utf-8") + "\n")
        return out

    def __contains__(self, lemma: object) -> bool:
        if dict.__contains__(self, lemma):
            return True
        return isinstance(lemma, str) and bool(self._lines(lemma))

    def __iter__(self) -> Any:
        # Every lemma once, in the order of the files and of their lines (as nltk's map).
        seen: set[bytes] = set()
        for body, starts in self._files:
            for at in starts:
                key = _key(body, at)
                if key not in seen:
                    seen.add(key)
                    yield key.decode("utf-8")

    def __missing__(self, lemma: str) -> dict[str, list[int]]:
        value: dict[str, list[int]] = {}
        for line in self._lines(lemma):
            tokens = line.split()
            pos, n_synsets, n_pointers = tokens[1], int(tokens[2]), int(tokens[3])
            start = 4 + n_pointers + 2
            value[pos] = [int(t) for t in tokens[start : start + n_synsets]]
            if pos == "a":
                # Satellites are not told apart (nltk would scan data.adj for them).
                value["s"] = value[pos]
        self[lemma] = value
        return value


def _sorted(body: bytes, starts: array[int]) -> bool:
    return all(_key(body, a) <= _key(body, b) for a, b in zip(starts, starts[1:], strict=False))


def _key(body: bytes, at: int) -> bytes:
    """The lemma of the index line starting at `at`: its first word."""
    return body[at : body.index(b" ", at)]


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
