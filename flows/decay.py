"""decay-stale-facts (nightly): the forgetting curve, with the confidence histogram before and
after published as an artifact."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from prefect import flow, task
from prefect.artifacts import create_markdown_artifact
from prefect.cache_policies import NO_CACHE

from flows._common import open_run, retry_options, settings
from resident.maintenance import (
    DecayReport,
    decay_with_histograms,
    open_for_flow,
    render_decay_markdown,
)


@task(name="decay", cache_policy=NO_CACHE)
def decay(now: datetime) -> DecayReport:
    s = settings()
    with open_for_flow(s) as graph:
        return decay_with_histograms(graph, now)


@flow(name="decay-stale-facts")
def decay_stale_facts() -> dict[str, Any]:
    """Halve stale low-confidence claims (never a FACT, never below the floor, never deleted)."""
    s, now, ctx = open_run()
    report = decay.with_options(**retry_options(s))(now)
    create_markdown_artifact(
        render_decay_markdown(report, ctx),
        key="decay-stale-facts",
        description=f"{report.decayed} claims decayed",
    )
    return {
        **report.model_dump(mode="json"),
        "correlation_id": ctx.correlation_id,
        "session_id": ctx.session_id,
    }
