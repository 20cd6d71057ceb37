"""WordNet 3.0, read offline from Debian's `wordnet-base` (/usr/share/wordnet) through nltk's
WordNetCorpusReader. Nothing is downloaded: without the files (or nltk) `wordnet()` is None and
reading falls back to TextRank key phrases, saying so in the distillation (`themes_from`).

The database is loaded once per process by resident/language/wordnet_db.py, the loader
answers by meaning use too.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from resident.language.wordnet_db import installed, root, trim, wordnet

__all__ = ["installed", "trim", "wordnet"]


#: Lexicographer files whose nouns can be a theme, and how much: feelings, states, acts,
#: attributes and situations count fully; the nouns of thinking itself (noun.cognition: "mind",
#: "doubt", "opinion", "sort", "idea") half, as every narration and argument uses them to tell
#: whatever it tells (a manual's cognition nouns, "type", "memory", "pattern", still rank by
#: their keyness); concrete things (the topics of a manual are often artifacts) a little more
#: than half. People, times and quantities are never themes (people stay subjects; "moment" and
#: "half" are filler).
LEXNAME_WEIGHT = {
    "noun.act": 1.0,
    "noun.attribute": 1.0,
    "noun.cognition": 0.5,
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
    path = root() / "cntlist.rev"
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


#: Verbs whose subject is someone: saying and thinking ("said Alice", "Anne knew").
_MINDFUL = frozenset({"verb.communication", "verb.cognition"})


@functools.lru_cache(maxsize=20_000)
def reported_speech(word: str) -> bool:
    """Whether `word` (lower case) is a verb of saying or thinking in the past tense, as
    narration reports speech and thought ("said", "replied", "thought", "cried"): a form other
    than its base and not a present -s form ("says", "reports" are a manual's present tense),
    whose most frequent verb sense is in WordNet's communication or cognition file."""
    wn = wordnet()
    if wn is None or not word.isalpha() or word.endswith(("s", "ing")):
        return False
    bases = [b for b in wn._morphy(word, "v", check_exceptions=True) if b != word]
    if not bases or noun_sense(word) is not None:
        return False
    synsets = wn.synsets(bases[0], "v")
    return bool(synsets) and synsets[0].lexname() in _MINDFUL


#: What the head noun of a name says its bearer is: "the Cheshire Cat" is a creature, "Camden
#: Place" a place (the lexicographer file of the noun's most frequent sense).
_HEAD_KINDS = {"noun.person": "person", "noun.animal": "person", "noun.location": "place"}


@functools.lru_cache(maxsize=20_000)
def head_kind(word: str) -> str | None:
    """ "person" or "place" when `word` (lower case), the last word of a name, is a common noun
    for a person, an animal or a place in its most frequent sense; None otherwise."""
    wn = wordnet()
    if wn is None or not word.isalpha():
        return None
    lemma = wn.morphy(word, "n")
    synsets = wn.synsets(lemma, "n") if lemma is not None else []
    return _HEAD_KINDS.get(synsets[0].lexname()) if synsets else None


_TITLE_OF_ADDRESS_NAME = "title.n.06"


@functools.cache
def _title_synset() -> Any:
    wn = wordnet()
    return None if wn is None else wn.synset(_TITLE_OF_ADDRESS_NAME)


@functools.lru_cache(maxsize=20_000)
def names_a_person(word: str) -> bool:
    """Whether `word` (lower case) can be a noun for a person ("captain", "miss", "cousin") or a
    title of address ("mr", "mrs": WordNet's title.n.06): before a name it is a title or an
    apposition, so the name is someone's."""
    wn = wordnet()
    if wn is None or not word.isalpha():
        return False
    return any(
        s.lexname() == "noun.person" or _title_synset() in s.hypernyms()
        for s in wn.synsets(word, "n")
    )


@functools.lru_cache(maxsize=20_000)
def speaker_verb(word: str) -> bool:
    """`reported_speech` whose verb only someone does: WordNet gives its first sense no frame
    with "Something" as the subject ("Alice replied", "Anne knew"; not "said", "conveyed": a
    text says, a license conveys)."""
    wn = wordnet()
    if wn is None or not reported_speech(word):
        return False
    base = next(b for b in wn._morphy(word, "v", check_exceptions=True) if b != word)
    first = wn.synsets(base, "v")[0]
    frames = [f for lm in first.lemmas() if lm.name() == base for f in lm.frame_strings()]
    return not any(f.startswith("Something") for f in frames or first.frame_strings())
