"""A second stage that orders the learner's candidates ACROSS heads (issue 23; RESULTS-learning
sections 20-21). The Forward-Forward learner's softmax over tails is a within-head ordering: its
best tail for one head and for another are not comparable, so no one threshold held across heads
(sections 16-19: the learner's own calibration found none). The second stage keeps the learner as
the first stage (each head's best `PER_HEAD` tails of a partial order) and re-scores each
candidate (head h, tail t) by a small logistic model over FEATURES: the learner's own numbers,
the names' directed subsumption and the held graph's shape around h and t.

A night fits it on its validation edges (what the learner did not train on): the candidates with
the graph the learner saw, true when a validation edge or one that graph with it entails
(`proposals.Entailed`); the night then calibrates its probability on the held-out edges as it
calibrates any scorer (`night_learn._calibrate`). The root of each partial order (its parentless
node with the most descendants) is never a tail: every term has it by entailment, and "X is_a
Phenotypic abnormality" is no knowledge (section 20.1).

Memory: the learner's (entities x entities) probabilities for each partial order are float32;
ranks are counted for the candidates only, a block of them at a time, into int32 (no rank
matrix is held).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from resident.learning.lexical import descendants

Triple = tuple[str, str, str]
Candidates = list[tuple[float, int, int, int]]
#: Each head's best tails by the learner that the second stage re-scores (chosen on dev,
#: section 20.2: 30 held a threshold at 0.30 on 63 candidates, 3 none without the root).
PER_HEAD = 30
#: Candidates whose ranks are counted at once (a (block, entities) float32 slab each side).
RANK_BLOCK = 512
#: Heads whose best tails are picked at once: argpartition's int64 indices are a (block,
#: entities) array, 8 MB for 512 heads of 2,000 entities.
HEAD_BLOCK = 128
FEATURES = (
    "log p",
    "log rank in head",
    "margin to head's best",
    "log reverse rank",
    "log share of the tail's column",
    "names' directed subsumption",
    "tail is a parent of a sibling",
    "depth difference",
    "head has no parent held",
    "log parents of the head",
    "log descendants of the tail",
    "log children of the head",
)


@dataclass(frozen=True)
class Graph:
    """One partial order's held edges by entity index: parents, children, depth from its root,
    and each entity's descendants (its generality)."""

    up: dict[int, set[int]]
    down: dict[int, set[int]]
    depth: dict[int, int]
    below: np.ndarray
    root: int | None
    _sib_parents: dict[int, set[int]] = field(default_factory=dict)

    def sibling_parents(self, h: int) -> set[int]:
        """The parents of h's siblings (memoised: a head has up to PER_HEAD candidates)."""
        if h not in self._sib_parents:
            sibs = {s for q in self.up.get(h, ()) for s in self.down.get(q, ()) if s != h}
            self._sib_parents[h] = {q for s in sibs for q in self.up.get(s, ())}
        return self._sib_parents[h]


def root_of(edges: Iterable[Triple], relation: str) -> str | None:
    """The partial order's root: of its nodes with no parent, the one with most descendants."""
    edges = list(edges)
    heads = {h for h, r, _ in edges if r == relation}
    tops = {t for _, r, t in edges if r == relation} - heads
    if not tops:
        return None
    below = descendants(edges, relation)
    return max(sorted(tops), key=lambda x: below.get(x, 0))


def graph(edges: Iterable[Triple], relation: str, entities: Sequence[str]) -> Graph:
    """The held graph of `relation` over `entities` (edges naming others are left out)."""
    ei = {e: i for i, e in enumerate(entities)}
    held = [(h, r, t) for h, r, t in edges if r == relation and h in ei and t in ei]
    up: dict[int, set[int]] = {}
    down: dict[int, set[int]] = {}
    for h, _, t in held:
        up.setdefault(ei[h], set()).add(ei[t])
        down.setdefault(ei[t], set()).add(ei[h])
    top = root_of(held, relation)
    root = None if top is None else ei[top]
    depth: dict[int, int] = {} if root is None else {root: 0}
    queue = deque(depth)
    while queue:
        x = queue.popleft()
        for c in down.get(x, ()):
            if c not in depth:
                depth[c] = depth[x] + 1
                queue.append(c)
    below = descendants(held, relation)
    counts = np.array([below.get(e, 0) for e in entities], dtype=np.float32)
    return Graph(up, down, depth, counts, root)


