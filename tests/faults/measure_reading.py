"""Read files as a flow does (checked, then in the budgeted child, one after the other) and print
their outcomes and the reading children's peak RSS as one JSON line. Run as a script by the
fault tests and the security benchmark, so the RSS measured is those readings' alone."""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from pathlib import Path

from resident.config import load_settings
from resident.literature import distill_checked
from resident.literature.sandbox import close_children
from resident.places import Policy


def main(paths: list[Path]) -> None:
    env = {k: v for k, v in os.environ.items() if k.startswith("RESIDENT_LITERATURE")}
    settings = load_settings(env=env)
    started = time.perf_counter()
    outcomes = []
    for path in paths:
        try:
            d = distill_checked(path, settings, Policy((path.parent.resolve(),)))
            outcomes.append(f"read {d.page_count} pages; warnings {list(d.warnings)}")
        except Exception as exc:  # the outcome is what is measured
            outcomes.append(f"{type(exc).__name__}: {exc}")
    close_children()  # a child is counted in RUSAGE_CHILDREN once it has been waited for
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    print(
        json.dumps(
            {
                "outcome": outcomes[-1],
                "outcomes": outcomes,
                "seconds": round(time.perf_counter() - started, 2),
                "child_peak_rss_mb": peak,
            }
        )
    )


if __name__ == "__main__":
    main([Path(a) for a in sys.argv[1:]])
