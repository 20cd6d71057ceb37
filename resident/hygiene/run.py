"""The schema self-evaluation end to end, as library calls the flow, the CLI and the benchmark
share: snapshot -> dbt build -> Great Expectations -> self-evaluation -> recommendations filed
through the graph's owner; the report a person reads; the last run's outcome on disk for
`resident status`. Nothing here applies a recommendation."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from resident.config import Settings
from resident.hygiene.dbt_run import DbtReport, dbt_build
from resident.hygiene.evaluate import Evaluation, evaluate_snapshot, open_snapshot
from resident.hygiene.expectations import GxReport, frames, graph_rates, run_checkpoints
from resident.hygiene.recommendations import FiledCounts, FiledFinding, filed
from resident.hygiene.rules import FINDING_KINDS, duplicated_within_a_namespace
from resident.memory.client import GraphStore
from resident.report import cell

HYGIENE_DIR = "hygiene"
LAST_RUN = "last_run.json"


class HygieneReport(BaseModel):
    """One evaluation: what was checked, what was found, what was filed, how long it took."""

    now: datetime
    snapshot: Path
    graph: dict[str, int]
    totals: dict[str, int]
    filed: FiledCounts
    common_names_skipped: int
    findings: list[FiledFinding]
    dbt: DbtReport
    gx: GxReport
    seconds: dict[str, float]

    @property
    def ok(self) -> bool:
        return self.dbt.ok and self.gx.success


def work_dir(settings: Settings) -> Path:
    return settings.data_dir / HYGIENE_DIR


def run_dbt(snapshot: Path, settings: Settings) -> DbtReport:
    return dbt_build(snapshot, settings, work_dir(settings) / "dbt")


def self_evaluation(snapshot: Path, settings: Settings) -> Evaluation:
    return evaluate_snapshot(snapshot, settings.hygiene)


def run_expectations(snapshot: Path, evaluation: Evaluation, settings: Settings) -> GxReport:
    """The GX checkpoints over DataFrames from the snapshot, with the evaluation's rates."""
    duplicated = duplicated_within_a_namespace(evaluation.findings["duplicate_entity"])
    con = open_snapshot(snapshot)
    try:
        rates = graph_rates(con, evaluation.totals["orphan_entity"], len(duplicated))
        data = frames(con, rates)
    finally:
        con.close()
    return run_checkpoints(data, settings.hygiene, work_dir(settings))


def file_findings(
    graph: GraphStore, evaluation: Evaluation, settings: Settings, now: datetime
) -> tuple[list[FiledFinding], FiledCounts]:
    """File the findings (at most max_findings_per_rule per rule) as recommendations."""
    items = [filed(f) for f in evaluation.filed(settings.hygiene.max_findings_per_rule)]
    return items, graph.file_recommendations(items, now)


def self_evaluate(
    graph: GraphStore,
    settings: Settings,
    now: datetime,
    snapshot: Path,
    snapshot_seconds: float = 0.0,
) -> HygieneReport:
    """Every step in order over `snapshot` (published by the caller through the graph's owner:
    resident.maintenance.take_snapshot), each timed; findings filed through `graph`. Records
    the outcome for `resident status`, failures included."""
    import time

    seconds: dict[str, float] = {"snapshot": snapshot_seconds}
    try:
        dbt = run_dbt(snapshot, settings)
        seconds["dbt_build"] = dbt.seconds
        start = time.perf_counter()
        evaluation = self_evaluation(snapshot, settings)
        seconds["self_evaluation"] = time.perf_counter() - start
        gx = run_expectations(snapshot, evaluation, settings)
        seconds["great_expectations"] = gx.seconds
        start = time.perf_counter()
        items, counts = file_findings(graph, evaluation, settings, now)
        seconds["file_recommendations"] = time.perf_counter() - start
    except Exception as exc:
        record_failure(settings, now, exc)
        raise
    report = assemble(now, snapshot, evaluation, items, counts, dbt, gx, seconds)
    record_run(settings, report)
    return report


def assemble(
    now: datetime,
    snapshot: Path,
    evaluation: Evaluation,
    items: list[FiledFinding],
    filed: FiledCounts,
    dbt: DbtReport,
    gx: GxReport,
    seconds: dict[str, float],
) -> HygieneReport:
    seconds = {**seconds, **{f"rule:{k}": v for k, v in evaluation.seconds.items()}}
    return HygieneReport(
        now=now,
        snapshot=snapshot,
        graph=evaluation.graph,
        totals=evaluation.totals,
        filed=filed,
        common_names_skipped=evaluation.common_names_skipped,
        findings=items,
        dbt=dbt,
        gx=gx,
        seconds=seconds,
    )


