"""A second stage that orders the learner's candidates ACROSS heads (issue 23, RESULTS-learning
section 20): the Forward-Forward learner proposes each head's best tails (its first stage,
unchanged); a small logistic model over features of each candidate (head, tail) re-scores
them so that one threshold can hold across heads.

Protocol, as a night would run it, on one frozen HPO split (benchmarks.learning_splits):
- the split's training edges are what the night holds; it sets aside its validation share
  (`split_held_out(..., salt="validation")`, the night's own rule) and trains the learner on the
  rest (the shipped settings, one night);
- FIT: the candidates (each head's `--per-head` best tails, none the held graph already orders)
  with the graph the learner saw (training less validation), labelled true when a validation
  edge or one the graph with it entails (`proposals.Entailed`);
- JUDGE: the same learner's candidates with everything held known (validation included), the
  features recomputed on that graph, labelled true when a held-out edge (the split's test side)
  or entailed; the logistic model's probability is calibrated as the night calibrates
  (`proposals.calibrate`: precision target, least support, Wilson 90% lower bound) and compared
  with the learner's own score over the same candidates.

`python -m benchmarks.learning_second_stage [dev|test] [--per-head K] [--no-root] [--drop i,j]`
prints markdown (`--no-root`: the subset's root is never a tail; `--drop`: FEATURES left out by
index, for ablations). The dev learner's scores are cached in /tmp between runs (the same seeded
learner). Features were chosen on dev only; the test split was run once, at the end (section 20).
"""

from __future__ import annotations

import math
import sys
import time
from collections import deque
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.learning_splits import Split, check, splits
from benchmarks.learning_subsumption import hpo, trained

ROOT = "hp:0000118"
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


def probs(model: Any, n: int) -> np.ndarray:
    """(n, n): every entity's softmax over every entity as its is_a tail."""
    import torch

    from resident.learning.scoring import tail_probs

    out = np.zeros((n, n), dtype=np.float32)
    step = max(1, 2_000_000 // (n * model.ent.embedding_dim))
    for lo in range(0, n, step):
        hs = torch.arange(lo, min(n, lo + step))
        q = torch.stack([hs, torch.zeros_like(hs), torch.zeros_like(hs)], 1)
        out[lo : lo + len(hs)] = tail_probs(model, q).numpy()
    return out


def graph(edges: set[tuple[str, str, str]], ents: list[str]) -> dict[str, Any]:
    """The held graph's parents, children, depths and descendant counts, by entity index."""
    from resident.learning.lexical import descendants

    ei = {e: i for i, e in enumerate(ents)}
    up: dict[int, set[int]] = {}
    down: dict[int, set[int]] = {}
    for h, _, t in edges:
        up.setdefault(ei[h], set()).add(ei[t])
        down.setdefault(ei[t], set()).add(ei[h])
    depth = {ei[ROOT]: 0}
    queue = deque([ei[ROOT]])
    while queue:
        x = queue.popleft()
        for c in down.get(x, ()):
            if c not in depth:
                depth[c] = depth[x] + 1
                queue.append(c)
    below = descendants(edges, "is_a")
    return {"up": up, "down": down, "depth": depth,
            "below": np.array([below.get(e, 0) for e in ents], dtype=np.float32)}  # fmt: skip


def candidates(
    p: np.ndarray,
    ents: list[str],
    heads: list[int],
    known: set[tuple[str, str, str]],
    k: int,
    root: bool = True,
) -> list[tuple[int, int]]:
    """Each head's best k tails by the learner that the known graph neither holds nor orders
    (without `root`: never the subset's root, a parent every term has by entailment)."""
    from resident.learning.proposals import OrderIndex, order_verdict

    index = OrderIndex(known, ["is_a"])
    out = []
    top = np.argsort(-p[heads], axis=1)[:, : 4 * k + 8]
    for h, row in zip(heads, top, strict=True):
        kept = 0
        for t in row.tolist():
            if kept == k:
                break
            if (
                t == h
                or (not root and ents[t] == ROOT)
                or order_verdict(index, ents[h], "is_a", ents[t]) is not None
            ):
                continue
            out.append((h, int(t)))
            kept += 1
    return out


def features(
    pairs: list[tuple[int, int]], p: np.ndarray, g: dict[str, Any], names: np.ndarray
) -> np.ndarray:
    """One row of FEATURES per candidate (head, tail)."""
    rank = np.argsort(np.argsort(-p, axis=1), axis=1)  # the tail's rank in its head's row
    rrank = np.argsort(np.argsort(-p, axis=0), axis=0)  # the head's rank in its tail's column
    best = p.max(1)
    col = p.sum(0)
    up, down, depth = g["up"], g["down"], g["depth"]
    rows = []
    for h, t in pairs:
        sibs = {s for q in up.get(h, ()) for s in down.get(q, ()) if s != h}
        sib_parents = {q for s in sibs for q in up.get(s, ())}
        dd = depth[h] - depth[t] if h in depth and t in depth else 0
        rows.append([
            math.log(p[h, t] + 1e-12), math.log1p(rank[h, t]),
            math.log(p[h, t] + 1e-12) - math.log(best[h] + 1e-12), math.log1p(rrank[h, t]),
            math.log(p[h, t] / (col[t] + 1e-12) + 1e-12), float(names[h, t]),
            float(t in sib_parents), float(dd), float(not up.get(h)),
            math.log1p(len(up.get(h, ()))), math.log1p(float(g["below"][t])),
            math.log1p(len(down.get(h, ()))),
        ])  # fmt: skip
    return np.asarray(rows, dtype=np.float64)


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float = 1.0, steps: int = 50) -> Any:
    """Standardised L2 logistic regression by Newton's method (a few dozen features)."""
    mu, sd = x.mean(0), x.std(0) + 1e-9
    z = np.hstack([(x - mu) / sd, np.ones((len(x), 1))])
    w = np.zeros(z.shape[1])
    reg = l2 * np.eye(len(w))
    reg[-1, -1] = 0.0
    for _ in range(steps):
        q = 1 / (1 + np.exp(-z @ w))
        grad = z.T @ (q - y) + reg @ w
        hess = (z * (q * (1 - q))[:, None]).T @ z + reg
        w -= np.linalg.solve(hess, grad)
    return lambda xx: 1 / (1 + np.exp(-np.hstack([(xx - mu) / sd, np.ones((len(xx), 1))]) @ w)), w


