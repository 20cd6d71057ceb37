"""Proposals on the two frozen HPO splits (benchmarks.learning_splits), dev and test side by
side: one night's learner (the shipped settings) is trained on each split's training edges, then
the night's two scorers (the learner alone; the names' directed subsumption ranked with it) are
calibrated on the split's held-out edges exactly as a night does; reported: the threshold at the
precision target, the held-out precision there and its support, precision among the top 5/10/20
candidates, and the proposals a night would write (at most proposals_per_night) checked against
the FULL hp.obo (true: held or entailed; reversed: the ontology holds the opposite direction).

`python -m benchmarks.learning_subsumption` prints a markdown table (no file is written);
`... --night [dev|test]`: a whole night on a graph that really misses the split's held-out edges
(`night`), what it writes checked against the full ontology.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from benchmarks.learning_nightly import ancestors
from benchmarks.learning_splits import SHARE, Split, check, splits


def hpo() -> tuple[list[tuple[str, str]], dict[str, str], str]:
    """The full ontology's is_a edges, its labels, and its release."""
    import pyarrow.compute as pc

    from resident.ingest.obo import parse_obo
    from resident.ingest.sources import hpo_data

    path = Path(hpo_data()) / "hp.obo"
    with path.open() as fh:
        release = next(x for x in fh if x.startswith("data-version:")).split(":", 1)[1].strip()
    parsed = parse_obo(path, 0.9)
    isa = parsed.claims.filter(pc.equal(parsed.claims["predicate"], "is_a"))
    edges = list(zip(isa["subject"].to_pylist(), isa["object_entity"].to_pylist(), strict=True))
    ids, names = parsed.entities["id"].to_pylist(), parsed.entities["label"].to_pylist()
    return edges, dict(zip(ids, names, strict=True)), release


def trained(split: Split, labels: dict[str, str]) -> tuple[Any, Any]:
    """A fresh learner trained one night (the shipped settings) on the split's training edges."""
    import torch

    from resident.config import load_settings
    from resident.learning.ff import TrainConfig, Triples, train_ff
    from resident.learning.names import name_bags
    from resident.learning.scoring import resume

    cfg = load_settings(env={}).learning
    torch.manual_seed(cfg.seed)
    torch.set_num_threads(cfg.threads)
    ents = split.entities
    ei = {e: i for i, e in enumerate(ents)}

    def rows(ts: set[tuple[str, str, str]]) -> torch.Tensor:
        return torch.tensor([[ei[h], 0, ei[t]] for h, _, t in sorted(ts)]).reshape(-1, 3)

    data = Triples(rows(split.train), torch.zeros((0, 3), dtype=torch.long), rows(split.test),
                   ents, ["is_a"])  # fmt: skip
    words, bags = name_bags(ents, labels)
    model, history, _, _, _ = resume(None, len(ents), 1, cfg.dim, len(words))
    model.set_names(bags)
    tc = TrainConfig(dim=cfg.dim, epochs=cfg.epochs_per_night, batch=cfg.batch, seed=cfg.seed,
                     negatives=cfg.negatives, full_contrast_max=cfg.full_contrast_max_entities,
                     lr=cfg.lr, negatives_from_range=cfg.negatives_from_range)  # fmt: skip
    train_ff(model, data, tc, history)
    model.eval()
    return model, data


