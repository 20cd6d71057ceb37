"""Directed lexical subsumption between entity names, for the relations declared partial orders
(pure; no torch).

Ontologies name their terms compositionally: a term's name mostly repeats the name of the term
it is a kind of and adds to it ("Abnormal fetal skeletal morphology" is_a "Abnormal skeletal
morphology", "Neoplasm of the outer ear" is_a "Neoplasm of the ear"). A similarity of names is
symmetric and proposes siblings both ways round; what says direction is how much of the
*parent's* name the child's name covers, and that the parent is the more general term of the two
in the held edges. For a candidate link h -> t of a partial order:

    directed(h, t) = cos(h, t) * cover(t in h)    when t is more general than h, else 0

- cos: the cosine of the two names' word bags, each word weighted by its inverse document
  frequency over the entities' names (a rare shared word counts more than "of"; no word list);
- cover(t in h): the weighted share of t's words that h's name also uses (1 when t's name is
  contained in h's; it is not the same number read the other way round);
- more general: t already has more descendants under the relation than h in the held edges
  (t is in the relation's range; a leaf is never a parent of a term that has children).

Siblings' names often differ by one word swapped for another ("Increased body weight",
"Decreased body weight"; "Abnormal heart valve morphology", "... physiology"), and such a pair
reads as a subsumption to the cover above. `contrasts` learns those swaps from the held edges:
a pair of words that tells siblings under one parent apart more often than it tells a child from
its parent is a contrast, and a candidate whose names differ by one is no candidate.

The consolidation night scores this, weighted by where the learner ranks t, as a second
scorer calibrated apart (resident.learning.subsume), for those relations only; a graph without
names, or a relation that is no partial order, is scored by the learner alone, unchanged.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import permutations

from resident.learning.names import words

Triple = tuple[str, str, str]


def idf(bags: Iterable[Iterable[str]]) -> dict[str, float]:
    """Inverse document frequency of each word over the names: log((1 + n) / df)."""
    df: dict[str, int] = {}
    n = 0
    for bag in bags:
        n += 1
        for w in set(bag):
            df[w] = df.get(w, 0) + 1
    return {w: math.log((1 + n) / k) for w, k in df.items()}


def weighted_bags(
    entities: Sequence[str], labels: Mapping[str, str]
) -> tuple[list[str], list[list[tuple[int, float]]]]:
    """(vocabulary, bags): per entity, (word index, IDF weight) for every word of its name (an
    entity without a label has an empty bag)."""
    named = [words(labels.get(e) or "") for e in entities]
    weight = idf(named)
    vocab = sorted(weight)
    row = {w: i for i, w in enumerate(vocab)}
    return vocab, [[(row[w], weight[w]) for w in ws] for ws in named]


def descendants(edges: Iterable[Triple], relation: str) -> dict[str, int]:
    """How many nodes lie below each node along `relation` in the held edges (its generality)."""
    down: dict[str, set[str]] = {}
    for h, r, t in edges:
        if r == relation and h != t:
            down.setdefault(t, set()).add(h)
    memo: dict[str, frozenset[str]] = {}

    def below(x: str) -> frozenset[str]:
        if x in memo:
            return memo[x]
        seen: set[str] = set()
        stack = list(down.get(x, ()))
        while stack:
            y = stack.pop()
            if y in seen:
                continue
            seen.add(y)
            if y in memo:
                seen |= memo[y]
                continue
            stack.extend(down.get(y, ()))
        memo[x] = frozenset(seen)
        return memo[x]

    return {x: len(below(x)) for x in down}


def directed(child: Mapping[str, float], parent: Mapping[str, float], more_general: bool) -> float:
    """The directed score of child -> parent from their weighted word bags (see the module
    docstring); the reference the vectorised scorer is tested against."""
    if not more_general or not child or not parent:
        return 0.0
    shared = [w for w in parent if w in child]
    dot = sum(child[w] * parent[w] for w in shared)
    norm = math.sqrt(sum(v * v for v in child.values()) * sum(v * v for v in parent.values()))
    cover = sum(parent[w] for w in shared) / sum(parent.values())
    return dot / norm * cover if norm > 0 else 0.0


def contrasts(
    edges: Iterable[Triple], relation: str, bags: Mapping[str, frozenset[str]]
) -> frozenset[tuple[str, str]]:
    """The word swaps (a, b) that tell siblings apart under `relation` (see the module
    docstring): two children of one parent whose names differ by a alone one way and b alone the
    other, seen more often than a child that says a under a parent that says b (and not a)."""
    kids: dict[str, list[str]] = {}
    along: Counter[tuple[str, str]] = Counter()
    for h, r, t in edges:
        if r != relation or h == t:
            continue
        kids.setdefault(t, []).append(h)
        child, parent = bags.get(h, frozenset()), bags.get(t, frozenset())
        along.update((a, b) for a in child - parent for b in parent - child)
    between: Counter[tuple[str, str]] = Counter()
    for children in kids.values():
        for x, y in permutations(children, 2):
            only_x, only_y = (
                bags.get(x, frozenset()) - bags.get(y, frozenset()),
                bags.get(y, frozenset()) - bags.get(x, frozenset()),
            )
            if len(only_x) == 1 and len(only_y) == 1:
                between[(next(iter(only_x)), next(iter(only_y)))] += 1
    return frozenset(pair for pair, n in between.items() if n > along[pair])


def swapped(
    child: frozenset[str], parent: frozenset[str], pairs: frozenset[tuple[str, str]]
) -> bool:
    """Whether the child's name says a and the parent's b (and not a) for a learned contrast."""
    return any((a, b) in pairs for a in child - parent for b in parent - child)
