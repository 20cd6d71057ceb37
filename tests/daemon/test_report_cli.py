"""`resident report` while the daemon owns the graph: the card is made through the daemon
(a snapshot published under snapshots/, the tables read over the wire), his quiz asked of a
copy, and the chart and the history written under the data directory."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from resident.learning.report_card import month_of


def test_report_through_a_running_daemon(tmp_path: Path, start_daemon: Callable[..., Any]) -> None:
    data = tmp_path / "data"
    daemon = start_daemon(data)
    daemon.say("Hi, I'm Ana.")
    daemon.say("Aspirin treats headache.", person="Ana")
    done = daemon.cli("report", timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    month = month_of(datetime.now(UTC))
    assert f"Baseline: {month} (his first month)" in done.stdout
    assert "| people met | 1 | - | - | baseline |" in done.stdout
    chart = data / "reports" / f"report-card-{month}.png"
    assert f"chart: {chart}" in done.stdout
    assert chart.read_bytes()[:4] == b"\x89PNG"
    # The snapshot the quiz ran on is gone again; the daemon still answers.
    assert not list((data / "snapshots").glob("report-*"))
    assert daemon.say("What treats headache?")["reply"]
