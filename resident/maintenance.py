"""Maintenance the flows run, as library calls the CLI and the daemon could make too: the run's
identity (session_id, correlation_id), decay with its confidence histograms, graph snapshots,
and the markdown a person reads in the Prefect UI."""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Protocol, runtime_checkable

from pydantic import BaseModel

from resident.cognition.epistemic import ProvenanceClass
from resident.config import Settings
from resident.errors import ResidentError
from resident.memory.client import GraphStore
from resident.records import Ladder
from resident.report import table
from resident.session import new_ulid

_SNAPSHOT_NAME = re.compile(r"^graph-\d{8}T\d{6}Z\.duckdb$")


# -- who is running --------------------------------------------------------------------------


@dataclass(frozen=True)
class RunContext:
    """Logged by every flow run: the daemon's session (None when no daemon owns the graph and
    the run uses it embedded) and the run's own correlation id."""

    session_id: str | None
    correlation_id: str
    daemon_url: str | None

    def describe(self) -> str:
        owner = (
            f"daemon session_id {self.session_id} at {self.daemon_url}"
            if self.session_id
            else "no daemon: embedded graph"
        )
        return f"correlation_id {self.correlation_id}; {owner}"


def run_context(settings: Settings, now: datetime) -> RunContext:
    """This run's identity; the daemon's session_id comes from data/daemon.json while it lives."""
    from resident.house.ownership import live_daemon

    info = live_daemon(settings.data_dir)
    return RunContext(
        session_id=None if info is None else info.session_id,
        correlation_id=new_ulid(now),
        daemon_url=None if info is None else info.url,
    )


def open_for_flow(
    settings: Settings,
    wait_seconds: float = 60.0,
    poll_seconds: float = 2.0,
    say: Callable[[str], None] | None = None,
) -> GraphStore:
    """The graph through its owner: the daemon's while one runs, else the file, created (with
    its migrations) only when it does not exist yet. While a crashed daemon's daemon.json is
    there, wait up to `wait_seconds` for `resident up` to come back, saying so; then
    DaemonCrashed, which the task's retries try again later."""
    from resident.daemon.client import open_graph
    from resident.errors import DaemonCrashed

    tell = say or _run_log
    deadline = time.monotonic() + wait_seconds
    while True:
        try:
            return open_graph(settings, create=not settings.graph_path.exists())
        except DaemonCrashed as exc:
            if time.monotonic() >= deadline:
                tell(f"{exc}; gave up waiting after {wait_seconds:.0f} s, the task will retry")
                raise
            tell(f"{exc}; retrying in {poll_seconds:.0f} s")
            time.sleep(poll_seconds)


def _run_log(line: str) -> None:
    try:
        from prefect import get_run_logger

        get_run_logger().warning(line)
    except Exception:  # outside a flow run: the standard log
        logging.getLogger("resident.flows").warning(line)


# -- decay -----------------------------------------------------------------------------------


class DecayReport(BaseModel):
    now: datetime
    decayed: int
    counts: dict[str, int]
    histogram_before: list[int]
    histogram_after: list[int]
    #: The ladder after the run: claims per rung and provenance class.
    ladder: Ladder | None = None


def decay_with_histograms(graph: GraphStore, now: datetime) -> DecayReport:
    """decay_stale_facts, with the confidence histogram before and after (lore's lesson: a
    forgetting curve nobody looks at can sit stuck for months) and the ladder after."""
    before = graph.confidence_histogram()
    counts = graph.decay_stale_facts(now)
    return DecayReport(
        now=now,
        decayed=counts.decayed,
        counts=graph.counts(),
        histogram_before=before,
        histogram_after=graph.confidence_histogram(),
        ladder=graph.ladder(),
    )


# -- the ladder ------------------------------------------------------------------------------

_CLASSES = [k.value for k in ProvenanceClass]


