"""sleep-consolidation (nightly): replay the buffer, train the Forward-Forward learner from its
last checkpoint, evaluate on the held-out split, review and write proposals; the artifact shows
the metrics and their trend over past nights.

The night runs on a snapshot, between two sittings of the morning quiz (resident.learning.quiz):
its writes reach the live graph only when no answer changed; a changed answer fails the night
(red in the artifact) and nothing it wrote is kept. Each sitting and the night run in a child
process one after another, so a night's memory is the largest of them, not their sum."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from prefect import flow, get_run_logger, task
from prefect.artifacts import create_markdown_artifact
from prefect.cache_policies import NO_CACHE

from flows._common import open_run, retry_options, settings
from resident.clock import SystemClock
from resident.config import Settings
from resident.daemon import quiz_process
from resident.daemon.quiet import quiet_seconds, restore_energy
from resident.learning.night_process import run_night
from resident.learning.night_report import render_markdown
from resident.learning.quiz import Guarded
from resident.maintenance import open_for_flow
from resident.memory.client import GraphStore

__all__ = ["quizzed_night", "sleep_consolidation"]


def quizzed_night(graph: GraphStore, s: Settings, now: datetime) -> Guarded:
    """One night on a snapshot, quizzed before and after, applied only when the quiz held: the
    quiz before, the night and the quiz after each in a child process of their own (the flow's
    process loads neither the conversation layer nor torch: resident.learning.night_process)."""
    return run_night(graph, s, now, quiz_process.__name__)


def quiz_markdown(g: Guarded) -> str:
    q = g.quiz
    if q.stable:
        return (
            f"## Morning quiz: stable\n\n{q.asked} questions asked before and after the "
            f"night through the conversation layer; no answer changed. {g.applied} writes "
            "applied to the live graph."
        )
    rows = "\n".join(
        f"- {question}: before {q.before[question].held or q.before[question].answer}, "
        f"after {q.after[question].held or q.after[question].answer}"
        for question in q.changed[:20]
    )
    return (
        f'## 🔴 Morning quiz: FAILED, night rolled back\n\n<span style="color:red">'
        f"{len(q.changed)} of {q.asked} answers changed without new evidence; none of the "
        f"night's writes reached the graph and the learner's files were kept as they "
        f"were.</span>\n\n{rows}"
    )


@task(name="consolidate", cache_policy=NO_CACHE)
def consolidate_night(now: datetime) -> Guarded:
    s = settings()
    with open_for_flow(s) as graph:
        return quizzed_night(graph, s, now)


@flow(name="sleep-consolidation")
def sleep_consolidation() -> dict[str, Any]:
    """One consolidation night: never a fact, never above hint, never a deletion."""
    s, now, ctx = open_run()
    quiet = quiet_seconds(s)
    if quiet is not None and quiet < s.learning.min_quiet_s:
        get_run_logger().info(
            "postponed: last turn %.0f s ago (< %.0f)", quiet, s.learning.min_quiet_s
        )
        return {"postponed": True, "quiet_s": quiet, "correlation_id": ctx.correlation_id}
    guarded = consolidate_night.with_options(**retry_options(s))(now)
    report = guarded.report
    get_run_logger().info(
        "ff@%d: MRR %.3f, Hits@10 %.3f, %d proposals, quiz %s",
        report.version,
        report.mrr,
        report.hits10,
        len(report.proposals),
        "stable" if guarded.quiz.stable else "FAILED (rolled back)",
    )
    energy = restore_energy(s, SystemClock().now())
    create_markdown_artifact(
        render_markdown(report) + "\n\n" + quiz_markdown(guarded) + f"\n\nEnergy after the night: "
        f"{'unknown' if energy is None else f'{energy:.2f}'}."
        f"\n\nRun: {ctx.describe()}",
        key="sleep-consolidation",
        description=f"ff@{report.version} MRR {report.mrr:.3f}"
        + ("" if guarded.quiz.stable else " (quiz failed, rolled back)"),
    )
    return {
        "postponed": False,
        "energy": energy,
        "version": report.version,
        "mrr": report.mrr,
        "hits10": report.hits10,
        "proposals": len(report.proposals) if guarded.quiz.stable else 0,
        "precision": report.calibration.precision,
        "pending": report.pending,
        "quiz_stable": guarded.quiz.stable,
        "quiz_changed": guarded.quiz.changed,
        "history": report.history,
        "correlation_id": ctx.correlation_id,
        "session_id": ctx.session_id,
    }
