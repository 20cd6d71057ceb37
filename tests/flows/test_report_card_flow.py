"""report-card/monthly for real: the deployment as the worker serves it, registered on a real
Prefect server, its run picked up by a Prefect runner and executed in its own process (the
module entrypoint), the artifact read back from the server: the chart inline as a PNG, the
trend table, the baseline; then `resident report` on the same data directory adds a month."""

from __future__ import annotations

import base64
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from resident.config import load_settings
from resident.learning.report_card import month_of
from resident.learning.report_records import load_history
from resident.memory.duck_store import DuckStore
from tests.learning.test_report_records import fill_month

pytest.importorskip("torch")
PNG_URI = re.compile(r"!\[report card chart\]\(data:image/png;base64,([A-Za-z0-9+/=]+)\)")


def _run_deployment(month: str) -> tuple[Any, str]:
    """Register report-card/monthly (from flows.deployments, as `resident flows worker` does),
    start a run of it and let a runner execute it once; the run and its artifact."""
    import anyio
    from prefect.client.orchestration import get_client
    from prefect.runner import Runner

    from flows.deployments import deployments

    found = {(d.flow_name, d.name): d for d in deployments(load_settings())}
    deployment = found[("report-card", "monthly")]
    assert deployment.entrypoint == "flows.report_card.report_card"
    assert [s.schedule.cron for s in deployment.schedules] == ["30 6 1 * *"]  # type: ignore[union-attr]

    async def go() -> tuple[Any, str]:
        runner = Runner(name="report-card-test")
        deployment_id = await runner.aadd_deployment(deployment)
        async with get_client() as client:
            run = await client.create_flow_run_from_deployment(
                deployment_id, parameters={"month": month}
            )
            await runner.start(run_once=True, webserver=False)
            done = await client.read_flow_run(run.id)
            artifacts = await client.read_latest_artifacts()
            markdown = next(a.data for a in artifacts if a.key == "report-card")
            return done, str(markdown)

    return anyio.run(go)


def test_monthly_deployment_then_the_cli(flow_env: Path) -> None:
    from resident.cli import main

    s = load_settings()
    march = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)
    with DuckStore.open(s, create=True) as store:
        fill_month(store, s, march)

    run, markdown = _run_deployment("2026-03")
    assert run.state is not None and run.state.is_completed(), run.state
    # The chart is in the markdown as a data: URI: a PNG the UI shows with no network.
    found = PNG_URI.search(markdown)
    assert found is not None
    assert base64.b64decode(found.group(1))[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Baseline: 2026-03 (his first month)" in markdown
    assert "| quiz accuracy | 1.000 | - | - | baseline |" in markdown
    assert "| people met | 1 | - | - | baseline |" in markdown
    assert [c.month for c in load_history(s)] == ["2026-03"]

    # This month, by the command line: a second row, March still the baseline.
    result = CliRunner().invoke(main, ["report", "--data-dir", str(flow_env)])
    assert result.exit_code == 0, result.output
    now = month_of(datetime.now(UTC))
    assert f"| measure | 2026-03 | {now} | on last month | on baseline | better? |" in result.output
    assert "| people met | 1 | 0 | -1 | -1 | worse |" in result.output
    chart = Path(result.output.split("chart: ", 1)[1].splitlines()[0])
    assert chart == flow_env / "reports" / f"report-card-{now}.png"
    assert chart.read_bytes()[:4] == b"\x89PNG"
    assert [c.month for c in load_history(s)] == ["2026-03", now]


def test_cli_refuses_a_malformed_month(flow_env: Path) -> None:
    from resident.cli import main

    with DuckStore.open(load_settings(), create=True):
        pass
    result = CliRunner().invoke(main, ["report", "--month", "March", "--data-dir", str(flow_env)])
    assert result.exit_code == 2
    assert "error: --month 'March' is not a YYYY-MM month" in result.output
    assert "Traceback" not in result.output
    assert not (flow_env / "reports").exists()


def test_the_month_just_ended() -> None:
    from flows.report_card import closing_month

    assert closing_month(datetime(2026, 4, 1, 6, 30, tzinfo=UTC)) == "2026-03"
    assert closing_month(datetime(2026, 1, 1, 6, 30, tzinfo=UTC)) == "2025-12"
    assert closing_month(datetime(2026, 4, 1, 6, 30, tzinfo=UTC) + timedelta(days=14)) == "2026-04"
