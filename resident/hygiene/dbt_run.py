"""`dbt build` of dbt/ against one graph snapshot, in a child process, and its results read back
from run_results.json: each model and each law (a dbt test) with its status and failing rows.

dbt writes its own scratch warehouse under the data directory; the snapshot is attached to it
read-only, so neither the live graph nor the snapshot is ever written by dbt.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from resident.cognition.epistemic import ProvenanceClass
from resident.config import Settings
from resident.errors import HygieneError
from resident.memory import sql_rules
from resident.records import Level

#: The dbt project (jaffle-shop layout) at the repository root.
DBT_PROJECT = Path(__file__).resolve().parents[2] / "dbt"


class NodeResult(BaseModel):
    """One model or test of a build. `failures` is a test's failing row count."""

    name: str
    resource: str
    status: str
    failures: int | None
    message: str | None
    seconds: float


class DbtReport(BaseModel):
    ok: bool
    returncode: int
    seconds: float
    results: list[NodeResult]
    log_tail: str

    @property
    def laws(self) -> list[NodeResult]:
        return [r for r in self.results if r.resource == "test"]

    @property
    def broken(self) -> list[NodeResult]:
        return [r for r in self.results if r.status not in ("success", "pass", "skipped")]


def dbt_vars(settings: Settings) -> dict[str, Any]:
    """The epistemic rules the laws state, from the same config MAX runs with, and the rules'
    own SQL and names (dbt/dbt_project.yml has no copies of its own)."""
    e = settings.epistemic
    return {
        "belief_at": e.belief_at,
        "fact_at": e.fact_at,
        "hint_cap": e.hint_cap,
        "min_independent_sources": e.min_independent_sources,
        "level_sql": sql_rules._level_sql(settings),
        "levels": [level.value for level in Level],
        "provenance_classes": [c.value for c in ProvenanceClass],
        "confidence_bins": sql_rules.HISTOGRAM_BINS,
    }


def dbt_executable() -> list[str]:
    beside = Path(sys.executable).with_name("dbt")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("dbt")
    if found is None:
        raise HygieneError("dbt is not installed (pip install -e .: dbt-core 1.11, dbt-duckdb)")
    return [found]


def dbt_build(
    snapshot: Path, settings: Settings, work_dir: Path, project: Path = DBT_PROJECT
) -> DbtReport:
    """Run `dbt build` on `snapshot`; the report says which models and laws passed. A law
    that fails is a result, not an exception: HygieneError only when dbt could not run."""
    if not snapshot.is_file():
        raise HygieneError(f"no snapshot at {snapshot}")
    work_dir.mkdir(parents=True, exist_ok=True)
    warehouse = work_dir / "warehouse.duckdb"
    # A fresh warehouse each run: yesterday's tables must not stand in for today's.
    for stale in (warehouse, work_dir / "warehouse.duckdb.wal"):
        stale.unlink(missing_ok=True)
    target = work_dir / "target"
    shutil.rmtree(target, ignore_errors=True)
    env = {
        **os.environ,
        "DBT_SEND_ANONYMOUS_USAGE_STATS": "false",
        "DO_NOT_TRACK": "1",
        "MAX_DBT_WAREHOUSE": str(warehouse),
        "MAX_GRAPH_SNAPSHOT": str(snapshot.resolve()),
    }
    cmd = [
        *dbt_executable(),
        "build",
        "--project-dir",
        str(project),
        "--profiles-dir",
        str(project),
        "--target-path",
        str(target),
        "--log-path",
        str(work_dir / "logs"),
        "--vars",
        json.dumps(dbt_vars(settings)),
        "--no-use-colors",
    ]
    start = time.perf_counter()
    try:
        done = subprocess.run(
            cmd,
            capture_output=True,
            text=True,
            env=env,
            cwd=work_dir,
            timeout=settings.hygiene.dbt_timeout_s,
        )
    except subprocess.TimeoutExpired as exc:
        raise HygieneError(f"dbt build ran past {settings.hygiene.dbt_timeout_s:.0f} s") from exc
    seconds = time.perf_counter() - start
    log_tail = (done.stdout + done.stderr)[-4000:]
    results_file = target / "run_results.json"
    if not results_file.is_file():
        raise HygieneError(f"dbt build did not run (exit {done.returncode}): {log_tail}")
    results = [_node(r) for r in json.loads(results_file.read_text("utf-8"))["results"]]
    return DbtReport(
        ok=done.returncode == 0
        and not any(r.status not in ("success", "pass", "skipped") for r in results),
        returncode=done.returncode,
        seconds=seconds,
        results=results,
        log_tail=log_tail,
    )


def _node(r: dict[str, Any]) -> NodeResult:
    unique_id = str(r["unique_id"])
    resource, _, rest = unique_id.partition(".")
    name = rest.partition(".")[2] or rest
    return NodeResult(
        name=name,
        resource=resource,
        status=str(r["status"]),
        failures=r.get("failures"),
        message=r.get("message"),
        seconds=float(r.get("execution_time") or 0.0),
    )
