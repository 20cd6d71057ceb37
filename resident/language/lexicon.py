"""Word meaning from WordNet 3.0: synonyms, hypernyms and the lexicographer class of a word
("dog" is a noun.animal, "Jasper" is not in it, "take" may be verb.motion), read offline from
Debian's `wordnet-base` (/usr/share/wordnet) with nltk's WordNetCorpusReader.

Optional: without the database every function answers from the word itself (a lemma matches
only itself) and `status()` says so; nothing downloads at run time. The database is loaded once
per process by `wordnet_db` (reading's themes share it).
"""

from __future__ import annotations

import functools
import logging
import threading
from typing import Any

from resident.language import wordnet_db

log = logging.getLogger(__name__)

_lock = threading.Lock()
_reader: Any = None
_tried = False
_why_not: str | None = None


def _load() -> Any:
    global _reader, _tried
    with _lock:
        if _tried:
            return _reader
        _tried = True
        if not (wordnet_db.root() / "index.noun").exists():
            _missing(
                f"WordNet is not installed at {wordnet_db.root()} (apt-get install wordnet-base)"
            )
            return None
        try:
            _reader = wordnet_db.wordnet()
        except (OSError, ValueError, PermissionError) as exc:
            _missing(f"WordNet could not be read: {exc}")
            return None
        if _reader is None:
            _missing("nltk is not installed")
        return _reader


def _missing(why: str) -> None:
    global _why_not
    _why_not = why
    # Said once, where the owner looks: answers match words by their lemmas only from here on.
    log.warning("answers by meaning without WordNet: %s", why)


def status() -> str:
    """One line: whether meanings come from WordNet or from the words alone."""
    return "WordNet 3.0" if _load() is not None else f"lemmas only ({_why_not})"


def available() -> bool:
    return _load() is not None


def reader() -> Any:
    """WordNet's reader, loaded once, for a rule that walks senses, frames or derivations
    itself; None where WordNet is missing (the rule then says nothing)."""
    return _load()


_POS = {"VERB": "v", "NOUN": "n", "PROPN": "n", "ADJ": "a", "ADV": "r"}


@functools.lru_cache(maxsize=8192)
def base(word: str, pos: str) -> str | None:
    """WordNet's base form of `word` as part of speech `pos` ("hates" -> "hate"), or None
    when WordNet does not know it as that part of speech."""
    wn = _load()
    if wn is None:
        return None
    found: str | None = wn.morphy(word.lower(), _POS.get(pos, pos))
    return found


@functools.lru_cache(maxsize=8192)
def lexnames(word: str, pos: str = "n") -> frozenset[str]:
    """The lexicographer classes of `word`'s senses ("dog" -> noun.animal, noun.person...)."""
    wn = _load()
    if wn is None:
        return frozenset()
    return frozenset(s.lexname() for s in wn.synsets(word.lower(), _POS.get(pos, pos)))


#: WordNet's classes of a noun that may name someone ("the vicar", "the band", "the dog").
SOMEONE = frozenset({"noun.person", "noun.group", "noun.animal"})

#: WordNet's classes of a noun that names a place or a made thing ("Valencia", "van").
_PLACE_OR_THING = frozenset({"noun.location", "noun.artifact"})


def never_someone(word: str, places_only: bool = False) -> bool:
    """Does WordNet know the noun `word` only as things that are no one ("keys", "yoga")? A
    word it lacks ("Kemi") may be anyone. With `places_only`, only when every sense it knows
    is a place or a made thing ("Manchester", "van"; not "Ruby", also a stone, a name)."""
    head = base(word, "n")
    kinds = lexnames(head) if head else frozenset()
    if places_only:
        return bool(kinds) and kinds <= _PLACE_OR_THING
    return bool(kinds) and not kinds & SOMEONE


def first_lexname(word: str, pos: str = "n") -> str | None:
    """The class of `word`'s most frequent sense, None when WordNet does not know it."""
    wn = _load()
    if wn is None:
        return None
    senses = wn.synsets(word.lower(), _POS.get(pos, pos))
    return str(senses[0].lexname()) if senses else None


@functools.lru_cache(maxsize=4096)
def lemma_frames(lemma: str, senses: int) -> frozenset[int] | None:
    """WordNet's verb frames of `lemma` itself (not its synonyms) in its `senses` most frequent
    verb senses; None where WordNet is missing."""
    wn = _load()
    if wn is None:
        return None
    return frozenset(
        f
        for sense in wn.synsets(lemma, "v")[:senses]
        for named in sense.lemmas()
        if named.name() == lemma
        for f in named.frame_ids()
    )


#: WordNet's verb frame "Somebody ----s that CLAUSE".
_THAT_CLAUSE_FRAME = 26


@functools.lru_cache(maxsize=4096)
def takes_clause(word: str) -> bool:
    """Does the most frequent verb sense of `word` take a that-clause (WordNet's frame
    "Somebody ----s that CLAUSE": say, tell, promise; not "mean", "mention")?"""
    wn = _load()
    if wn is None:
        return False
    found = wn.synsets(word.lower(), "v")
    return bool(found) and _THAT_CLAUSE_FRAME in found[0].frame_ids()


def person_noun(word: str) -> bool:
    """Does `word`'s most frequent noun sense name a person (noun.person: a job, a role, a kind
    of person: "instructor", "neighbour"; not "car")?"""
    return first_lexname(word, "n") == "noun.person"


def verb_derivations(verb: str, senses: int) -> list[Any]:
    """The WordNet lemmas derived from the `senses` most frequent senses of `verb` ("marry":
    marriage, wedding, married ...), of any part of speech, for a rule to filter; none where
    WordNet is missing."""
    wn = _load()
    if wn is None:
        return []
    return [
        d
        for sense in wn.synsets(verb, "v")[:senses]
        for said in sense.lemmas()
        for d in said.derivationally_related_forms()
    ]


