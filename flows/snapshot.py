"""snapshot (on demand): publish a consistent copy of the graph in data/snapshots through its
owner, for readers such as dbt and Great Expectations that must never touch the live file."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from prefect import flow, task
from prefect.artifacts import create_markdown_artifact
from prefect.cache_policies import NO_CACHE

from flows._common import open_run, retry_options, settings
from resident.maintenance import SnapshotReport, open_for_flow, take_snapshot


@task(name="publish-snapshot", cache_policy=NO_CACHE)
def publish(now: datetime) -> SnapshotReport:
    s = settings()
    with open_for_flow(s) as graph:
        return take_snapshot(graph, s, now)


@flow(name="snapshot")
def snapshot() -> dict[str, Any]:
    """Copy the graph to data/snapshots/graph-<UTC time>.duckdb; keep the newest few."""
    s, now, ctx = open_run()
    report = publish.with_options(**retry_options(s))(now)
    removed = ", ".join(p.name for p in report.removed) or "none"
    create_markdown_artifact(
        f"# snapshot\n\nPublished `{report.path}` ({report.bytes:,} bytes). Kept {report.kept} "
        f"snapshots; removed: {removed}.\n\nRun: {ctx.describe()}",
        key="snapshot",
        description=str(report.path),
    )
    return {
        "path": str(report.path),
        "bytes": report.bytes,
        "kept": report.kept,
        "correlation_id": ctx.correlation_id,
        "session_id": ctx.session_id,
    }