def measure(split: Split, labels: dict[str, str], up: dict[str, set[str]]) -> dict[str, Any]:
    """Both scorers of one night on one split (see the module docstring)."""
    from resident.config import load_settings
    from resident.learning.proposals import Entailed, OrderIndex, calibrate, order_verdict
    from resident.learning.subsume import calibrated, generators

    s = load_settings(env={})
    cc, per_night = s.consolidation, s.learning.proposals_per_night
    t0 = time.perf_counter()
    model, data = trained(split, labels)
    ents, index = data.entities, OrderIndex(split.train, ["is_a"])
    heads = {i for i, e in enumerate(ents) if e in split.heads}
    pairs = sorted({(h, 0) for h, _, _ in data.train.tolist() if h in heads})

    def skip(h: int, r: int, t: int) -> bool:
        return order_verdict(index, ents[h], "is_a", ents[t]) is not None

    out: dict[str, Any] = {"split": split.name, "train_s": round(time.perf_counter() - t0, 1)}
    gens = generators(model, data, pairs, sorted(split.train), labels, ["is_a"],
                      cc.candidates_per_pair)  # fmt: skip
    entailed = Entailed(split.train, split.test, ["is_a"])
    for name, gen in zip(("learner", "names"), gens, strict=True):
        cands = sorted(gen(skip), key=lambda c: -c[0])
        named = [(s, ents[h], ents[t]) for s, h, _, t in cands]
        hits = [(h, "is_a", t) in split.test for _, h, t in named]
        if name == "learner":
            cal = calibrate(list(zip([c[0] for c in cands], hits, strict=True)),
                            cc.precision_target, cc.min_calibration_support)  # fmt: skip
        else:
            # The night's own rule: per relation, true when held out or entailed.
            cal, above = calibrated(gen, data, ["is_a"], cc)
            hits = [entailed(h, "is_a", t) for _, h, t in named]
        written = [] if cal.threshold is None else [x for x in named if x[0] >= cal.threshold]
        written = written[:per_night]
        out[name] = {
            "candidates": len(cands),
            "held_out_among": sum(hits),
            "threshold": cal.threshold,
            "precision": cal.precision,
            "lower": cal.lower,
            "support": cal.support,
            "exact": _exact(named, split.test, cal.threshold),
            **{f"p@{k}": round(sum(hits[:k]) / k, 2) for k in (5, 10, 20)},
            "written": len(written),
            "true": sum(1 for _, h, t in written if t in up.get(h, set())),
            "reversed": sum(1 for _, h, t in written if h in up.get(t, set())),
            "examples": [f"{labels[h]} is_a {labels[t]} ({s:.3f})" for s, h, t in written[:5]],
        }
    return out


def night(split: Split, labels: dict[str, str], up: dict[str, set[str]]) -> dict[str, Any]:
    """A night on a graph that really misses the split's held-out edges: MAX holds the split's
    training edges only; the night holds out its own share of those (the night's rule), trains
    its learner on the rest, calibrates the names' scorer there, then proposes with everything
    MAX holds known (at most proposals_per_night above the threshold). What it writes is checked
    against the FULL hp.obo and against the edges MAX was missing."""
    from resident.config import load_settings
    from resident.learning.consolidation import split_held_out
    from resident.learning.proposals import OrderIndex, order_verdict
    from resident.learning.subsume import calibrated, generators

    s = load_settings(env={})
    cc, per_night = s.consolidation, s.learning.proposals_per_night
    t0 = time.perf_counter()
    # The night's split is a stable hash: at SHARE it would pick again the edges already missing
    # (none left); at 2 * SHARE it holds out the next tenth, as a night would at that share.
    inner_train, inner_test = split_held_out(split.train, 2 * SHARE)
    inner = Split(split.name, split.entities, inner_train, inner_test, split.heads)
    model, data = trained(inner, labels)
    ents, index = data.entities, OrderIndex(split.train, ["is_a"])
    heads = {i for i, e in enumerate(ents) if e in split.heads}
    pairs = sorted({(h, 0) for h, _, _ in data.train.tolist() if h in heads})
    gen = generators(model, data, pairs, sorted(inner_train), labels, ["is_a"],
                     cc.candidates_per_pair)[1]  # fmt: skip
    cal, above = calibrated(gen, data, ["is_a"], cc)

    def skip(h: int, r: int, t: int) -> bool:
        triple = (ents[h], "is_a", ents[t])
        return triple in split.train or order_verdict(index, *triple) is not None

    found = [] if cal.threshold is None else above(skip)
    written = sorted(((s, ents[h], ents[t]) for s, h, _, t in found), key=lambda x: -x[0])
    written = written[:per_night]
    return {
        "split": split.name,
        "night_held_out": len(inner_test),
        "s": round(time.perf_counter() - t0, 1),
        "threshold": cal.threshold,
        "precision": cal.precision,
        "support": cal.support,
        "lower": cal.lower,
        "written": len(written),
        "true": sum(1 for _, h, t in written if t in up.get(h, set())),
        "missing": sum(1 for _, h, t in written if (h, "is_a", t) in split.test),
        "reversed": sum(1 for _, h, t in written if h in up.get(t, set())),
        "examples": [
            f"{labels[h]} is_a {labels[t]} ({s:.3f}, "
            f"{'true' if t in up.get(h, set()) else 'false'})"
            for s, h, t in written[:8]
        ],  # fmt: skip
    }


