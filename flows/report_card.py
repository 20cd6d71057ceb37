"""report-card (monthly): is MAX a little better each month? His answer accuracy on his own
quiz, his calibration (Brier score, reliability), the ladder's counts, gaps opened and closed,
proposals true and false, held-out MRR night by night, books read and people met, each as a
trend over the months he has lived (the first month his baseline). The artifact carries the
chart inline (a PNG as a data: URI in the markdown, so the UI shows it offline) and the table;
the PNG and the history of cards are kept under <data dir>/reports."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from prefect import flow, task
from prefect.artifacts import create_markdown_artifact
from prefect.cache_policies import NO_CACHE

from flows._common import open_run, retry_options, settings
from resident.daemon.report import Made, make_report_card
from resident.errors import InvalidInput
from resident.learning.report_card import month_bounds, month_of
from resident.maintenance import open_for_flow


def closing_month(now: datetime) -> str:
    """The month of the day before `now`: run on the 1st, the month that just ended."""
    return month_of(now - timedelta(days=1))


@task(name="make-report-card", cache_policy=NO_CACHE)
def make_card(month: str, now: datetime) -> Made:
    s = settings()
    with open_for_flow(s) as graph:
        return make_report_card(graph, s, month, now)


@flow(name="report-card")
def report_card(month: str | None = None) -> dict[str, Any]:
    """Make the card of `month` (YYYY-MM; default: the month of the day before, so the run on
    the 1st makes the month just ended), keep it in the history, publish the artifact."""
    s, now, ctx = open_run()
    which = month or closing_month(now)
    try:
        month_bounds(which)
    except ValueError as exc:
        raise InvalidInput(f"month {which!r} is not a YYYY-MM month") from exc
    made = make_card.with_options(**retry_options(s))(which, now)
    card = made.card
    create_markdown_artifact(
        made.markdown + f"\n\nChart file: `{made.chart}`.\n\nRun: {ctx.describe()}",
        key="report-card",
        description=f"{which}: quiz {card.quiz_correct}/{card.quiz_asked}, Brier "
        + ("-" if card.brier is None else f"{card.brier:.3f}")
        + f", {len(made.history)} month(s)",
    )
    return {
        "month": which,
        "months": [c.month for c in made.history],
        "quiz_asked": card.quiz_asked,
        "quiz_correct": card.quiz_correct,
        "brier": card.brier,
        "outcomes": card.outcomes,
        "chart": str(made.chart),
        "history": str(made.history_file),
        "correlation_id": ctx.correlation_id,
        "session_id": ctx.session_id,
    }
