"""Great Expectations on DataFrames from a snapshot: the real fixture graph meets the suite and
writes Data Docs; a collapsed confidence histogram and a hint-heavy graph fail it."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from resident.config import Settings
from resident.hygiene.evaluate import evaluate_snapshot, open_snapshot
from resident.hygiene.expectations import frames, graph_rates, run_checkpoints
from resident.hygiene.rules import duplicated_within_a_namespace

pytestmark = pytest.mark.slow


def test_the_real_graph_meets_the_suite_and_docs_are_written(
    real_snapshot: Path, real_settings: Settings, tmp_path: Path
) -> None:
    ev = evaluate_snapshot(real_snapshot, real_settings.hygiene)
    con = open_snapshot(real_snapshot)
    try:
        duplicated = duplicated_within_a_namespace(ev.findings["duplicate_entity"])
        rates = graph_rates(con, ev.totals["orphan_entity"], len(duplicated))
        data = frames(con, rates)
    finally:
        con.close()
    assert 0 < rates["hint_share"] < 0.01 and 0 < rates["orphan_rate"] < 0.05
    assert len(data["claims"]) > 100_000
    report = run_checkpoints(data, real_settings.hygiene, tmp_path / "gx")
    assert report.success, [c for c in report.checks if not c.success]
    assert len(report.checks) == 7
    assert report.docs is not None and report.docs.is_file()
    assert "graph_hygiene_claims" in report.docs.read_text("utf-8")


def test_a_collapsed_histogram_and_too_many_hints_fail(
    real_settings: Settings, tmp_path: Path
) -> None:
    data = {
        "claims": pd.DataFrame(
            {"confidence": [0.7] * 50, "provenance_class": ["grounded"] * 49 + ["gossip"]}
        ),
        "rates": pd.DataFrame([{"hint_share": 0.9, "orphan_rate": 0.0, "duplicate_rate": 0.0}]),
    }
    report = run_checkpoints(data, real_settings.hygiene, tmp_path / "gx")
    assert not report.success
    failed = {(c.frame, c.column, c.expectation) for c in report.checks if not c.success}
    assert failed == {
        ("claims", "confidence", "expect_column_unique_value_count_to_be_between"),
        ("claims", "provenance_class", "expect_column_values_to_be_in_set"),
        ("rates", "hint_share", "expect_column_values_to_be_between"),
    }
