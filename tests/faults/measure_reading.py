"""Read one file as a flow does (checked, then in the budgeted child) and print the outcome and
the reading child's peak RSS as one JSON line. Run as a script by the fault tests and the
security benchmark, so the RSS measured is that reading's alone."""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from pathlib import Path

from resident.config import load_settings
from resident.literature import distill_checked
from resident.places import Policy


def main(path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k.startswith("RESIDENT_LITERATURE")}
    settings = load_settings(env=env)
    started = time.perf_counter()
    try:
        d = distill_checked(path, settings, Policy((path.parent.resolve(),)))
        outcome = f"read {d.page_count} pages; warnings {list(d.warnings)}"
    except Exception as exc:  # the outcome is what is measured
        outcome = f"{type(exc).__name__}: {exc}"
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    print(
        json.dumps(
            {
                "outcome": outcome,
                "seconds": round(time.perf_counter() - started, 2),
                "child_peak_rss_mb": peak,
            }
        )
    )


if __name__ == "__main__":
    main(Path(sys.argv[1]))
