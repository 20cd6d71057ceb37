"""Named subjects: the people, places, organisations and technical terms a document names, read
over every sentence of its prose (not only the head of each page), with what the document says
about each: the pages it appears on, what it "is" ("ASN.1 is a notation ..."), the other
subjects it appears with and the words around it.

Candidates are runs of capitalised words (and acronyms such as ASN.1 or X.509) found by rule in
one pass; only the frequent ones are then typed by the trained pipeline's NER, each in one short
sentence where it occurs, so the model reads a few thousand tokens per book instead of every
page. A capitalised run of common English words ("License", "Invariant Sections", "NAME") is a
heading or a defined term, not a name: it is typed only when NER insists it is a person or a
place. Bounded: every counter is pruned, one context per name is held.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from resident.literature.text import STOPWORDS

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
    "PRODUCT": "term",
}
_MAX_KEYS = 8_000
_MAX_PAIRS = 20_000
_PAGES_KEPT = 12
_CONTEXTS = 1
#: English prepositions of place: a name read after one of them half the time is a place.
_PLACE_PREPOSITIONS = frozenset({"at", "in", "to", "from", "near", "into", "towards", "through"})
_CONTEXT_WORDS = 30
_TITLES = re.compile(r"\b(Mr|Mrs|Ms|Dr|St|Capt|Col|Lt|Gen|Prof)\.\s")
_JOINERS = frozenset({"of", "de", "van", "von", "la", "du", "del"})
_EDGE_PUNCT = "\"'()[]{},;:!?\u201c\u201d\u2018\u2019*"
_TERM = re.compile(r"^[A-Z][A-Za-z0-9]*(?:[.\-/+][A-Za-z0-9]+)*$")
#: "X is a ...": what the document says its subject is (at most five words kept).
_IS_A = re.compile(
    r"^(?:\s*\([^)]{1,60}\))?,?\s+(?:is|was|are|were)\s+(?:a|an|the|one of the)\s+"
    r"((?:[a-z][a-z-]*\s+){0,4}[a-z][a-z-]*)"
)


@dataclass
class NameTally:
    """Running counts for name candidates (bounded)."""

    counts: Counter[str] = field(default_factory=Counter)
    pages: dict[str, list[int]] = field(default_factory=dict)
    page_count: Counter[str] = field(default_factory=Counter)
    contexts: dict[str, list[str]] = field(default_factory=dict)
    #: Occurrences right after a preposition of place ("at Bath", "to Lyme").
    located: Counter[str] = field(default_factory=Counter)
    described: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    together: Counter[tuple[str, str]] = field(default_factory=Counter)
    around: Counter[tuple[str, str]] = field(default_factory=Counter)

    def add_page(
        self,
        sentences: Iterable[str],
        page: int,
        page_words: list[str],
        is_word: Callable[[str], bool],
    ) -> None:
        on_page: set[str] = set()
        for sentence in sentences:
            for name, before in candidates(sentence, is_word):
                self.counts[name] += 1
                on_page.add(name)
                if before in _PLACE_PREPOSITIONS:
                    self.located[name] += 1
                # A context from the second sighting on: most candidates are seen once (a
                # heading, a stray capital) and never typed, so they hold no sentence.
                seen = self.contexts.setdefault(name, []) if self.counts[name] > 1 else None
                if seen is not None and len(seen) < _CONTEXTS:
                    seen.append(_context(sentence, name))
                self._description(name, sentence, page)
        for name in on_page:
            self.page_count[name] += 1
            kept = self.pages.setdefault(name, [])
            if len(kept) < _PAGES_KEPT:
                kept.append(page)
        ordered = sorted(on_page)
        for i, a in enumerate(ordered):
            for b in ordered[i + 1 : i + 9]:
                self.together[(a, b)] += 1
            for w in page_words:
                self.around[(a, w)] += 1
        self._prune()

    def _description(self, name: str, sentence: str, page: int) -> None:
        said = self.described.get(name, [])
        if len(said) >= 2:
            return
        at = sentence.find(name)
        m = _IS_A.match(sentence[at + len(name) :]) if at >= 0 else None
        if m is None:
            return
        words = m.group(1).split()
        cut = next((i for i, w in enumerate(words) if i > 0 and w in STOPWORDS), len(words))
        phrase = " ".join(words[:cut])
        if phrase and phrase not in {p for p, _ in said}:
            self.described[name] = [*said, (phrase, page)]

    def _prune(self) -> None:
        if len(self.counts) > _MAX_KEYS:
            keep = dict(
                sorted(self.counts.items(), key=lambda kv: (-kv[1], kv[0]))[: _MAX_KEYS // 2]
            )
            self.counts = Counter(keep)
            for name in ("pages", "contexts", "described"):
                old: dict[str, Any] = getattr(self, name)
                setattr(self, name, {k: v for k, v in old.items() if k in keep})
            self.page_count = Counter({k: v for k, v in self.page_count.items() if k in keep})
            self.located = Counter({k: v for k, v in self.located.items() if k in keep})
        for name in ("together", "around"):
            pairs: Counter[tuple[str, str]] = getattr(self, name)
            if len(pairs) > _MAX_PAIRS:
                top = sorted(pairs.items(), key=lambda kv: (-kv[1], kv[0]))[: _MAX_PAIRS // 2]
                setattr(self, name, Counter(dict(top)))


def _context(sentence: str, name: str) -> str:
    words = sentence.split()
    if len(words) <= _CONTEXT_WORDS:
        return sentence
    first = name.split()[0]
    at = next((i for i, w in enumerate(words) if w.startswith(first)), 0)
    lo = max(0, min(at - _CONTEXT_WORDS // 2, len(words) - _CONTEXT_WORDS))
    return " ".join(words[lo : lo + _CONTEXT_WORDS])


def _clean(token: str) -> str:
    token = token.strip(_EDGE_PUNCT)
    for suffix in ("'s", "\u2019s"):
        if token.endswith(suffix):
            token = token[: -len(suffix)]
    return token.rstrip(".") if token.count(".") == 1 and token.endswith(".") else token


def _capitalised(token: str, is_word: Callable[[str], bool]) -> bool:
    if not token or not token[0].isupper() or "_" in token or not _TERM.match(token):
        return False
    if any(part in STOPWORDS for part in token.lower().split("/")):
        return False  # "OF THE", "AND/OR" in a shouted disclaimer
    if token.isupper() and len(token) > 1:
        # An acronym (GNU, AES, ASN.1), not a shouted common word (NAME, LICENSE, CHAPTER).
        return len(token) <= 6 and not is_word(token.lower()) or any(c.isdigit() for c in token)
    return True


def candidates(sentence: str, is_word: Callable[[str], bool]) -> list[tuple[str, str]]:
    """Runs of capitalised words in a sentence ("Captain Wentworth", "Free Software
    Foundation", "ASN.1"), each with the word before it (lower case); a sentence's first word
    only when it is not a common English word."""
    tokens = [_clean(t) for t in _TITLES.sub(r"\1 ", sentence).split()]
    out: list[tuple[str, str]] = []
    run: list[str] = []
    start = 0
    for i, tok in enumerate(tokens + [""]):
        if _capitalised(tok, is_word):
            if i == 0 and (tok.lower() in STOPWORDS or is_word(tok.lower())):
                continue
            if not run:
                start = i
            run.append(tok)
            continue
        if run and tok in _JOINERS and i + 1 < len(tokens) and _capitalised(tokens[i + 1], is_word):
            run.append(tok)
            continue
        if run:
            name = " ".join(run[:5])
            # Two letters are an acronym only in capitals ("UK"), never "Oh" or "Ah".
            if (len(name) >= 3 or name.isupper()) and name.lower() not in STOPWORDS:
                out.append((name, tokens[start - 1].lower() if start > 0 else ""))
            run = []
    return out


@dataclass(frozen=True)
class TypedName:
    name: str
    kind: str


def type_names(
    tally: NameTally,
    limit: int,
    nlp: Any | None,
    is_word: Callable[[str], bool],
) -> list[TypedName]:
    """The `limit` most frequent candidates (seen at least twice) with a kind: NER's label in
    the candidate's context when the pipeline is trained, else "term" for an acronym and
    "name" for the rest. Capitalised common words without a person or place label are dropped."""
    ranked = [n for n, c in sorted(tally.counts.items(), key=lambda kv: (-kv[1], kv[0])) if c >= 2]
    pool = ranked[: 2 * limit]
    labels: dict[str, Counter[str]] = {n: Counter() for n in pool}
    if nlp is not None and "ner" in nlp.pipe_names:
        texts = [(text, n) for n in pool for text in tally.contexts.get(n, [n])]
        for doc, name in nlp.pipe(texts, as_tuples=True, batch_size=64):
            at = doc.text.find(name)
            for ent in doc.ents:
                if at >= 0 and ent.start_char < at + len(name) and at < ent.end_char:
                    labels[name][ent.label_] += 1
    out: list[TypedName] = []
    for name in pool:
        kind = _kind(name, labels[name], is_word)
        technical = any(c.isdigit() for c in name) or (name.isupper() and len(name) > 1)
        located = 2 * tally.located[name] >= tally.counts[name]
        # "in ASN1" makes no place: an acronym or a versioned name stays a term.
        if kind in ("person", "organization", "name") and located and not technical:
            kind = "place"
        if kind is not None:
            out.append(TypedName(name, kind))
        if len(out) == limit:
            break
    return out


def _kind(name: str, labels: Counter[str], is_word: Callable[[str], bool]) -> str | None:
    label = labels.most_common(1)[0][0] if labels else None
    kind = NER_KINDS.get(label) if label else None
    words = [w for w in name.split() if w.lower() not in _JOINERS]
    common = all(is_word(w.lower()) for w in words)
    technical = any(c.isdigit() or c in ".-/+" for c in name) or (name.isupper() and len(name) > 1)
    if kind in ("person", "place") or (kind is not None and not common):
        return kind
    if technical:
        return "term"
    if common:
        # "License", "Invariant Sections", "Section": a heading or a defined term.
        return None
    return "name"
