"""schema-self-evaluation (weekly, and ad hoc): snapshot -> dbt build -> self-evaluation ->
Great Expectations checkpoint -> recommendations filed; the artifact shows the findings and the
law results and links the Data Docs. A broken law fails the run, and `resident status` says so.
Nothing is ever applied."""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path
from typing import Any

from prefect import flow, get_run_logger, task
from prefect.artifacts import create_markdown_artifact
from prefect.cache_policies import NO_CACHE

from flows._common import open_run, retry_options, settings
from resident.errors import HygieneError
from resident.hygiene.dbt_run import DbtReport
from resident.hygiene.evaluate import Evaluation
from resident.hygiene.expectations import GxReport
from resident.hygiene.recommendations import FiledCounts, FiledFinding
from resident.hygiene.run import (
    assemble,
    file_findings,
    record_failure,
    record_run,
    render_markdown,
    run_dbt,
    run_expectations,
    self_evaluation,
)
from resident.maintenance import open_for_flow, take_snapshot


@task(name="publish-snapshot", cache_policy=NO_CACHE)
def publish_snapshot(now: datetime) -> Path:
    s = settings()
    with open_for_flow(s) as graph:
        return take_snapshot(graph, s, now).path


@task(name="dbt-build", cache_policy=NO_CACHE)
def dbt_build_laws(snapshot: Path) -> DbtReport:
    return run_dbt(snapshot, settings())


@task(name="self-evaluation", cache_policy=NO_CACHE)
def evaluate(snapshot: Path) -> Evaluation:
    return self_evaluation(snapshot, settings())


@task(name="gx-checkpoint", cache_policy=NO_CACHE)
def expectations(snapshot: Path, evaluation: Evaluation) -> GxReport:
    return run_expectations(snapshot, evaluation, settings())


@task(name="file-recommendations", cache_policy=NO_CACHE)
def file_recommendations(
    evaluation: Evaluation, now: datetime
) -> tuple[list[FiledFinding], FiledCounts]:
    s = settings()
    with open_for_flow(s) as graph:
        return file_findings(graph, evaluation, s, now)


@flow(name="schema-self-evaluation")
def schema_self_evaluation() -> dict[str, Any]:
    """Look for rot and file recommendations; never apply one."""
    s, now, ctx = open_run()
    retry = retry_options(s)
    seconds: dict[str, float] = {}
    try:
        start = time.perf_counter()
        snapshot = publish_snapshot.with_options(**retry)(now)
        seconds["snapshot"] = time.perf_counter() - start
        dbt = dbt_build_laws(snapshot)
        seconds["dbt_build"] = dbt.seconds
        start = time.perf_counter()
        evaluation = evaluate(snapshot)
        seconds["self_evaluation"] = time.perf_counter() - start
        gx = expectations(snapshot, evaluation)
        seconds["great_expectations"] = gx.seconds
        start = time.perf_counter()
        items, filed = file_recommendations.with_options(**retry)(evaluation, now)
        seconds["file_recommendations"] = time.perf_counter() - start
    except Exception as exc:
        record_failure(s, now, exc)
        raise
    report = assemble(now, snapshot, evaluation, items, filed, dbt, gx, seconds)
    record_run(s, report)
    docs = f"\n\nData Docs: [{report.gx.docs}]({report.gx.docs.as_uri()})" if report.gx.docs else ""
    create_markdown_artifact(
        render_markdown(report) + docs + f"\n\nRun: {ctx.describe()}",
        key="schema-self-evaluation",
        description=f"{filed.new} new, {filed.seen_again} found again; "
        f"{'laws hold' if report.ok else 'LAWS BROKEN'}",
    )
    get_run_logger().info(
        "findings %s; filed %d new, %d again; dbt %s, gx %s",
        report.totals,
        filed.new,
        filed.seen_again,
        report.dbt.ok,
        report.gx.success,
    )
    if not report.ok:
        broken = [r.name for r in report.dbt.broken] + [
            f"{c.frame}.{c.column}" for c in report.gx.checks if not c.success
        ]
        raise HygieneError(f"schema hygiene failed: {', '.join(broken)}")
    return {
        "ok": report.ok,
        "totals": report.totals,
        "new": filed.new,
        "seen_again": filed.seen_again,
        "snapshot": str(snapshot),
        "docs": str(report.gx.docs) if report.gx.docs else None,
        "correlation_id": ctx.correlation_id,
        "session_id": ctx.session_id,
    }