def _ladder_rows(ladder: Ladder) -> list[list[str]]:
    header = ["rung", *_CLASSES, "all"]
    rows = [header]
    for rung in ("fact", "belief", "hypothesis", "opinion"):
        by_class = ladder.rungs.get(rung, {})
        rows.append(
            [rung, *(f"{by_class.get(k, 0):,}" for k in _CLASSES), f"{ladder.count(rung):,}"]
        )
    return rows


def _bin_label(i: int, bins: int) -> str:
    return f"{i / bins:.1f} to {(i + 1) / bins:.1f}{']' if i == bins - 1 else ')'}"


def render_ladder_text(ladder: Ladder) -> str:
    """The ladder as plain text for `resident ladder`."""
    rows = _ladder_rows(ladder)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [f"The epistemic ladder: {ladder.total:,} claims", ""]
    lines += [
        "  ".join(
            c.rjust(w) if i else c.ljust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        )
        for row in rows
    ]
    lines += ["", "Confidence histogram:"]
    top = max(ladder.histogram) or 1
    bins = len(ladder.histogram)
    for i, n in enumerate(ladder.histogram):
        lines.append(f"  {_bin_label(i, bins):>10}  {n:>9,}  {'#' * round(40 * n / top)}")
    return "\n".join(lines)


def ladder_markdown(ladder: Ladder) -> list[str]:
    """The ladder as markdown lines (the decay artifact, the README)."""
    rows = _ladder_rows(ladder)
    lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
    lines += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    return lines


def render_decay_markdown(report: DecayReport, ctx: RunContext | None = None) -> str:
    bins = len(report.histogram_before)
    lines = [
        f"# decay-stale-facts, {report.now.isoformat()}",
        "",
        f"Claims decayed: **{report.decayed}** of {report.counts.get('claims', 0)}. Only claims "
        "below the decay threshold that were not retrieved for the stale span lose confidence; "
        "nothing is deleted.",
        "",
    ]
    pairs = zip(report.histogram_before, report.histogram_after, strict=True)
    lines += table(
        ["confidence", "before", "after", "change"],
        [
            (
                f"{i / bins:.1f} to {(i + 1) / bins:.1f}{']' if i == bins - 1 else ')'}",
                b,
                a,
                f"{a - b:+d}",
            )
            for i, (b, a) in enumerate(pairs)
        ],
    )
    lines += ["", "Graph counts: " + ", ".join(f"{k} {v}" for k, v in report.counts.items())]
    if report.ladder is not None:
        lines += ["", "## The ladder after the run", "", *ladder_markdown(report.ladder)]
    if ctx is not None:
        lines += ["", f"Run: {ctx.describe()}"]
    return "\n".join(lines)


# -- snapshots -------------------------------------------------------------------------------


@runtime_checkable
class Snapshots(Protocol):
    """A graph owner that can publish a consistent copy of itself (DuckStore, RemoteGraph)."""

    def snapshot(self, dest: Path) -> Path: ...


class SnapshotReport(BaseModel):
    path: Path
    bytes: int
    removed: list[Path]
    kept: int


def snapshot_path(settings: Settings, now: datetime) -> Path:
    return settings.snapshots_dir / f"graph-{now:%Y%m%dT%H%M%SZ}.duckdb"


def take_snapshot(graph: GraphStore, settings: Settings, now: datetime) -> SnapshotReport:
    """Publish data/snapshots/graph-<UTC time>.duckdb through the graph's owner and keep the
    newest `flows.snapshot_keep` snapshots (only files this function names are ever removed)."""
    if not isinstance(graph, Snapshots):
        raise ResidentError(f"{type(graph).__name__} cannot publish snapshots")
    path = graph.snapshot(snapshot_path(settings, now))
    folder = path.parent
    ours = sorted(p for p in folder.iterdir() if _SNAPSHOT_NAME.match(p.name))
    excess = ours[: max(0, len(ours) - settings.flows.snapshot_keep)]
    for old in excess:
        old.unlink(missing_ok=True)
    return SnapshotReport(
        path=path, bytes=path.stat().st_size, removed=excess, kept=len(ours) - len(excess)
    )
