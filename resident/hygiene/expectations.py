"""Great Expectations (1.x) on pandas DataFrames pulled from a graph snapshot: the shape of the
graph's distributions (a confidence histogram that has not collapsed, the share of hint-class
claims, the orphan and duplicate rates), one checkpoint per frame, Data Docs under the data
directory. DataFrames, not GX's SQL route: on DuckDB that route is reported to return no
result for every expectation (ENVIRONMENT.md)."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import duckdb
from pydantic import BaseModel

from resident.cognition.epistemic import ProvenanceClass
from resident.config import HygieneSettings
from resident.errors import HygieneError
from resident.memory.sql_rules import provenance_table

#: Claims sampled for the distribution checks: a 10M-claim graph would otherwise be a pandas
#: frame of gigabytes. Reservoir sampling with a fixed seed: the same snapshot, the same rows.
SAMPLE_ROWS = 200_000
SUITE = "graph_hygiene"

#: The classes parse_provenance knows; a sampled claim outside them fails the suite.
PROVENANCE_CLASSES = [c.value for c in ProvenanceClass]
#: The name the provenance classification (sql_rules.provenance_table) is registered under.
_PROVENANCES = "hygiene_provenances"


class Check(BaseModel):
    frame: str
    expectation: str
    column: str | None
    success: bool
    observed: Any


class GxReport(BaseModel):
    success: bool
    checks: list[Check]
    docs: Path | None
    seconds: float
    rates: dict[str, float]


def frames(con: duckdb.DuckDBPyConnection, rates: dict[str, float]) -> dict[str, Any]:
    """The DataFrames the suite validates: sampled claims, and the rates as one row."""
    import pandas as pd

    _register_provenances(con)
    claims = con.execute(
        "SELECT c.confidence, p.provenance_class FROM (SELECT confidence, provenance FROM claims "
        f"USING SAMPLE reservoir({SAMPLE_ROWS} ROWS) REPEATABLE (7)) c "
        f"LEFT JOIN {_PROVENANCES} p USING (provenance)"
    ).df()
    return {"claims": claims, "rates": pd.DataFrame([rates])}


def _register_provenances(con: duckdb.DuckDBPyConnection) -> None:
    """Each distinct provenance classified by epistemic.parse_provenance itself (NULL where it
    refuses one), as the store's ladder and dbt's stg_provenances do: no SQL copy of the rule."""
    provenances = [r[0] for r in con.execute("SELECT DISTINCT provenance FROM claims").fetchall()]
    con.register(_PROVENANCES, provenance_table(provenances))


def graph_rates(
    con: duckdb.DuckDBPyConnection,
    orphans: int,
    duplicate_entities: int,
) -> dict[str, float]:
    """Shares over the whole snapshot: hint-class claims of all claims; orphan entities and
    entities in a duplicate finding of all entities."""
    _register_provenances(con)
    claims, hints = con.execute(
        f"SELECT count(*), count(*) FILTER (p.hint) FROM claims "
        f"LEFT JOIN {_PROVENANCES} p USING (provenance)"
    ).fetchall()[0]
    entities = con.execute("SELECT count(*) FROM entities").fetchall()[0][0]
    return {
        "hint_share": hints / claims if claims else 0.0,
        "orphan_rate": orphans / entities if entities else 0.0,
        "duplicate_rate": duplicate_entities / entities if entities else 0.0,
    }


def _suites(settings: HygieneSettings) -> dict[str, list[Any]]:
    import great_expectations as gx

    e = gx.expectations
    return {
        "claims": [
            e.ExpectColumnValuesToNotBeNull(column="confidence"),
            e.ExpectColumnValuesToBeBetween(column="confidence", min_value=0.0, max_value=1.0),
            # lore's scores sat at their seed values for months: a histogram with one bar.
            e.ExpectColumnUniqueValueCountToBeBetween(
                column="confidence", min_value=settings.min_distinct_confidences
            ),
            e.ExpectColumnValuesToBeInSet(column="provenance_class", value_set=PROVENANCE_CLASSES),
        ],
        "rates": [
            e.ExpectColumnValuesToBeBetween(
                column="hint_share", min_value=0.0, max_value=settings.max_hint_share
            ),
            e.ExpectColumnValuesToBeBetween(
                column="orphan_rate", min_value=0.0, max_value=settings.max_orphan_rate
            ),
            e.ExpectColumnValuesToBeBetween(
                column="duplicate_rate", min_value=0.0, max_value=settings.max_duplicate_rate
            ),
        ],
    }


def run_checkpoints(data: dict[str, Any], settings: HygieneSettings, root: Path) -> GxReport:
    """Validate each frame with its suite through a checkpoint that updates the Data Docs at
    root/gx/uncommitted/data_docs/local_site/index.html."""
    os.environ["GX_ANALYTICS_ENABLED"] = "false"  # read on import: before it
    start = time.perf_counter()
    try:
        import great_expectations as gx
        from great_expectations.checkpoint import UpdateDataDocsAction
        from great_expectations.data_context.types.base import ProgressBarsConfig
    except ImportError as exc:
        raise HygieneError(f"Great Expectations is not installed: {exc}") from exc
    root.mkdir(parents=True, exist_ok=True)
    context = gx.get_context(mode="file", project_root_dir=str(root))
    context.variables.progress_bars = ProgressBarsConfig(globally=False)
    source = context.data_sources.add_or_update_pandas("snapshot")
    checks: list[Check] = []
    for frame, expectations in _suites(settings).items():
        try:
            asset = source.get_asset(frame)
        except LookupError:
            asset = source.add_dataframe_asset(name=frame)
        try:
            batch = asset.get_batch_definition("whole")
        except KeyError:
            batch = asset.add_batch_definition_whole_dataframe("whole")
        suite = context.suites.add_or_update(
            gx.ExpectationSuite(name=f"{SUITE}_{frame}", expectations=expectations)
        )
        validation = context.validation_definitions.add_or_update(
            gx.ValidationDefinition(data=batch, suite=suite, name=f"{SUITE}_{frame}")
        )
        checkpoint = context.checkpoints.add_or_update(
            gx.Checkpoint(
                name=f"{SUITE}_{frame}",
                validation_definitions=[validation],
                actions=[UpdateDataDocsAction(name="data_docs")],
                result_format="SUMMARY",
            )
        )
        result = checkpoint.run(batch_parameters={"dataframe": data[frame]})
        for run in result.run_results.values():
            for r in run.results:
                config = r.expectation_config
                checks.append(
                    Check(
                        frame=frame,
                        expectation=config.type if config else "?",
                        column=(config.kwargs.get("column") if config else None),
                        success=bool(r.success),
                        observed=_observed(r.result),
                    )
                )
    docs = root / "gx" / "uncommitted" / "data_docs" / "local_site" / "index.html"
    rates = {k: float(v) for k, v in data["rates"].iloc[0].items()}
    return GxReport(
        success=all(c.success for c in checks),
        checks=checks,
        docs=docs if docs.is_file() else None,
        seconds=time.perf_counter() - start,
        rates=rates,
    )


def _observed(result: dict[str, Any]) -> Any:
    if "observed_value" in result:
        value = result["observed_value"]
        return value if isinstance(value, int | float | str | None) else str(value)
    if "unexpected_count" in result:
        return {
            "unexpected": result["unexpected_count"],
            "sample": [str(v) for v in result.get("partial_unexpected_list", [])[:5]],
        }
    return None
