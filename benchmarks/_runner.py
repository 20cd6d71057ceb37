"""Run one benchmark step in a fresh process and report its result with its peak memory.

`python -m benchmarks._runner module:function '{"kwarg": ...}'` prints one JSON line: the step's
result plus `peak_rss_mib`, this process's resident-set high-water mark.
"""

from __future__ import annotations

import importlib
import json
import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

RESULT_MARK = "BENCH_RESULT "
REPO_ROOT = Path(__file__).resolve().parent.parent


class StepFailed(RuntimeError):
    """A benchmark step's subprocess exited with an error."""


def peak_rss_mib() -> float:
    # ru_maxrss is in KiB on Linux.
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_step(target: str, **kwargs: Any) -> dict[str, Any]:
    """Run `module:function(**kwargs)` in a child process; its JSON result with peak_rss_mib."""
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks._runner", target, json.dumps(kwargs)],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
        check=False,
    )
    for line in proc.stdout.splitlines():
        if line.startswith(RESULT_MARK):
            result: dict[str, Any] = json.loads(line[len(RESULT_MARK) :])
            return result
    raise StepFailed(
        f"{target} exited {proc.returncode}\nstdout:\n{proc.stdout[-4000:]}\n"
        f"stderr:\n{proc.stderr[-4000:]}"
    )


def main(argv: list[str]) -> None:
    target, raw = argv
    module_name, _, func_name = target.partition(":")
    func = getattr(importlib.import_module(module_name), func_name)
    result = func(**json.loads(raw))
    result["peak_rss_mib"] = round(peak_rss_mib(), 1)
    print(RESULT_MARK + json.dumps(result), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
