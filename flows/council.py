"""council-verifications (nightly, and ad hoc for one claim): put what MAX cannot settle locally
to the model council; the artifact shows each question, each model's verdict and the outcome."""

from __future__ import annotations

import os
from datetime import datetime
from typing import Any

from prefect import flow, get_run_logger, task
from prefect.artifacts import create_markdown_artifact
from prefect.cache_policies import NO_CACHE

from flows._common import open_run, settings
from resident.council.report import CouncilReport, render_markdown
from resident.council.sitting import convene, question_for_claim
from resident.council.trust import configured_secrets
from resident.maintenance import open_for_flow


# Never retried by Prefect: a retry would ask (and pay) the providers again; what a failed run
# sat is already recorded, and the next run takes up the rest.
@task(name="sit-council", cache_policy=NO_CACHE, retries=0)
def sit_council(
    now: datetime, claim_id: str | None, session_id: str | None, correlation_id: str
) -> CouncilReport:
    s = settings()
    with open_for_flow(s) as graph:
        questions = None if claim_id is None else [question_for_claim(graph, claim_id)]
        return convene(
            graph, s, now, questions=questions, session_id=session_id, correlation_id=correlation_id
        )


@flow(name="council-verifications")
def council_verifications(claim_id: str | None = None) -> dict[str, Any]:
    """One council run: the open gaps the rule sends, or the one claim given (ad hoc).
    Agreement applies at hint as peer:<model>; a split keeps or files a curiosity gap."""
    s, now, ctx = open_run()
    report = sit_council(now, claim_id, ctx.session_id, ctx.correlation_id)
    summary = report.summary()
    get_run_logger().info("council: %s", summary)
    # Every answer was scrubbed as it came in; what Prefect keeps is scrubbed once more.
    secrets = configured_secrets(s.council, os.environ)
    create_markdown_artifact(
        secrets.scrub(render_markdown(report) + f"\n\nRun: {ctx.describe()}"),
        key="council-verifications",
        description=(
            "council off"
            if report.off
            else f"{summary['questions']} questions, {summary['agreed']} agreed"
        ),
    )
    return {**summary, "correlation_id": ctx.correlation_id, "session_id": ctx.session_id}