def simulated_nights(
    split: Split,
    labels: dict[str, str],
    up: dict[str, set[str]],
    nights: int = 10,
    answer_share: float = 0.5,
) -> list[dict[str, Any]]:
    """Nights on a graph that misses edges, with a person's answers between them, cheaply: MAX
    holds the split's graph less a withheld share (the nightly benchmark's salted split), one
    learner is trained once on the night's training edges and stands for every night's (the
    held-out split is a stable hash, so each night's calibration pool is the same), and each
    night calibrates with the ledger's answers (resident.learning.answers), writes what passes,
    and ages its open proposals (decay after the ttl). Between nights a new person answers each
    open proposal with probability `answer_share` (stable hash of the proposal and the day),
    from the FULL hp.obo. Scored heads: the split's own (test: terms 2,001-4,000)."""
    from datetime import UTC, datetime, timedelta

    from resident.config import load_settings
    from resident.learning.answers import answered
    from resident.learning.consolidation import _hash_unit, split_held_out
    from resident.learning.proposals import Ledger, OrderIndex, Proposal, order_verdict, review
    from resident.learning.subsume import calibrated, generators

    s = load_settings(env={})
    cc, per_night = s.consolidation, s.learning.proposals_per_night
    holds, gone = split_held_out(split.train | split.test, SHARE, salt="withheld")
    inner_train, inner_test = split_held_out(holds, s.learning.held_out_share)
    model, data = trained(Split(split.name, split.entities, inner_train, inner_test,
                                split.heads), labels)  # fmt: skip
    ents, index = data.entities, OrderIndex(holds, ["is_a"])
    heads = {i for i, e in enumerate(ents) if e in split.heads}
    pairs = sorted({(h, 0) for h, _, _ in data.train.tolist() if h in heads})
    gen = generators(model, data, pairs, sorted(inner_train), labels, ["is_a"],
                     cc.candidates_per_pair)[1]  # fmt: skip
    ledger, out = Ledger(), []
    for night in range(nights):
        now = datetime(2026, 3, 1, 2, 45, tzinfo=UTC) + timedelta(days=night)
        ledger = Ledger(proposals=[
            review(p, set(), index, False, cc.proposal_ttl_nights, now).proposal
            if p.status == "open" else p for p in ledger.proposals])  # fmt: skip
        cal, above = calibrated(gen, data, ["is_a"], cc, ledger)
        ever = ledger.ever()

        def skip(h: int, r: int, t: int, ever: set[tuple[str, str, str]] = ever) -> bool:
            triple = (ents[h], "is_a", ents[t])
            return triple in holds or triple in ever or order_verdict(index, *triple) is not None

        room = max(0, min(per_night, cc.max_pending_proposals - len(ledger.open())))
        found = [] if cal.threshold is None else above(skip)
        written = sorted(((sc, ents[h], ents[t]) for sc, h, _, t in found), key=lambda x: -x[0])
        written = written[:room]
        ledger = Ledger(proposals=[*ledger.proposals, *(
            Proposal(subject=h, predicate="is_a", object_entity=t, score=sc,
                     threshold=cal.threshold or 0.0, precision=cal.precision, opened_at=now)
            for sc, h, t in written)])  # fmt: skip
        out.append({"night": night + 1, "rule": cal.rule, "threshold": cal.threshold,
                    "precision": cal.precision, "support": cal.support,
                    "estimate": cal.estimate, "lower": cal.lower, "written": len(written),
                    "true": sum(1 for _, h, t in written if t in up.get(h, set())),
                    "recovered": sum(1 for _, h, t in written if (h, "is_a", t) in gone),
                    "reversed": sum(1 for _, h, t in written if h in up.get(t, set())),
                    "open": len(ledger.open())})  # fmt: skip
        day = now + timedelta(hours=16)
        for p in ledger.open():
            if _hash_unit(*p.triple, salt=f"person{night}") < answer_share:
                yes = p.object_entity in up.get(p.subject, set())
                ledger = answered(ledger, p.triple, yes, f"person {night}", day)
        counts = ledger.counts()
        out[-1]["answered"] = f"{counts['confirmed']}/{counts['refuted']}"
    return out


