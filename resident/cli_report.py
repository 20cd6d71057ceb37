"""`resident report`: MAX's report card (issue 23), each measure's trend over the months he has
lived, the first month his baseline. Registered on the command line in resident.cli."""

from __future__ import annotations

import json
from pathlib import Path

import click

from resident.cli_common import data_dir_option, settings_from


@click.command("report")
@data_dir_option
@click.option(
    "--month",
    default=None,
    metavar="YYYY-MM",
    help="The month to (re)make the card for (default: this month so far, UTC).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the history of cards as JSON.")
@click.pass_context
def report(ctx: click.Context, month: str | None, as_json: bool) -> None:
    """Make this month's report card (his own quiz, calibration, the ladder, gaps, proposals,
    held-out MRR by night, books read, people met), keep it in the history and print every
    month's trend, with the path of the chart (PNG) written beside it."""
    from datetime import UTC, datetime

    from resident.daemon.client import open_graph
    from resident.daemon.report import make_report_card
    from resident.errors import InvalidInput
    from resident.learning.report_card import month_bounds, month_of

    now = datetime.now(UTC)
    which = month or month_of(now)
    try:
        month_bounds(which)
    except ValueError as exc:
        raise InvalidInput(f"--month {which!r} is not a YYYY-MM month") from exc
    settings = settings_from(ctx)
    with open_graph(settings) as graph:
        made = make_report_card(graph, settings, which, now)
    if as_json:
        click.echo(json.dumps([c.model_dump(mode="json") for c in made.history], indent=2))
        return
    click.echo(f"MAX's report card, {which}")
    click.echo("")
    for line in made.text:
        click.echo(line)
    click.echo("")
    click.echo(f"chart: {Path(made.chart)}")
    click.echo(f"history: {Path(made.history_file)}")
