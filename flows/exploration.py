"""exploration-loop (hourly): re-verify due curiosity gaps against grounded evidence; the
artifact says what changed and why."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from prefect import flow, get_run_logger, task
from prefect.artifacts import create_markdown_artifact
from prefect.cache_policies import NO_CACHE

from flows._common import open_run, retry_options, settings
from resident.exploration import ExplorationReport, explore, render_markdown
from resident.maintenance import open_for_flow


@task(name="explore-gaps", cache_policy=NO_CACHE)
def explore_gaps(now: datetime) -> ExplorationReport:
    s = settings()
    with open_for_flow(s) as graph:
        return explore(graph, now, s)


@flow(name="exploration-loop")
def exploration_loop() -> dict[str, Any]:
    """Take due gaps by priority; promote, resolve or back off, each with its reason."""
    s, now, ctx = open_run()
    report = explore_gaps.with_options(**retry_options(s))(now)
    get_run_logger().info(
        "examined %d gaps: %d answered, %d promoted, %d conflicts resolved",
        report.examined,
        report.answered,
        report.promoted,
        report.resolved,
    )
    create_markdown_artifact(
        render_markdown(report) + f"\n\nRun: {ctx.describe()}",
        key="exploration-loop",
        description=f"{len(report.changes)} changes, {report.left_open} gaps left open",
    )
    return {
        "examined": report.examined,
        "answered": report.answered,
        "promoted": report.promoted,
        "promoted_by_sweep": report.sweep.promoted if report.sweep is not None else 0,
        "resolved": report.resolved,
        "left_open": report.left_open,
        "refused": len(report.refused),
        "correlation_id": ctx.correlation_id,
        "session_id": ctx.session_id,
    }
