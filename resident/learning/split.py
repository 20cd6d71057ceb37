"""Stable hash splits of a night's positives (pure; no graph, no torch): the held-out edges a
night is measured and calibrated on, and the validation edges its learner stops training by
(resident.learning.night_learn). Here rather than in consolidation so that the learner's child,
which never imports the graph's modules, draws the same kind of split."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

Triple = tuple[str, str, str]


def _hash_unit(subject: str, predicate: str, obj: str, salt: str = "") -> float:
    digest = hashlib.sha256(f"{salt}{subject}\x1f{predicate}\x1f{obj}".encode()).digest()
    return int.from_bytes(digest[:4], "big") / 2**32


def held_out(subject: str, predicate: str, obj: str, share: float) -> bool:
    """A stable split by hash: the same triple is a held-out candidate every night."""
    return _hash_unit(subject, predicate, obj) < share


def split_held_out(
    triples: Iterable[Triple], share: float, salt: str = ""
) -> tuple[set[Triple], set[Triple]]:
    """(train, test): the hash-chosen candidates are held out only while both their ends keep a
    training edge. In a hierarchy most terms are leaves with one parent: holding out a leaf's only
    edge leaves it unseen in training, a link no learner can predict (the held-out ranks were near
    chance for that reason). Candidates go in hash order, so the split is stable. Another `salt`
    draws another split (a benchmark's edges MAX is never told, apart from the night's own)."""
    ts = set(triples)
    degree: dict[str, int] = {}
    for h, _, t in ts:
        degree[h] = degree.get(h, 0) + 1
        degree[t] = degree.get(t, 0) + 1
    test: set[Triple] = set()
    unit = {x: _hash_unit(*x, salt=salt) for x in ts}
    for h, r, t in sorted((x for x in ts if unit[x] < share), key=unit.__getitem__):
        if h != t and degree[h] > 1 and degree[t] > 1:
            degree[h] -= 1
            degree[t] -= 1
            test.add((h, r, t))
    return ts - test, test
