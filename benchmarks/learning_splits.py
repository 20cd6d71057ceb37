"""The two HPO held-out splits proposals are measured on, frozen (definition and hash).

- dev: the first 2,000 terms under Phenotypic abnormality (HP:0000118), breadth first, and the
  is_a edges among them; held out by `split_held_out` (share 0.1): 78 edges. Every rule of
  issue 23 so far was chosen on it (benchmarks/RESULTS-learning.md sections 8 and 9).
- test: the first 4,000 terms in the same order and the is_a edges among them, held out the same
  way; only the held-out edges whose child is one of terms 2,001-4,000 count (60 edges; no
  child of a dev edge among them). Frozen on 2026-12-05 before any rule was measured on it:
  nothing is chosen from it, its numbers are reported beside dev's.

`check` recomputes both from hp.obo and refuses to measure when a hash differs (another
hp.obo release, another split rule): the numbers would no longer be the frozen split's.
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

ROOT = "hp:0000118"  # Phenotypic abnormality
SHARE = 0.1
FROZEN = {
    "obo": "hp/releases/2025-01-16",
    "dev_edges": 78,
    "dev_edges_sha256": "33e521ee276611a62a86f5bc06e9f73bf0b3ecfbf6b0c9583f28f1ae9c9e2339",
    "test_terms_sha256": "0b539b15a7c04563767fe7c9f265b18758a9d724ea9684c9aecbc99a8ad5aaa3",
    "test_edges": 60,
    "test_edges_sha256": "97c5ede67ee528d20ea25d299924a79fa353285955af77a80befd437f488fb24",
}
Triple = tuple[str, str, str]


@dataclass(frozen=True)
class Split:
    name: str
    entities: list[str]
    train: set[Triple]
    test: set[Triple]
    #: The terms whose candidate parents are scored (their held-out edges are `test`).
    heads: set[str]


def digest(rows: Iterable[tuple[str, ...]]) -> str:
    return hashlib.sha256("\n".join("\t".join(x) for x in sorted(rows)).encode()).hexdigest()


def bfs_order(edges: list[tuple[str, str]], n: int, root: str = ROOT) -> list[str]:
    """The first n terms under `root`, breadth first, children in id order (as hpo_subset)."""
    children: dict[str, list[str]] = {}
    for s, o in edges:
        children.setdefault(o, []).append(s)
    keep, queue, order = {root}, deque([root]), [root]
    while queue and len(order) < n:
        for c in sorted(children.get(queue.popleft(), [])):
            if c not in keep and len(order) < n:
                keep.add(c)
                order.append(c)
                queue.append(c)
    return order


def splits(edges: list[tuple[str, str]]) -> dict[str, Split]:
    """dev and test (see the module docstring) from the full ontology's is_a edges."""
    from resident.learning.consolidation import split_held_out

    order = bfs_order(edges, 4000)
    out = {}
    for name, n, heads in (("dev", 2000, set(order[:2000])), ("test", 4000, set(order[2000:]))):
        terms = set(order[:n])
        triples = {(s, "is_a", o) for s, o in edges if s in terms and o in terms}
        train, test = split_held_out(triples, SHARE)
        test = {x for x in test if x[0] in heads}
        out[name] = Split(name, sorted(terms), train, test, heads)
    return out


def check(obo_version: str, got: dict[str, Split]) -> dict[str, Any]:
    """The frozen hashes against these splits; raises when one differs."""
    seen = {
        "obo": obo_version,
        "dev_edges": len(got["dev"].test),
        "dev_edges_sha256": digest(got["dev"].test),
        "test_terms_sha256": digest((x,) for x in got["test"].heads),
        "test_edges": len(got["test"].test),
        "test_edges_sha256": digest(got["test"].test),
    }
    bad = {k: (v, FROZEN[k]) for k, v in seen.items() if v != FROZEN[k]}
    if bad:
        raise RuntimeError(f"the HPO splits are not the frozen ones: {bad}")
    return seen