def relation_probs(model: Any, relation: int, n: int) -> np.ndarray:
    """(n, n) float32: every entity's softmax over every entity as its tail under `relation`."""
    import torch

    from resident.learning.scoring import CANDIDATE_FLOATS, tail_probs

    out = np.zeros((n, n), dtype=np.float32)
    step = max(1, CANDIDATE_FLOATS // (n * model.ent.embedding_dim))
    with torch.no_grad():
        for lo in range(0, n, step):
            hs = torch.arange(lo, min(n, lo + step))
            q = torch.stack([hs, torch.full_like(hs, relation), torch.zeros_like(hs)], 1)
            out[lo : lo + len(hs)] = tail_probs(model, q).numpy()
    return out


def candidates(
    p: np.ndarray, heads: Sequence[int], skip: Callable[[int, int], bool], k: int
) -> list[tuple[int, int]]:
    """Each head's best k tails by the learner that `skip` lets through."""
    out: list[tuple[int, int]] = []
    look = min(p.shape[1], 4 * k + 8)  # a few spare for what `skip` drops
    # A block of heads at a time: argpartition's int64 indices are a (block, entities) array.
    for lo in range(0, len(heads), HEAD_BLOCK):
        block = list(heads[lo : lo + HEAD_BLOCK])
        top = np.argpartition(-p[block], look - 1, axis=1)[:, :look]
        for h, row in zip(block, top, strict=True):
            kept = 0
            for t in sorted(row.tolist(), key=lambda t: (-p[h, t], t)):
                if kept == k:
                    break
                if t == h or skip(h, t):
                    continue
                out.append((h, int(t)))
                kept += 1
    return out


def ranks(p: np.ndarray, pairs: Sequence[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
    """int32 (rank of t in h's row, rank of h in t's column) for each pair, 0 the best (ties
    share a rank), counted a block of pairs at a time."""
    rank = np.zeros(len(pairs), dtype=np.int32)
    rrank = np.zeros(len(pairs), dtype=np.int32)
    if not pairs:
        return rank, rrank
    hs = np.fromiter((h for h, _ in pairs), dtype=np.int64, count=len(pairs))
    ts = np.fromiter((t for _, t in pairs), dtype=np.int64, count=len(pairs))
    for lo in range(0, len(pairs), RANK_BLOCK):
        h, t = hs[lo : lo + RANK_BLOCK], ts[lo : lo + RANK_BLOCK]
        v = p[h, t][:, None]
        rank[lo : lo + len(h)] = (p[h] > v).sum(1, dtype=np.int32)
        rrank[lo : lo + len(h)] = (v < p[:, t].T).sum(1, dtype=np.int32)
    return rank, rrank


def names_at(names: Any, pairs: Sequence[tuple[int, int]], g: Graph) -> np.ndarray:
    """The names' directed subsumption (`subsume.NameIndex.directed`) of each pair, a block of
    heads at a time (never the whole (entities x entities) matrix)."""
    import torch

    out = np.zeros(len(pairs), dtype=np.float64)
    if not names.named or not pairs:
        return out
    general = torch.from_numpy(g.below)
    by_head: dict[int, list[int]] = {}
    for i, (h, _) in enumerate(pairs):
        by_head.setdefault(h, []).append(i)
    heads = sorted(by_head)
    with torch.no_grad():
        for lo in range(0, len(heads), 256):
            block = heads[lo : lo + 256]
            rows = names.directed(torch.tensor(block, dtype=torch.long), general).numpy()
            for j, h in enumerate(block):
                for i in by_head[h]:
                    out[i] = rows[j, pairs[i][1]]
    return out


def features(
    pairs: Sequence[tuple[int, int]], p: np.ndarray, g: Graph, names: np.ndarray
) -> np.ndarray:
    """One row of FEATURES per candidate (head, tail); `names`: the names' feature per pair.
    Filled column by column into one float64 array (a list of Python rows for 60,000
    candidates held tens of MB more at the night's peak)."""
    n = len(pairs)
    x = np.zeros((n, len(FEATURES)), dtype=np.float64)
    if not n:
        return x
    rank, rrank = ranks(p, pairs)
    hs = np.fromiter((h for h, _ in pairs), dtype=np.int64, count=n)
    ts = np.fromiter((t for _, t in pairs), dtype=np.int64, count=n)
    pv = p[hs, ts].astype(np.float64)
    best = p.max(1).astype(np.float64)
    col = p.sum(0).astype(np.float64)
    ups = np.array([len(g.up.get(i, ())) for i in range(len(p))], dtype=np.float64)
    downs = np.array([len(g.down.get(i, ())) for i in range(len(p))], dtype=np.float64)
    depth = g.depth
    x[:, 0] = np.log(pv + 1e-12)
    x[:, 1] = np.log1p(rank.astype(np.float64))
    x[:, 2] = x[:, 0] - np.log(best[hs] + 1e-12)
    x[:, 3] = np.log1p(rrank.astype(np.float64))
    x[:, 4] = np.log(pv / (col[ts] + 1e-12) + 1e-12)
    x[:, 5] = names
    x[:, 6] = np.fromiter((t in g.sibling_parents(h) for h, t in pairs), dtype=np.float64, count=n)
    x[:, 7] = np.fromiter(
        (depth[h] - depth[t] if h in depth and t in depth else 0 for h, t in pairs),
        dtype=np.float64,
        count=n,
    )
    x[:, 8] = ups[hs] == 0
    x[:, 9] = np.log1p(ups[hs])
    x[:, 10] = np.log1p(g.below[ts].astype(np.float64))
    x[:, 11] = np.log1p(downs[hs])
    return x


@dataclass(frozen=True)
class Logistic:
    """A fitted logistic model over standardised features."""

    mu: np.ndarray
    sd: np.ndarray
    w: np.ndarray

    def __call__(self, x: np.ndarray) -> np.ndarray:
        z = np.hstack([(x - self.mu) / self.sd, np.ones((len(x), 1))])
        return np.asarray(1 / (1 + np.exp(-z @ self.w)))


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float = 1.0, steps: int = 50) -> Logistic:
    """Standardised L2 logistic regression by Newton's method (a dozen features)."""
    mu, sd = x.mean(0), x.std(0) + 1e-9
    z = np.hstack([(x - mu) / sd, np.ones((len(x), 1))])
    w = np.zeros(z.shape[1])
    reg = l2 * np.eye(len(w))
    reg[-1, -1] = 0.0  # the intercept is not shrunk
    for _ in range(steps):
        q = 1 / (1 + np.exp(-z @ w))
        grad = z.T @ (q - y) + reg @ w
        hess = (z * (q * (1 - q))[:, None]).T @ z + reg
        w = w - np.linalg.solve(hess, grad)
    return Logistic(mu, sd, w)


@dataclass
class Stage:
    """The second stage of one night: for each partial order fitted, the learner's
    probabilities, the logistic model, and the heads it proposes for."""

    entities: Sequence[str]
    names: Any
    probs: dict[int, np.ndarray]
    models: dict[int, Logistic]
    heads: dict[int, list[int]]
    #: (candidates, true) each relation was fitted on, for the night's report.
    fitted: dict[int, tuple[int, int]]

    def pool(
        self, r: int, edges: Iterable[Triple], relation: str, skip: Callable[[int, int], bool]
    ) -> tuple[list[tuple[int, int]], np.ndarray]:
        """Relation r's candidates (never its root a tail) and their FEATURES on `edges`."""
        g = graph(edges, relation, self.entities)
        p = self.probs[r]

        def no(h: int, t: int) -> bool:
            return t == g.root or skip(h, t)

        pairs = candidates(p, self.heads[r], no, PER_HEAD)
        return pairs, features(pairs, p, g, names_at(self.names, pairs, g))

    def generator(
        self, edges: Sequence[Triple], relations: Sequence[str]
    ) -> Callable[[Callable[[int, int, int], bool]], Candidates]:
        """The night's candidate generator: each fitted relation's candidates with the features
        of the graph `edges` (what is held when it runs), scored by the second stage."""

        def generate(skip: Callable[[int, int, int], bool]) -> Candidates:
            out: Candidates = []
            for r, model in sorted(self.models.items()):

                def keep_out(h: int, t: int, r: int = r) -> bool:
                    return skip(h, r, t)

                pairs, x = self.pool(r, edges, relations[r], keep_out)
                if pairs:
                    s = model(x)
                    out.extend(
                        (round(float(v), 6), h, r, t)
                        for v, (h, t) in zip(s.tolist(), pairs, strict=True)
                    )
            return out

        return generate


def fit(
    model: Any,
    entities: Sequence[str],
    relations: Sequence[str],
    seen: Sequence[Triple],
    valid: Sequence[Triple],
    heads: Mapping[int, list[int]],
    names: Any,
    orders: Sequence[str],
    least: int,
) -> Stage | None:
    """The second stage fitted on the validation edges: for each partial order with at least
    `least` of them among `valid`, the learner's candidates with only `seen` (what it trained
    on) held, true when a validation edge or entailed. None when no relation could be fitted
    (a night then proposes by the learner's own score, as before)."""
    from resident.learning.proposals import Entailed, OrderIndex, order_verdict

    index = OrderIndex(seen, orders)
    held = set(seen)
    stage = Stage(entities, names, {}, {}, {}, {})
    for r, rel in enumerate(relations):
        if rel not in orders or not heads.get(r):
            continue
        missing = [x for x in valid if x[1] == rel]
        if len(missing) < least:
            continue
        truth = Entailed(seen, missing, orders)
        stage.probs[r] = relation_probs(model, r, len(entities))
        stage.heads[r] = sorted(heads[r])

        def skip(h: int, t: int, rel: str = rel) -> bool:
            x = (entities[h], rel, entities[t])
            return x in held or order_verdict(index, *x) is not None

        pairs, x = stage.pool(r, seen, rel, skip)
        y = np.array([truth(entities[h], rel, entities[t]) for h, t in pairs], dtype=np.float64)
        if not y.any() or y.all():
            del stage.probs[r], stage.heads[r]
            continue
        stage.models[r] = fit_logistic(x, y)
        stage.fitted[r] = (len(y), int(y.sum()))
    return stage if stage.models else None
