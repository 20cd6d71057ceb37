"""Themes: what a document is about, as a reader would say it.

Common nouns (words written in lower case in running prose, so names and code identifiers are
not among them) are counted per section. A word is a theme candidate when WordNet reads it
as a noun first (resident.literature.wordnet) and the document uses it far more often than
English does (wordfreq's frequency as the background: "time" and "thing" are everywhere,
"persuasion" and "encoding" are not). Its score is that keyness times how abstract its
sense is (an idea or a situation over a thing) times how many sections it recurs in. Nouns
whose senses are close in WordNet's hypernym tree are grouped under the strongest one
("marriage" with "wedding"), and a two-word phrase that carries much of a noun's uses names it
("mime type" rather than "type"). Pure: counts in, themes out.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from resident.literature.text import STOPWORDS
from resident.literature.wordnet import NounSense, is_word, noun_sense

#: Keys kept per tally before the rarest are pruned (bounded memory on any book): a themes'
#: vocabulary is the few hundred most used nouns, so a 1,000-page book holds about what a
#: 100-page one does.
_MAX_KEYS = 10_000
#: Candidate words looked up in WordNet per document (the most used that pass the keyness bar).
_MAX_LOOKUPS = 1_500
_TOKEN = re.compile(r"[A-Za-z][A-Za-z'\u2019-]*[A-Za-z]|[^\sA-Za-z]")
#: Punctuation prose and dialogue use; digits and symbols are a table's or a listing's.
_PROSE_MARKS = frozenset(".,;:!?'\"`()-\u2013\u2014\u2018\u2019\u201c\u201d")
_SENTENCE_ENDS = (".", "!", "?", "'", '"', "\u2019", "\u201d")
#: A line of code, a table row or a command: not prose, so none of its words are themes. A
#: semicolon ends a statement at the end of a line ("x = 1;"), not in prose ("it; and").
_CODE_LINE = re.compile(r"[{}=<>|\\_#@$]|;\s*$|;\S|->|::|\w\(|^\s*[-*+]?\s*\w+\s*:\s*\S+\s*$")


@dataclass(frozen=True)
class ScoredTheme:
    phrase: str
    score: float
    related: tuple[str, ...] = ()


def prose_lines(text: str) -> list[str]:
    """The lines of a page that read as prose: not code, not a table row, not a short label.
    Dialogue's punctuation is prose ("`Yes, please do!' but"), a dot leader is not; a short
    line that ends the sentence of the prose line before it ("quicker.") is kept, so no
    sentence loses its middle or its end."""
    out = []
    previous = False
    for line in text.splitlines():
        stripped = line.strip()
        if _CODE_LINE.search(line) or ". ." in line or ".." in line:
            previous = False
            continue
        if len(stripped) < 25 and not (previous and stripped.endswith(_SENTENCE_ENDS)):
            previous = False
            continue
        letters = sum(c.isalpha() or c == " " or c in _PROSE_MARKS for c in line)
        previous = letters >= 0.9 * len(line)
        if previous:
            out.append(line)
    return out


@dataclass
class ThemeTally:
    """Lower-case content words and adjacent pairs of them, with the sections they occur in."""

    words: Counter[str] = field(default_factory=Counter)
    pairs: Counter[tuple[str, str]] = field(default_factory=Counter)
    sections_of: Counter[str] = field(default_factory=Counter)
    sections: int = 0
    total: int = 0

    def add_text(self, lines: Iterable[str]) -> Counter[str]:
        """Count a page's prose; returns that page's own counts."""
        page: Counter[str] = Counter()
        pairs = self.pairs
        for line in lines:
            previous: str | None = None
            for tok in _TOKEN.findall(line):
                self.total += 1
                if len(tok) < 3 or not tok.islower() or tok in STOPWORDS or "'" in tok:
                    previous = None
                    continue
                page[tok] += 1
                if previous is not None:
                    pairs[(previous, tok)] += 1
                previous = tok
        self.words.update(page)
        self._prune()
        return page

    def top(self, n: int) -> ThemeTally:
        """A small copy: the `n` most used words and pairs (a chapter's, kept to score later;
        one section, so no word's sections are counted)."""
        return ThemeTally(
            words=Counter(dict(self.words.most_common(n))),
            pairs=Counter(dict(self.pairs.most_common(n))),
            sections=1,
            total=self.total,
        )

    def merge(self, section: ThemeTally) -> None:
        """Fold a closed section's tally into the document's."""
        self.words.update(section.words)
        self.pairs.update(section.pairs)
        self.sections_of.update(section.words.keys())
        self.sections += 1
        self.total += section.total
        self._prune()

    def _prune(self) -> None:
        for name in ("words", "pairs", "sections_of"):
            counter: Counter[object] = getattr(self, name)
            if len(counter) > _MAX_KEYS:
                top = sorted(counter.items(), key=lambda kv: (-kv[1], str(kv[0])))
                setattr(self, name, Counter(dict(top[: _MAX_KEYS // 2])))


@dataclass
class _Candidate:
    sense: NounSense
    count: int
    sections: int
    score: float = 0.0
    label: str = ""


def _candidates(
    tally: ThemeTally, zipf: Callable[[str], float], min_count: int
) -> dict[str, _Candidate]:
    total = max(1, tally.total)
    # The cheap test first: a word English uses as often as this document does is no theme
    # (its other forms are counted with it below, so the bar is set at a third). Only the most
    # used of the rest are looked up in WordNet, so a long book costs no more lookups (and no
    # more of WordNet in memory) than a short one.
    eligible = sorted(
        (
            (count, word)
            for word, count in tally.words.items()
            if count >= min_count and count / total > 0.67 * 10 ** (zipf(word) - 9)
        ),
        reverse=True,
    )[:_MAX_LOOKUPS]
    by_lemma: dict[str, _Candidate] = {}
    for count, word in eligible:
        sense = noun_sense(word)
        if sense is None or sense.weight == 0:
            continue
        cand = by_lemma.get(sense.lemma)
        sections = tally.sections_of.get(word, 1)
        if cand is None:
            by_lemma[sense.lemma] = _Candidate(sense, count, sections)
        else:
            cand.count += count
            cand.sections = max(cand.sections, sections)
    return by_lemma


def score_themes(
    tally: ThemeTally,
    zipf: Callable[[str], float],
    limit: int,
    *,
    min_count: int = 3,
    group: bool = True,
) -> list[ScoredTheme]:
    """The top `limit` themes of a tally. `zipf(word)` is the word's Zipf frequency in English
    (0 when unknown: a misspelling, a code token or a name is never a theme)."""
    if limit <= 0 or tally.total == 0:
        return []
    total = max(1, tally.total)
    sections = max(1, tally.sections)
    scored: list[_Candidate] = []
    for lemma, cand in _candidates(tally, zipf, min_count).items():
        frequency = zipf(lemma)
        if frequency <= 0:
            continue
        rate, expected = cand.count / total, 10 ** (frequency - 9)
        if rate <= 2 * expected:
            continue
        spread = min(1.0, cand.sections / sections)
        cand.score = cand.count * math.log2(rate / expected) * cand.sense.weight
        cand.score *= 0.25 + 0.75 * spread
        scored.append(cand)
    scored.sort(key=lambda c: (-c.score, c.sense.lemma))
    scored = scored[: 4 * limit]
    phrases = _phrases(tally, {c.sense.lemma for c in scored})
    for cand in scored:
        cand.label = _label(phrases.get(cand.sense.lemma, []), cand.sense.lemma, cand.count)
    if not group:
        return [ScoredTheme(c.label, round(c.score, 3)) for c in scored[:limit]]
    return _grouped(scored, limit)


def _phrases(tally: ThemeTally, lemmas: set[str]) -> dict[str, list[tuple[int, str]]]:
    """Two-word phrases ending in one of `lemmas`, by that lemma: (count, "modifier lemma")."""
    out: dict[str, list[tuple[int, str]]] = {}
    for (a, b), n in tally.pairs.items():
        if n < 4:
            continue
        sense = noun_sense(b) if b in lemmas or b.endswith("s") else None
        if sense is None or sense.lemma not in lemmas or not is_word(a):
            continue
        out.setdefault(sense.lemma, []).append((n, f"{a} {sense.lemma}"))
    return out


def _label(phrases: list[tuple[int, str]], lemma: str, count: int) -> str:
    """The noun, or the two-word phrase that carries at least a third of its uses ("mime type")."""
    merged: Counter[str] = Counter()
    for n, phrase in phrases:
        merged[phrase] += n
    best = max(merged.items(), key=lambda kv: (kv[1], kv[0]), default=None)
    return best[0] if best is not None and best[1] >= max(4, count // 3) else lemma


def _close(a: NounSense, b: NounSense) -> bool:
    """Two senses are one theme when one is a near hypernym of the other or they share a
    near hypernym that is not too general (WordNet depth 5 or more)."""
    near_a, near_b = a.hypernyms[:2], b.hypernyms[:2]
    if a.synset in near_b or b.synset in near_a:
        return True
    return any(h in near_b and len(a.hypernyms) - 1 - k >= 5 for k, h in enumerate(near_a))


def _grouped(scored: list[_Candidate], limit: int) -> list[ScoredTheme]:
    groups: list[tuple[_Candidate, list[_Candidate]]] = []
    for cand in scored:
        for leader, members in groups:
            if _close(leader.sense, cand.sense):
                members.append(cand)
                break
        else:
            groups.append((cand, []))
    themes = [
        ScoredTheme(
            leader.label,
            round(leader.score + 0.5 * sum(m.score for m in members), 3),
            tuple(m.label for m in members[:5]),
        )
        for leader, members in groups
    ]
    themes.sort(key=lambda t: (-t.score, t.phrase))
    return themes[:limit]
