"""Link prediction: the Forward-Forward learner against a same-size DistMult (backprop), side by
side in one run, on the UMLS, Kinships and Nations splits pykeen ships as TSV files.

`python -m benchmarks.learning [--epochs N] [--datasets umls,kinships,nations]` writes
benchmarks/RESULTS-learning.md (filtered MRR, Hits@10, train time, peak memory).
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import resource
import time
from datetime import UTC, datetime
from pathlib import Path

RESULTS = Path(__file__).parent / "RESULTS-learning.md"


def pykeen_split(name: str) -> dict[str, list[tuple[str, str, str]]]:
    """The TSV files inside the installed pykeen package (installed --no-deps, files only)."""
    spec = importlib.util.find_spec("pykeen")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("pykeen's files are needed: pip install --no-deps pykeen==1.11.1")
    root = Path(next(iter(spec.submodule_search_locations))) / "datasets" / name
    out = {}
    for split in ("train", "valid", "test"):
        rows = [tuple(line.rstrip("\n").split("\t")) for line in
                (root / f"{split}.txt").read_text().splitlines() if line.strip()]
        out[split] = [(h, r, t) for h, r, t in rows]
    return out


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run(datasets: list[str], epochs: int, dim: int) -> list[dict[str, object]]:
    import torch

    from resident.learning.ff import (
        DistMult,
        ForwardForward,
        History,
        TrainConfig,
        encode,
        evaluate,
        train_distmult,
        train_ff,
    )

    torch.set_num_threads(2)
    rows = []
    for name in datasets:
        split = pykeen_split(name)
        data = encode(split["train"], split["valid"], split["test"])
        cfg = TrainConfig(dim=dim, epochs=epochs, seed=0)
        for kind in ("ff", "distmult"):
            torch.manual_seed(0)
            before = peak_rss_mib()
            t0 = time.perf_counter()
            if kind == "ff":
                ff = ForwardForward(data.n_ent, data.n_rel, dim, layers=cfg.layers,
                                    theta=cfg.theta)
                train_ff(ff, data, cfg, History())
                fn, model = ff.score, ff
            else:
                dm = DistMult(data.n_ent, data.n_rel, dim)
                train_distmult(dm, data, TrainConfig(dim=dim, epochs=epochs, lr=0.01))
                fn, model = dm.score, dm
            secs = time.perf_counter() - t0
            model.eval()
            metrics = evaluate(fn, data, data.test)
            params = sum(p.numel() for p in model.parameters())
            rows.append({"dataset": name, "model": kind, "dim": dim, "params": params,
                         "epochs": epochs, "train_s": round(secs, 1), **metrics,
                         "peak_rss_mib": round(max(before, peak_rss_mib()), 0)})
            print(rows[-1], flush=True)
    return rows


def write(rows: list[dict[str, object]], args: argparse.Namespace) -> None:
    lines = [
        "# Link prediction: Forward-Forward vs backprop (DistMult), same size, one run",
        "",
        f"Machine: {platform.node()}, {platform.processor() or platform.machine()}, 2 shared "
        f"cores, torch threads 2. Date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC. "
        f"Command: `python -m benchmarks.learning --epochs {args.epochs} --dim {args.dim} "
        f"--datasets {','.join(args.datasets)}`.",
        "",
        "Filtered MRR and Hits@10 on the test split (head and tail prediction). Anchors: "
        "published UMLS DistMult .74, ComplEx .75. Peak memory is the process's peak RSS so far.",
        "",
        "| dataset | model | dim | params | epochs | train s | MRR | Hits@10 | peak RSS MiB |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(f"| {r['dataset']} | {r['model']} | {r['dim']} | {r['params']} | "
                     f"{r['epochs']} | {r['train_s']} | {r['mrr']:.3f} | {r['hits10']:.3f} | "
                     f"{r['peak_rss_mib']:.0f} |")
    RESULTS.write_text("\n".join(lines) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--dim", type=int, default=128)
    ap.add_argument("--datasets", type=lambda s: s.split(","), default=["umls"])
    args = ap.parse_args()
    write(run(args.datasets, args.epochs, args.dim), args)


if __name__ == "__main__":
    main()