def _exact(
    named: list[tuple[float, str, str]],
    held_out: set[tuple[str, str, str]],
    threshold: float | None,
) -> float:
    """The share of the candidates at or above `threshold` that are held-out edges themselves
    (the calibration's truth before entailed edges counted)."""
    above = [(h, t) for s, h, t in named if threshold is not None and s >= threshold]
    return (
        round(sum((h, "is_a", t) in held_out for h, t in above) / len(above), 2) if above else 0.0
    )


def main(names: tuple[str, ...] = ("dev", "test")) -> None:
    edges, labels, release = hpo()
    got = splits(edges)
    check(release, got)
    up = ancestors(edges)
    if names and names[0] == "--nights":
        print(
            "| split | night | rule | threshold | calibrated precision (support) | answers' "
            "estimate (lower) | written | true | recovered | reversed | open | answered c/r |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for name in names[1:] or ("dev",):
            for o in simulated_nights(got[name], labels, up):
                th = "none" if o["threshold"] is None else f"{o['threshold']:.3f}"
                est = "-" if o["estimate"] is None else f"{o['estimate']:.2f} ({o['lower']:.2f})"
                print(f"| {name} | {o['night']} | {o['rule']} | {th} | {o['precision']:.2f} "
                      f"({o['support']}) | {est} | {o['written']} | {o['true']} | "
                      f"{o['recovered']} | {o['reversed']} | {o['open']} | {o['answered']} |",
                      flush=True)  # fmt: skip
        return
    if names and names[0] == "--night":
        print("| split | MAX misses | night holds out | night's threshold | "
              "precision there (support) | 90% lower bound | written | true (full hp.obo) | "
              "of the missing edges | reversed |")  # fmt: skip
        print("|---|---|---|---|---|---|---|---|---|---|")
        outs = [night(got[name], labels, up) for name in names[1:] or ("dev", "test")]
        for o in outs:
            th = "none" if o["threshold"] is None else f"{o['threshold']:.3f}"
            print(f"| {o['split']} | {len(got[o['split']].test)} | {o['night_held_out']} | "
                  f"{th} | {o['precision']:.2f} ({o['support']}) | {o['lower']:.2f} | "
                  f"{o['written']} | {o['true']} | {o['missing']} | {o['reversed']} |")  # fmt: skip
        for o in outs:
            print(f"\n{o['split']} ({o['s']} s):", "; ".join(o["examples"]) or "none")
        return
    rows = [measure(got[name], labels, up) for name in names]
    print("| scorer | split | held-out edges | threshold | precision there (support) | "
          "90% lower bound | held-out edges alone there | p@5 / p@10 / p@20 | written | "
          "true (full hp.obo) | reversed |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name in ("learner", "names"):
        for r in rows:
            m = r[name]
            th = "none" if m["threshold"] is None else f"{m['threshold']:.3f}"
            print(f"| {name} | {r['split']} | {len(got[r['split']].test)} | {th} | "
                  f"{m['precision']:.2f} ({m['support']}) | {m['lower']:.2f} | {m['exact']:.2f} | "
                  f"{m['p@5']} / {m['p@10']} / {m['p@20']} | {m['written']} | {m['true']} | "
                  f"{m['reversed']} |")  # fmt: skip
    for r in rows:
        print(f"\n{r['split']} (trained in {r['train_s']} s): names' proposals:",
              "; ".join(r["names"]["examples"]) or "none")  # fmt: skip


if __name__ == "__main__":
    import sys

    main(tuple(sys.argv[1:]) or ("dev", "test"))
