"""TextRank key phrases (Mihalcea and Tarau 2004) over a bounded co-occurrence graph.

MAX's own implementation rather than `pytextrank`: pytextrank ranks one spaCy Doc, so a chapter
would have to be parsed and held whole; this graph is fed page by page and pruned (lossy
counting), so a 1,000-page book ranks in the memory of a 100-page one.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

K = TypeVar("K")

#: Edges and phrases kept before the rarest are pruned.
MAX_EDGES = 40_000
MAX_PHRASES = 20_000


@dataclass
class PhraseGraph:
    """Word co-occurrence within candidate phrases and across neighbouring candidates."""

    max_edges: int = MAX_EDGES
    max_phrases: int = MAX_PHRASES
    edges: Counter[tuple[str, str]] = field(default_factory=Counter)
    phrases: Counter[tuple[str, ...]] = field(default_factory=Counter)
    words: int = 0

    def add(self, candidates: Sequence[tuple[str, ...]]) -> None:
        previous: str | None = None
        for phrase in candidates:
            self.phrases[phrase] += 1
            self.words += len(phrase)
            seq = ([previous] if previous else []) + list(phrase)
            for a, b in zip(seq, seq[1:], strict=False):
                if a != b:
                    self.edges[(a, b) if a < b else (b, a)] += 1
            previous = phrase[-1]
        if len(self.edges) > self.max_edges:
            self.edges = _prune(self.edges, self.max_edges)
        if len(self.phrases) > self.max_phrases:
            self.phrases = _prune(self.phrases, self.max_phrases)

    def merge(self, other: PhraseGraph) -> None:
        """Fold a chapter's graph into the document's."""
        self.edges.update(other.edges)
        self.phrases.update(other.phrases)
        self.words += other.words
        if len(self.edges) > self.max_edges:
            self.edges = _prune(self.edges, self.max_edges)
        if len(self.phrases) > self.max_phrases:
            self.phrases = _prune(self.phrases, self.max_phrases)


def _prune(counter: Counter[K], keep: int) -> Counter[K]:
    """Keep about half of `keep`, the heaviest (ties broken by key, so runs are repeatable)."""
    top = sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))[: keep // 2]
    return Counter(dict(top))


def word_ranks(
    edges: Counter[tuple[str, str]], damping: float = 0.85, iterations: int = 30
) -> dict[str, float]:
    """Weighted PageRank over the undirected word graph (power iteration in numpy)."""
    import numpy as np

    if not edges:
        return {}
    index: dict[str, int] = {}
    src: list[int] = []
    dst: list[int] = []
    weight: list[float] = []
    for (a, b), w in edges.items():
        i = index.setdefault(a, len(index))
        j = index.setdefault(b, len(index))
        src += (i, j)
        dst += (j, i)
        weight += (w, w)
    s_arr, d_arr = np.array(src), np.array(dst)
    w_arr = np.array(weight, dtype=np.float64)
    n = len(index)
    strength = np.bincount(s_arr, weights=w_arr, minlength=n)
    share = w_arr / strength[s_arr]
    rank: Any = np.ones(n)
    for _ in range(iterations):
        rank = (1 - damping) + damping * np.bincount(
            d_arr, weights=rank[s_arr] * share, minlength=n
        )
    return {word: float(rank[i]) for word, i in index.items()}


def key_phrases(graph: PhraseGraph, limit: int, min_count: int = 2) -> list[tuple[str, float]]:
    """The top phrases: summed word ranks, dampened for length, weighted by how often the
    phrase itself occurs. Sub-phrases of a chosen phrase are skipped."""
    if limit <= 0:
        return []
    ranks = word_ranks(graph.edges)
    scored = []
    for phrase, count in graph.phrases.items():
        if count < min_count or not all(w in ranks for w in phrase):
            continue
        score = sum(ranks[w] for w in phrase) / math.sqrt(len(phrase)) * math.log1p(count)
        scored.append((score, phrase))
    scored.sort(key=lambda sp: (-sp[0], sp[1]))
    chosen: list[tuple[str, float]] = []
    taken: list[str] = []
    for score, phrase in scored:
        text = " ".join(phrase)
        if any(f" {text} " in f" {t} " or f" {t} " in f" {text} " for t in taken):
            continue
        taken.append(text)
        chosen.append((text, round(score, 4)))
        if len(chosen) == limit:
            break
    return chosen
