"""The flows worker: `python -m flows.serve` (or `resident flows worker`) serves every
deployment against the Prefect server named by PREFECT_API_URL, until SIGTERM or Ctrl-C.
One worker per data directory: a second is refused (data/flows-worker.lock)."""

from __future__ import annotations

from prefect import serve

from flows.deployments import deployments
from resident.config import Settings, load_settings
from resident.house.prefect import WorkerLock


def serve_all(s: Settings) -> None:
    """Register the deployments with their schedules and run what comes due, at most
    `flows.max_concurrent_runs` at once."""
    lock = WorkerLock(s.data_dir)
    lock.acquire()
    try:
        serve(*deployments(s), limit=s.flows.max_concurrent_runs, print_starting_message=True)
    finally:
        lock.release()


if __name__ == "__main__":
    serve_all(load_settings())