def name_matrix(ents: list[str], labels: dict[str, str], known: set[Any]) -> np.ndarray:
    import torch

    from resident.learning.lexical import descendants
    from resident.learning.subsume import NameIndex

    idx = NameIndex(ents, labels)
    below = descendants(known, "is_a")
    general = torch.tensor([below.get(e, 0) for e in ents], dtype=torch.float)
    out = np.zeros((len(ents), len(ents)), dtype=np.float32)
    for lo in range(0, len(ents), 256):
        hs = torch.arange(lo, min(len(ents), lo + 256))
        out[lo : lo + len(hs)] = idx.directed(hs, general).numpy()
    return out


def run(
    split: Split, labels: dict[str, str], per_head: int, use: list[int], root: bool = True
) -> dict[str, Any]:
    from resident.config import load_settings
    from resident.learning.consolidation import split_held_out
    from resident.learning.night_learn import VALIDATION_SHARE
    from resident.learning.proposals import Entailed, calibrate

    cc = load_settings(env={}).consolidation
    t0 = time.perf_counter()
    fit_train, valid = split_held_out(split.train, VALIDATION_SHARE, salt="validation")
    ents = split.entities
    cache = Path(f"/tmp/learning_second_stage_{split.name}.npy")
    if cache.exists():  # the same seeded learner: its scores, not retrained for each ablation
        p = np.load(cache)
    else:
        model, data = trained(Split(split.name, ents, fit_train, valid, split.heads), labels)
        p = probs(model, len(ents))
        np.save(cache, p)
    heads = sorted(i for i, e in enumerate(ents) if e in split.heads)
    t_learn = time.perf_counter() - t0
    sets = {}
    for side, known, missing in (("fit", fit_train, valid), ("judge", split.train, split.test)):
        pairs = candidates(p, ents, heads, known, per_head, root)
        truth = Entailed(known, missing, ["is_a"])
        y = np.array([truth(ents[h], "is_a", ents[t]) for h, t in pairs], dtype=np.float64)
        x = features(pairs, p, graph(known, ents), name_matrix(ents, labels, known))
        sets[side] = (pairs, x, y)
    score, w = fit_logistic(sets["fit"][1][:, use], sets["fit"][2])
    _, xj, yj = sets["judge"]
    out: dict[str, Any] = {"split": split.name, "learn_s": round(t_learn, 1),
                           "s": round(time.perf_counter() - t0, 1),
                           "fit": (len(sets["fit"][2]), int(sets["fit"][2].sum())),
                           "judge": (len(yj), int(yj.sum())),
                           "weights": dict(zip([FEATURES[i] for i in use], w[:-1].round(2),
                                               strict=True))}  # fmt: skip
    for name, s in (("learner", xj[:, 0]), ("second stage", score(xj[:, use]))):
        cal = calibrate(list(zip(s.tolist(), yj.astype(bool).tolist(), strict=True)),
                        cc.precision_target, cc.min_calibration_support)  # fmt: skip
        order = np.argsort(-s)
        out[name] = {
            "cal": cal,
            **{f"p@{k}": float(yj[order[:k]].mean()) for k in (5, 10, 20, 50, 100)},
        }
        pj = sets["judge"][0]
        out[name]["top"] = [
            (
                ents[pj[i][0]],
                ents[pj[i][1]],
                bool(yj[i]),
                (ents[pj[i][0]], "is_a", ents[pj[i][1]]) in split.test,
                int(xj[i, 10] and math.expm1(xj[i, 10])),
            )
            for i in order[:30]
        ]
    return out


def main(argv: list[str]) -> None:
    per_head = int(argv[argv.index("--per-head") + 1]) if "--per-head" in argv else 3
    drop = (
        {int(x) for x in argv[argv.index("--drop") + 1].split(",")} if "--drop" in argv else set()
    )
    root = "--no-root" not in argv
    names = [a for a in argv if a in ("dev", "test")] or ["dev"]
    use = [i for i in range(len(FEATURES)) if i not in drop]
    edges, labels, release = hpo()
    got = splits(edges)
    check(release, got)
    print("| split | per head | candidates fit (true) | judged (true) | scorer | threshold | "
          "precision there (support) | Wilson 90% lower | p@5 / 10 / 20 / 50 / 100 |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|")
    for name in names:
        o = run(got[name], labels, per_head, use, root)
        for sc in ("learner", "second stage"):
            m, cal = o[sc], o[sc]["cal"]
            th = "none" if cal.threshold is None else f"{cal.threshold:.4f}"
            ps = " / ".join(f"{m[f'p@{k}']:.2f}" for k in (5, 10, 20, 50, 100))
            print(f"| {name} | {per_head} | {o['fit'][0]} ({o['fit'][1]}) | {o['judge'][0]} "
                  f"({o['judge'][1]}) | {sc} | {th} | {cal.precision:.2f} ({cal.support}) | "
                  f"{cal.lower:.2f} | {ps} |", flush=True)  # fmt: skip
        print(f"\n{name}: learner {o['learn_s']} s, all {o['s']} s; weights {o['weights']}\n")


if __name__ == "__main__":
    main(sys.argv[1:])