# -- the last run, for `resident status` -------------------------------------------------------


def _write_atomic(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=2, default=str)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def record_run(settings: Settings, report: HygieneReport) -> None:
    _write_atomic(
        work_dir(settings) / LAST_RUN,
        {
            "at": report.now.isoformat(),
            "ok": report.ok,
            "broken_laws": [r.name for r in report.dbt.broken],
            "failed_expectations": [
                f"{c.frame}.{c.column}: {c.expectation}" for c in report.gx.checks if not c.success
            ],
            "totals": report.totals,
            "new": report.filed.new,
            "seen_again": report.filed.seen_again,
            "docs": str(report.gx.docs) if report.gx.docs else None,
        },
    )


def record_failure(settings: Settings, now: datetime, exc: BaseException) -> None:
    _write_atomic(
        work_dir(settings) / LAST_RUN,
        {"at": now.isoformat(), "ok": False, "error": f"{type(exc).__name__}: {exc}"},
    )


def status_line(settings: Settings) -> str:
    """One line for `resident status`: when the self-evaluation last ran and how it went."""
    path = work_dir(settings) / LAST_RUN
    try:
        last = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        return "schema hygiene: never run (`resident hygiene`)"
    except (OSError, ValueError) as exc:
        return f"schema hygiene: last run unknown ({path} unreadable: {exc})"
    if last.get("error"):
        return f"schema hygiene: FAILED at {last['at']}: {last['error']}"
    totals = last.get("totals", {})
    found = ", ".join(f"{totals.get(k, 0)} {k.replace('_', ' ')}" for k in FINDING_KINDS)
    if not last.get("ok"):
        broken = last.get("broken_laws", []) + last.get("failed_expectations", [])
        return (
            f"schema hygiene: FAILED at {last['at']}: {len(broken)} broken "
            f"({', '.join(broken[:3])}); found {found}"
        )
    return f"schema hygiene: ok at {last['at']}; found {found}"


# -- what a person reads -----------------------------------------------------------------------


def render_markdown(report: HygieneReport, shown: int = 50) -> str:
    verdict = "all laws hold" if report.ok else "**LAWS BROKEN**"
    lines = [
        f"# schema self-evaluation, {report.now.isoformat()}: {verdict}",
        "",
        f"Snapshot `{report.snapshot}`: {report.graph.get('entities', 0):,} entities, "
        f"{report.graph.get('claims', 0):,} claims. Recommendations filed: "
        f"{report.filed.new} new, {report.filed.seen_again} found again (their status kept). "
        "Nothing was applied: `resident recommendations accept|reject ID` records a verdict.",
        "",
        "| rule | found |",
        "|---|---|",
        *(f"| {k} | {report.totals.get(k, 0)} |" for k in FINDING_KINDS),
        "",
        f"Common names not filed as duplicates (more than the group limit share them): "
        f"{report.common_names_skipped}.",
        "",
        "## Laws (dbt build)",
        "",
        f"{len(report.dbt.laws)} tests, {len(report.dbt.broken)} broken, "
        f"{report.dbt.seconds:.1f} s.",
        "",
        "| node | status | failing rows |",
        "|---|---|---|",
        *(
            f"| {r.resource} {r.name} | {r.status} | {r.failures or 0} |"
            for r in sorted(
                report.dbt.results,
                key=lambda r: (r.status in ("pass", "success"), r.resource, r.name),
            )
        ),
        "",
        "## Distributions (Great Expectations)",
        "",
        "Rates: "
        + ", ".join(f"{k} {v:.4f}" for k, v in report.gx.rates.items())
        + (f". Data Docs: `{report.gx.docs}`" if report.gx.docs else ""),
        "",
        "| frame | expectation | column | ok | observed |",
        "|---|---|---|---|---|",
        *(
            f"| {c.frame} | {c.expectation} | {c.column or ''} | {'yes' if c.success else 'NO'} "
            f"| {c.observed} |"
            for c in report.gx.checks
        ),
        "",
        f"## Findings (first {shown})",
        "",
        "| id | kind | detail | suggested action |",
        "|---|---|---|---|",
        *(
            f"| {f.id} | {f.kind} | {cell(f.detail)} | {cell(f.action)} |"
            for f in report.findings[:shown]
        ),
        "",
        "Seconds: " + ", ".join(f"{k} {v:.2f}" for k, v in report.seconds.items()),
    ]
    return "\n".join(lines)