@functools.lru_cache(maxsize=8192)
def kind_of(word: str, ancestor: str) -> bool:
    """Is some noun sense of `word` a sense of `ancestor` or below one, as a kind or as a
    named instance ("fiddle" is an "instrument", "Oxford" a "university")?"""
    wn = _load()
    if wn is None:
        return word.lower() == ancestor.lower()
    targets = set(wn.synsets(ancestor.lower(), "n"))
    for sense in wn.synsets(word.lower(), "n"):
        above = sense.closure(lambda s: s.hypernyms() + s.instance_hypernyms())
        if sense in targets or targets & set(above):
            return True
    return False


@functools.lru_cache(maxsize=8192)
def related(lemma: str, pos: str = "v", depth: int = 1) -> frozenset[str]:
    """`lemma`, its synonyms, and the lemmas of its hypernyms up to `depth` levels, from its
    three most frequent senses (the rare ones tie unrelated words together)."""
    out = {lemma.lower()}
    wn = _load()
    if wn is None:
        return frozenset(out)
    for sense in wn.synsets(lemma.lower(), _POS.get(pos, pos))[:3]:
        out.update(n.lower() for n in sense.lemma_names())
        frontier = [sense]
        for _ in range(depth):
            frontier = [h for s in frontier for h in s.hypernyms()]
            for h in frontier:
                out.update(n.lower() for n in h.lemma_names())
    return frozenset(w for w in out if "_" not in w)


def is_a(word: str, ancestor: str, senses: int | None = 2, kinds: int | None = -1) -> bool:
    """Does a frequent sense of noun `word` (the first `senses` of each word; None: any)
    have `ancestor` among its hypernyms ("dog" is an "animal", "cilantro" is a "herb")?
    `kinds`, where given, is how many senses of `ancestor` count instead (None: any)."""
    wn = _load()
    if wn is None:
        return word.lower() == ancestor.lower()
    targets = set(wn.synsets(ancestor.lower(), "n")[: senses if kinds == -1 else kinds])
    for sense in wn.synsets(word.lower(), "n")[:senses]:
        if sense in targets or targets & set(sense.closure(lambda s: s.hypernyms())):
            return True
    return False


@functools.lru_cache(maxsize=8192)
def synonyms(lemma: str, pos: str = "v") -> frozenset[str]:
    """`lemma` and the other lemmas of its two most frequent senses."""
    out = {lemma.lower()}
    wn = _load()
    if wn is None:
        return frozenset(out)
    for sense in wn.synsets(lemma.lower(), _POS.get(pos, pos))[:2]:
        out.update(n.lower() for n in sense.lemma_names() if "_" not in n)
    return frozenset(out)


@functools.lru_cache(maxsize=8192)
def mostly_verb(word: str) -> bool:
    """Is `word` said more often as a verb than as a noun, by WordNet's tagged-sense counts
    ("a look", "a try": yes; "a book": no)? False when WordNet does not know it as both."""
    wn = _load()
    if wn is None:
        return False
    low = word.lower()

    def count(pos: str) -> int:
        return sum(
            lemma.count()
            for s in wn.synsets(low, pos)
            for lemma in s.lemmas()
            if lemma.name() == low
        )

    verb = count("v")
    return verb > 0 and verb >= count("n")


@functools.lru_cache(maxsize=8192)
def under(word: str, senses: frozenset[str], pos: str = "n") -> bool:
    """Is some noun sense of `word` (or sense of `pos`) one of the synsets named in `senses`
    ("structure.n.01") or below one of them ("salon" -> shop -> ... -> structure)?"""
    wn = _load()
    if wn is None:
        return False
    for sense in wn.synsets(word.lower(), pos):
        # A named place ("Utrecht") is an instance of a city, not a kind of one.
        above = sense.closure(lambda s: s.hypernyms() + s.instance_hypernyms())
        if sense.name() in senses or any(h.name() in senses for h in above):
            return True
    return False


@functools.lru_cache(maxsize=8192)
def kind_under(word: str, senses: frozenset[str]) -> bool:
    """`under`, by the senses of `word` that are kinds only: "park" is a place, "orange" is
    not (the Orange is a river, a named one, which says nothing of an orange)."""
    wn = _load()
    if wn is None:
        return False
    for sense in wn.synsets(word.lower(), "n"):
        if sense.instance_hypernyms():
            continue
        above = sense.closure(lambda s: s.hypernyms())
        if sense.name() in senses or any(h.name() in senses for h in above):
            return True
    return False


@functools.lru_cache(maxsize=8192)
def only_names(word: str) -> bool:
    """Are all of WordNet's noun senses of `word` named individuals ("Toyota", a city;
    "Utrecht")? Such a word may be a name of anything else too (a make, a pet)."""
    wn = _load()
    senses = wn.synsets(word.lower(), "n") if wn is not None else []
    return bool(senses) and all(s.instance_hypernyms() for s in senses)


@functools.lru_cache(maxsize=8192)
def directly_under(word: str, senses: frozenset[str], first: bool = False) -> bool:
    """Is a noun sense of `word` (its most frequent one alone, with `first`) filed directly
    under one of the synsets named in `senses` ("dog" under domestic_animal.n.01; "lad" under
    male.n.02), not merely somewhere below one ("spaniel" is a dog, no species)?"""
    wn = _load()
    if wn is None:
        return False
    found = wn.synsets(word.lower(), "n")
    for sense in found[:1] if first else found:
        if any(h.name() in senses for h in sense.hypernyms()):
            return True
    return False
