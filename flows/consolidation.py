"""sleep-consolidation (nightly): replay the buffer, train the Forward-Forward learner from its
last checkpoint, evaluate on the held-out split, write proposals; the artifact shows the metrics
and their trend over past nights."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from prefect import flow, get_run_logger, task
from prefect.artifacts import create_markdown_artifact
from prefect.cache_policies import NO_CACHE

from flows._common import open_run, retry_options, settings
from resident.clock import SystemClock
from resident.daemon.quiet import quiet_seconds, restore_energy
from resident.learning.consolidation import NightReport, consolidate, render_markdown
from resident.maintenance import open_for_flow


@task(name="consolidate", cache_policy=NO_CACHE)
def consolidate_night(now: datetime) -> NightReport:
    s = settings()
    with open_for_flow(s) as graph:
        return consolidate(graph, s, now)


@flow(name="sleep-consolidation")
def sleep_consolidation() -> dict[str, Any]:
    """One consolidation night: never a fact, never above hint, never a deletion."""
    s, now, ctx = open_run()
    quiet = quiet_seconds(s)
    if quiet is not None and quiet < s.learning.min_quiet_s:
        get_run_logger().info(
            "postponed: last turn %.0f s ago (< %.0f)", quiet, s.learning.min_quiet_s
        )
        return {"postponed": True, "quiet_s": quiet, "correlation_id": ctx.correlation_id}
    report = consolidate_night.with_options(**retry_options(s))(now)
    get_run_logger().info(
        "ff@%d: MRR %.3f, Hits@10 %.3f, %d proposals",
        report.version,
        report.mrr,
        report.hits10,
        len(report.proposals),
    )
    energy = restore_energy(s, SystemClock().now())
    create_markdown_artifact(
        render_markdown(report) + f"\n\nEnergy after the night: "
        f"{'unknown' if energy is None else f'{energy:.2f}'}."
        f"\n\nRun: {ctx.describe()}",
        key="sleep-consolidation",
        description=f"ff@{report.version} MRR {report.mrr:.3f}",
    )
    return {
        "postponed": False,
        "energy": energy,
        "version": report.version,
        "mrr": report.mrr,
        "hits10": report.hits10,
        "proposals": len(report.proposals),
        "history": report.history,
        "correlation_id": ctx.correlation_id,
        "session_id": ctx.session_id,
    }
