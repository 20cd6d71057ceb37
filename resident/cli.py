"""`resident`: the command line. Each command is a thin call into a library function."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from resident.config import Settings, load_settings
from resident.errors import ResidentError


class ResidentGroup(click.Group):
    """Turns MAX's typed errors into one readable line and exit status 2, never a traceback."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except ResidentError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)


def settings_from(ctx: click.Context) -> Settings:
    """Settings for this invocation, loaded once per command line."""
    obj = ctx.ensure_object(dict)
    if "settings" not in obj:
        obj["settings"] = load_settings(config_path=obj.get("config"), data_dir=obj.get("data_dir"))
    return obj["settings"]


@click.group(cls=ResidentGroup)
@click.option("--data-dir", type=click.Path(path_type=Path), default=None,
              help="Data directory (default: data/ or RESIDENT_DATA_DIR).")
@click.option("--config", type=click.Path(path_type=Path), default=None,
              help="Configuration file (default: config/resident.toml or RESIDENT_CONFIG).")
@click.pass_context
def main(ctx: click.Context, data_dir: Path | None, config: Path | None) -> None:
    """MAX, our AI resident."""
    ctx.ensure_object(dict).update(data_dir=data_dir, config=config)


@main.command()
@click.pass_context
def migrate(ctx: click.Context) -> None:
    """Apply pending schema migrations to the graph (with nothing else running)."""
    from resident.memory.duck_store import SCHEMA_VERSION
    from resident.memory.duck_store import migrate as run_migrations

    settings = settings_from(ctx)
    applied = run_migrations(settings.graph_path)
    if applied:
        click.echo(f"applied migrations {applied} to {settings.graph_path}")
    click.echo(f"graph schema at version {SCHEMA_VERSION}")


@main.command()
@click.pass_context
def config(ctx: click.Context) -> None:
    """Print the validated configuration as JSON."""
    click.echo(settings_from(ctx).model_dump_json(indent=2))


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the StateReport as JSON.")
@click.pass_context
def status(ctx: click.Context, as_json: bool) -> None:
    """How MAX is: mood, disposition and drives (from the state files when no daemon runs)."""
    from resident.awareness import render_text, report_from_disk

    report = report_from_disk(settings_from(ctx))
    click.echo(report.model_dump_json(indent=2) if as_json else render_text(report))
