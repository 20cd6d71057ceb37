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
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.learning_splits import Split, check, splits
from benchmarks.learning_subsumption import hpo, trained
from resident.learning.second_stage import FEATURES, features, fit_logistic, graph, names_at

ROOT = "hp:0000118"


def probs(model: Any, n: int) -> np.ndarray:
    """(n, n): every entity's softmax over every entity as its is_a tail."""
    from resident.learning.second_stage import relation_probs

    return relation_probs(model, 0, n)


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
    from resident.learning.second_stage import candidates as best

    index = OrderIndex(known, ["is_a"])

    def skip(h: int, t: int) -> bool:
        return (not root and ents[t] == ROOT) or order_verdict(
            index, ents[h], "is_a", ents[t]
        ) is not None

    return best(p, heads, skip, k)


def run(
    split: Split, labels: dict[str, str], per_head: int, use: list[int], root: bool = True
) -> dict[str, Any]:
    from resident.config import load_settings
    from resident.learning.consolidation import split_held_out
    from resident.learning.night_learn import VALIDATION_SHARE
    from resident.learning.proposals import Entailed, calibrate
    from resident.learning.subsume import NameIndex

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
        g = graph(known, "is_a", ents)
        x = features(pairs, p, g, names_at(NameIndex(ents, labels), pairs, g))
        sets[side] = (pairs, x, y)
    stage = fit_logistic(sets["fit"][1][:, use], sets["fit"][2])
    score, w = stage, stage.w
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
