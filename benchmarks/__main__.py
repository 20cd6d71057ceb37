"""`python -m benchmarks [graph|daemon|ingest|facts] [--scale tiny|small|full]`: run the
benchmarks, write RESULTS.md (the daemon, ingest and facts suites write their own reports; see
benchmarks/daemon.py, benchmarks/ingest.py and benchmarks/facts.py).
`python -m benchmarks language-eval --split dev|test|both`: the language evaluation of issue 21
(benchmarks/language_eval.py).
`python -m benchmarks turn-latency`: turn p50/p99 at 1M claims, statement, question and "Thanks!"
(benchmarks/turn_latency.py).

The full scale (the default) writes benchmarks/RESULTS.md; smaller scales write under
benchmarks/work/ unless --out says otherwise, so a quick run never replaces the recorded numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from datetime import UTC, datetime
from pathlib import Path

from benchmarks import graph, report

HERE = Path(__file__).resolve().parent
SUITES = ("graph", "daemon", "ingest", "facts")
#: Exit status when the run completed but missed a target (an error exits 1).
TARGET_MISSED = 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("suite", nargs="?", default="graph", choices=SUITES)
    parser.add_argument("--scale", default="full", choices=sorted(graph.SCALES))
    parser.add_argument(
        "--work-dir",
        type=Path,
        default=None,
        help="where the generated graphs live (default benchmarks/work/<scale>)",
    )
    parser.add_argument("--out", type=Path, default=None, help="the Markdown report to write")
    parser.add_argument("--json", type=Path, default=None, help="also write the raw numbers")
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["language-eval"]:
        from benchmarks import language_eval

        return language_eval.main(argv[1:])
    if argv[:1] == ["turn-latency"]:
        from benchmarks import turn_latency

        return turn_latency.main(argv[1:])
    if argv[:1] == ["facts"]:
        from benchmarks import facts

        return facts.main(argv[1:])
    args = parser.parse_args(argv)
    if args.suite in ("daemon", "ingest"):
        from benchmarks import daemon, ingest

        passed = ["--scale", args.scale]
        for flag, value in (("--work-dir", args.work_dir), ("--out", args.out)):
            if value is not None:
                passed += [flag, str(value)]
        return (daemon if args.suite == "daemon" else ingest).main(passed)

    scale = graph.SCALES[args.scale]
    work_dir = args.work_dir or HERE / "work" / scale.name
    out = args.out or (
        HERE / "RESULTS.md" if scale.name == "full" else HERE / "work" / f"RESULTS-{scale.name}.md"
    )
    started = datetime.now(UTC)
    machine = report.machine()
    try:
        results = graph.run(scale, work_dir, log=lambda msg: print(msg, flush=True))
    finally:
        shutil.rmtree(work_dir, ignore_errors=True)
    finished = datetime.now(UTC)
    results["machine"] = machine
    results["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    results["started"], results["finished"] = started.isoformat(), finished.isoformat()

    text = report.render(results, started, finished)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(text)
    print(f"written to {out}")
    return TARGET_MISSED if graph.missed(results) else 0


if __name__ == "__main__":
    sys.exit(main())
