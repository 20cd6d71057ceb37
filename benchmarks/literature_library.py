"""Two literature measures beside the speed benchmark (benchmarks/literature.py runs both):

- `theme_check`: top-10 theme precision for ten public-domain works against the reference list
  in benchmarks/data/literature_themes.json, written and committed before the first run.
- `library_step`: a folder of books read through the `literature` flow on a local Dask cluster
  (prefect-dask's DaskTaskRunner, `n` worker processes), under a throwaway Prefect server:
  wall time, pages per second and the peak memory of the whole process tree.

`python -m benchmarks.literature_library FOLDER [--workers 1 2] [--out result.json]` reads every
file of FOLDER as one library, once per worker count, each in a fresh process.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from benchmarks._runner import run_step

HERE = Path(__file__).resolve().parent
REFERENCE = HERE / "data" / "literature_themes.json"


def _matches(theme: str, reference: set[str]) -> bool:
    """A theme is right when it, its last word or that word's WordNet lemma is listed."""
    from resident.literature.wordnet import noun_sense

    head = theme.split()[-1]
    sense = noun_sense(head)
    return bool({theme, head, sense.lemma if sense else head} & reference)


def theme_check(results: dict[str, list[str]]) -> dict[str, Any]:
    """Precision of the top 10 themes per work (work name -> its themes, best first)."""
    ref = json.loads(REFERENCE.read_text())
    lists = {**ref["works"], **ref["fallback"]}
    rows = {}
    for work, themes in results.items():
        reference = {w.lower() for w in lists[work]}
        top = themes[:10]
        hits = [t for t in top if _matches(t, reference)]
        rows[work] = {
            "themes": top,
            "hits": hits,
            "precision": len(hits) / len(top) if top else 0.0,
        }
    return rows


class _PeakRss:
    """Samples the resident memory of this process and all its children every 0.2 s."""

    def __init__(self) -> None:
        import psutil

        self.me = psutil.Process()
        self.peak = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        import psutil

        while not self._stop.is_set():
            total = 0
            try:
                procs = [self.me, *self.me.children(recursive=True)]
            except psutil.Error:
                procs = [self.me]
            for p in procs:
                try:
                    total += p.memory_info().rss
                except psutil.Error:
                    continue
            self.peak = max(self.peak, total / 2**20)
            self._stop.wait(0.2)

    def __enter__(self) -> _PeakRss:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def library_step(paths: list[str], workers: int) -> dict[str, Any]:
    """Read `paths` as an inbox through the literature flow on a local Dask cluster."""
    from prefect.testing.utilities import prefect_test_harness

    data = Path(tempfile.mkdtemp(prefix="max-library-"))
    inbox = data / "inbox"
    inbox.mkdir()
    for p in paths:
        shutil.copy(p, inbox / Path(p).name)
    for key in [k for k in os.environ if k.startswith("RESIDENT_")]:
        del os.environ[key]
    os.environ.update(
        {
            "RESIDENT_DATA_DIR": str(data),
            "RESIDENT_LITERATURE__TASK_RUNNER": "dask",
            "RESIDENT_LITERATURE__MAX_WORKERS": str(workers),
        }
    )
    try:
        with prefect_test_harness(server_startup_timeout=180):
            from flows.literature import literature

            with _PeakRss() as rss:
                started = time.perf_counter()
                result = literature()
                seconds = time.perf_counter() - started
    finally:
        shutil.rmtree(data, ignore_errors=True)
    pages = sum(r["pages"] for r in result["read"])
    return {
        "workers": workers,
        "documents": len(result["read"]),
        "refused": len(result["refused"]),
        "refused_files": [f"{Path(r['path']).name}: {r['error']}" for r in result["refused"]],
        "pages": pages,
        "seconds": seconds,
        "pages_per_s": pages / seconds,
        "peak_tree_rss_mib": rss.peak,
    }


def main(argv: list[str] | None = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    paths = sorted(str(p) for p in args.folder.iterdir() if p.is_file())
    rows = []
    for workers in args.workers:
        step = "benchmarks.literature_library:library_step"
        rows.append(run_step(step, paths=paths, workers=workers))
        print(json.dumps(rows[-1]), flush=True)
        if args.out:
            args.out.write_text(json.dumps({"files": len(paths), "runs": rows}, indent=2))


if __name__ == "__main__":
    main()
