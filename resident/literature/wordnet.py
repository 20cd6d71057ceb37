"""WordNet 3.0, read offline from Debian's `wordnet-base` (/usr/share/wordnet) through nltk's
WordNetCorpusReader. Nothing is downloaded: without the files (or nltk) `wordnet()` is None and
reading falls back to TextRank key phrases, saying so in the distillation (`themes_from`).

Debian ships the database without the `lexnames` index nltk reads first; it is the fixed list of
WordNet 3.0's 45 lexicographer files, kept here as a data file.
"""

from __future__ import annotations

import functools
import io
import os
import threading
import warnings
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

#: Where Debian's wordnet-base puts the database; RESIDENT_WORDNET overrides it.
DEFAULT_ROOT = Path("/usr/share/wordnet")

#: Lexicographer files whose nouns can be a theme, and how much: abstract ideas and situations
#: count fully, concrete things (the topics of a manual are often artifacts) half. People, times
#: and quantities are never themes (people stay subjects; "moment" and "half" are filler).
LEXNAME_WEIGHT = {
    "noun.act": 1.0,
    "noun.attribute": 1.0,
    "noun.cognition": 1.0,
    "noun.communication": 1.0,
    "noun.event": 1.0,
    "noun.feeling": 1.0,
    "noun.motive": 1.0,
    "noun.phenomenon": 1.0,
    "noun.possession": 1.0,
    "noun.process": 1.0,
    "noun.relation": 1.0,
    "noun.state": 1.0,
    "noun.group": 0.8,
    "noun.artifact": 0.6,
    "noun.object": 0.4,
    "noun.substance": 0.4,
    "noun.location": 0.4,
    "noun.shape": 0.4,
    "noun.body": 0.4,
    "noun.food": 0.3,
    "noun.plant": 0.3,
    "noun.animal": 0.3,
}

_lock = threading.Lock()
_reader: list[Any] = []


@dataclass(frozen=True)
class NounSense:
    """A word read as a common noun: its lemma, its most frequent sense and that sense's
    lexicographer file, and the sense's hypernyms up to the root (nearest first)."""

    lemma: str
    synset: str
    lexname: str
    hypernyms: tuple[str, ...]

    @property
    def weight(self) -> float:
        return LEXNAME_WEIGHT.get(self.lexname, 0.0)


def _root() -> Path:
    return Path(os.environ.get("RESIDENT_WORDNET", str(DEFAULT_ROOT)))


def wordnet() -> Any | None:
    """The WordNet reader, loaded once per process (about a second), or None when the database
    or nltk is not installed."""
    with _lock:
        if _reader:
            return _reader[0]
        _reader.append(_load(_root()))
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
    lexnames = files("resident.literature").joinpath("data/wordnet_lexnames").read_text()

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


def installed() -> bool:
    """Whether WordNet can be loaded here (the database and nltk), without loading it."""
    import importlib.util

    return (_root() / "data.noun").is_file() and importlib.util.find_spec("nltk") is not None


@functools.lru_cache(maxsize=100_000)
def noun_sense(word: str) -> NounSense | None:
    """`word` (lower case) as a common noun whose most frequent reading is the noun one, or None:
    "marriage" is a noun; "think" and "good" are not (their verb or adjective senses are tagged
    far more often in WordNet's sense-tagged corpus)."""
    wn = wordnet()
    if wn is None or not word.isalpha():
        return None
    lemma = wn.morphy(word, "n")
    if lemma is None:
        return None
    synsets = wn.synsets(lemma, "n")
    if not synsets:
        return None
    noun_count = _tagged(wn, lemma, "n")
    for pos in ("v", "a", "r"):
        # Every base form ("felt" is felt and feel as verbs), the most used one decides.
        others = wn._morphy(word, pos, check_exceptions=True)
        if any(_tagged(wn, other, pos) > noun_count for other in others):
            return None
    first = synsets[0]
    # nltk builds the paths through a set: the shortest (then by name) is the same every run.
    paths = first.hypernym_paths() or [[first]]
    path = min(paths, key=lambda p: (len(p), [x.name() for x in p]))
    return NounSense(
        lemma=lemma,
        synset=first.name(),
        lexname=first.lexname(),
        hypernyms=tuple(s.name() for s in reversed(path[:-1])),
    )


def _tagged(wn: Any, lemma: str, pos: str) -> int:
    """How often `lemma` was tagged in this part of speech in WordNet's sense-tagged corpus."""
    return _tag_counts().get((lemma.lower(), "a" if pos == "s" else pos), 0)


#: WordNet's sense-key part-of-speech digits.
_SS_TYPE = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}


@functools.lru_cache(maxsize=1)
def _tag_counts() -> dict[tuple[str, str], int]:
    """(lemma, pos) -> tagged count, summed over its senses, read once from cntlist.rev (nltk
    looks each sense up with a binary search in the file: thousands of seeks per book)."""
    counts: dict[tuple[str, str], int] = {}
    path = _root() / "cntlist.rev"
    if not path.is_file():
        return counts
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            key, _, count = line.split()
            lemma, _, rest = key.partition("%")
            k = (lemma, _SS_TYPE.get(rest[:1], "n"))
            counts[k] = counts.get(k, 0) + int(count)
    return counts


@functools.lru_cache(maxsize=100_000)
def is_word(word: str) -> bool:
    """Whether WordNet knows `word` (lower case) in any part of speech."""
    wn = wordnet()
    if wn is None:
        return False
    return any(wn.morphy(word, pos) is not None for pos in ("n", "v", "a", "r"))


@functools.lru_cache(maxsize=100_000)
def is_common_word(word: str) -> bool:
    """Whether `word` (lower case) is a common English word: WordNet has it in lower case
    ("bath", "license"), not only as a name ("Lisbon", "Russell")."""
    wn = wordnet()
    if wn is None:
        return False
    for pos in ("n", "v", "a", "r"):
        for base in wn._morphy(word, pos, check_exceptions=True):
            if any(lm.name().islower() for lm in wn.lemmas(base, pos)):
                return True
    return False


def depth(synset: str) -> int:
    wn = wordnet()
    return 0 if wn is None else int(wn.synset(synset).min_depth())
