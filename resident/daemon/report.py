"""Making the monthly report card (issue 23): the month's card computed from the graph and MAX's
records, his own quiz asked of him booted on a snapshot (asking is a retrieval, which must not
move the live graph's confidences), the card put in its month's place in the history on disk,
and the chart written beside it. `resident report` and the `report-card/monthly` flow both call
`make_report_card`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from resident.config import Settings
from resident.learning.quiz import quiz_items, scratch_copy
from resident.learning.report_card import MonthCard, upsert
from resident.learning.report_chart import chart_png, render_markdown, render_text
from resident.learning.report_records import chart_path, gather, load_history, save_history
from resident.memory.client import GraphStore


@dataclass(frozen=True)
class Made:
    card: MonthCard
    history: list[MonthCard]
    chart: Path
    history_file: Path
    text: list[str]
    markdown: str


def make_report_card(graph: GraphStore, settings: Settings, month: str, now: datetime) -> Made:
    """The card for `month` as things stand at `now`, kept in the history (a month made again
    replaces its card; the first month is the baseline) with its chart written beside it."""
    from resident.daemon.morning_quiz import take_quiz

    settings.data_dir.mkdir(parents=True, exist_ok=True)
    with scratch_copy(graph, settings, now, "report") as (copy, scratch):
        items = quiz_items(copy, settings)
        answers = take_quiz(copy, scratch, items, now)
    card = gather(graph, settings, month, now, items, answers)
    history = upsert(load_history(settings), card)
    png = chart_png(history)
    chart = chart_path(settings, month)
    chart.parent.mkdir(parents=True, exist_ok=True)
    _write(chart, png)
    stored = save_history(settings, history)
    return Made(card, history, chart, stored, render_text(history), render_markdown(history, png))


def _write(path: Path, body: bytes) -> None:
    from resident.state.atomic import replace_with

    replace_with(path, lambda fh: fh.write(body))
