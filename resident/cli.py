"""`resident`: the command line. Each command is a thin call into a library function."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

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
@click.version_option(package_name="max-resident", prog_name="resident")
@click.option("--data-dir", type=click.Path(path_type=Path), default=None,
              help="Data directory (default: data/ or RESIDENT_DATA_DIR).")
@click.option("--config", type=click.Path(path_type=Path), default=None,
              help="Configuration file (default: config/resident.toml or RESIDENT_CONFIG).")
@click.pass_context
def main(ctx: click.Context, data_dir: Path | None, config: Path | None) -> None:
    """MAX, our AI resident."""
    ctx.ensure_object(dict).update(data_dir=data_dir, config=config)


def _use_data_dir(ctx: click.Context, param: click.Parameter, value: Path | None) -> None:
    if value is not None:
        ctx.ensure_object(dict)["data_dir"] = value


#: `resident up --data-dir DIR` as well as `resident --data-dir DIR up`.
data_dir_option = click.option(
    "--data-dir", type=click.Path(path_type=Path), default=None, expose_value=False,
    callback=_use_data_dir, help="Data directory (default: data/ or RESIDENT_DATA_DIR).")


@main.command()
@data_dir_option
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
@data_dir_option
@click.pass_context
def config(ctx: click.Context) -> None:
    """Print the validated configuration as JSON."""
    click.echo(settings_from(ctx).model_dump_json(indent=2))


@main.command()
@data_dir_option
@click.option("--json", "as_json", is_flag=True, help="Print the StateReport as JSON.")
@click.pass_context
def status(ctx: click.Context, as_json: bool) -> None:
    """How MAX is: mood, disposition and drives (the live daemon's when one runs, else from the
    state files)."""
    from resident.awareness import StateReport, render_text, report_from_disk
    from resident.daemon.client import DaemonClient

    settings = settings_from(ctx)
    client = DaemonClient.find(settings)
    if client is None:
        report = report_from_disk(settings)
    else:
        with client:
            report = StateReport.model_validate(client.state())
    click.echo(report.model_dump_json(indent=2) if as_json else render_text(report))
    if not as_json:
        from resident.house.companions import companion_lines

        for line in companion_lines(settings.data_dir):
            click.echo(line)


@main.command()
@data_dir_option
@click.option("--port", type=int, default=None,
              help="Port on 127.0.0.1 (default: daemon.port in the config; 0 picks a free one).")
@click.option("--no-flows", is_flag=True,
              help="Do not start the companions (Prefect server and flows worker).")
@click.pass_context
def up(ctx: click.Context, port: int | None, no_flows: bool) -> None:
    """Bring MAX up: boot, own the graph, serve the API on loopback until Ctrl-C or SIGTERM."""
    from resident.daemon.server import run_daemon

    run_daemon(settings_from(ctx), port=port, flows=not no_flows, echo=click.echo)


@main.command()
@data_dir_option
@click.argument("text")
@click.option("--as", "person", default=None, help="Speak as this person (a name).")
@click.option("--json", "as_json", is_flag=True, help="Print the whole turn as JSON.")
@click.pass_context
def say(ctx: click.Context, text: str, person: str | None, as_json: bool) -> None:
    """Say one thing to MAX and print his reply (needs `resident up`)."""
    import json

    from resident.daemon.client import DaemonClient

    with DaemonClient.require(settings_from(ctx)) as client:
        answer = client.converse(text, person)
    click.echo(json.dumps(answer, indent=2) if as_json else answer["reply"])
    _note_new_token(answer)


def _note_new_token(answer: dict[str, object]) -> None:
    minted = answer.get("person_token")
    if isinstance(minted, dict):
        click.echo(f"(a token for {minted['name']} was made; `resident token "
                   f"\"{minted['name']}\"` prints it)", err=True)


@main.command()
@data_dir_option
@click.option("--as", "person", default=None, help="Speak as this person (a name).")
@click.pass_context
def chat(ctx: click.Context, person: str | None) -> None:
    """Talk with MAX until /quit or Ctrl-D (needs `resident up`)."""
    from resident.daemon.client import DaemonClient

    with DaemonClient.require(settings_from(ctx)) as client:
        click.echo(f"MAX, session {client.info.session_id}. /quit or Ctrl-D to leave.")
        while True:
            try:
                text = input("you> ")
            except (EOFError, KeyboardInterrupt):
                click.echo()
                return
            if text.strip() in ("/quit", "/exit"):
                return
            if not text.strip():
                continue
            try:
                answer = client.converse(text, person)
            except ResidentError as exc:
                if exc.code == "daemon_not_running":
                    raise
                click.echo(f"({exc.code}: {exc})", err=True)
                continue
            # After "I'm Ana" the following turns are Ana's.
            person = answer.get("person_id") or person
            click.echo(f"MAX: {answer['reply']}")
            _note_new_token(answer)


@main.command()
@data_dir_option
@click.argument("subject")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@click.pass_context
def facts(ctx: click.Context, subject: str, as_json: bool) -> None:
    """What MAX knows about SUBJECT (a name or an entity id), strongest first."""
    import json
    from datetime import UTC, datetime

    from resident.daemon.client import DaemonClient, open_graph
    from resident.language import facts_about

    settings = settings_from(ctx)
    client = DaemonClient.find(settings)
    if client is not None:
        with client:
            answer = client.facts(subject)
    else:
        graph = open_graph(settings)
        try:
            answer = facts_about(graph, subject, datetime.now(UTC),
                                 limit=settings.language.max_listed_claims).model_dump(mode="json")
        finally:
            graph.close()
    click.echo(json.dumps(answer, indent=2) if as_json else answer["text"])


@main.command()
@data_dir_option
@click.argument("query", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@click.pass_context
def why(ctx: click.Context, query: tuple[str, ...], as_json: bool) -> None:
    """Why MAX thinks something: a claim id, a statement ("aspirin treats headache") or a
    subject, with the provenance trail and any open conflicts."""
    import json
    from datetime import UTC, datetime

    from resident.daemon.client import DaemonClient, open_graph
    from resident.language import why as why_answer

    settings = settings_from(ctx)
    text = " ".join(query)
    client = DaemonClient.find(settings)
    if client is not None:
        with client:
            answer = client.why(text)
    else:
        graph = open_graph(settings)
        try:
            answer = why_answer(graph, text, datetime.now(UTC),
                                pipeline=settings.language.pipeline,
                                limit=settings.language.max_listed_claims).model_dump(mode="json")
        finally:
            graph.close()
    click.echo(json.dumps(answer, indent=2) if as_json else answer["text"])


@main.command()
@data_dir_option
@click.argument("name", required=False)
@click.option("--owner", "role", flag_value="owner", help="Print the owner token (the CLI's).")
@click.option("--service", "role", flag_value="service",
              help="Print the service token (flows and other graph API clients).")
@click.pass_context
def token(ctx: click.Context, name: str | None, role: str | None) -> None:
    """Print NAME's bearer token, making it if needed (needs `resident up`), or with --owner or
    --service one of the tokens made on first run."""
    from resident.daemon.client import DaemonClient
    from resident.daemon.tokens import TokenStore

    settings = settings_from(ctx)
    if (name is None) == (role is None):
        raise click.UsageError("give a NAME, or --owner, or --service")
    if role is not None:
        click.echo(TokenStore.ensure(settings.data_dir).token_for(
            "owner" if role == "owner" else "service"))
        return
    assert name is not None
    with DaemonClient.require(settings) as client:
        minted = client.mint_token(name)
    click.echo(minted["token"])
    if minted["created"]:
        click.echo(f"(new token for {minted['name']}, {minted['person_id']})", err=True)


@main.command("ingest")
@data_dir_option
@click.argument("source")
@click.option("--quiet", is_flag=True, help="No progress bar; the summary line only.")
@click.pass_context
def ingest_cmd(ctx: click.Context, source: str, quiet: bool) -> None:
    """Persist a dataset now (hpo-obo, hpoa, geonames-cities15000, or a path), through the
    daemon when MAX is up: the same work as the `ingest/adhoc` deployment, with a progress bar."""
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn

    from resident.clock import SystemClock
    from resident.daemon.client import open_graph
    from resident.ingest import ingest

    settings = settings_from(ctx)
    graph = open_graph(settings, create=not settings.graph_path.exists())
    bar = Progress(TextColumn("{task.description}"), BarColumn(), TaskProgressColumn(),
                   TextColumn("{task.completed:,.0f}/{task.total:,.0f}"), disable=quiet,
                   transient=True)
    stages: dict[str, Any] = {}

    def progress(stage: str, done: int, total: int | None) -> None:
        if stage not in stages:
            stages[stage] = bar.add_task(stage, total=total)
        bar.update(stages[stage], completed=done, total=total)

    try:
        with bar:
            report = ingest(graph, source, SystemClock().now(), settings, progress)
    finally:
        graph.close()
    e, c = report.entities, report.claims
    click.echo(f"{report.dataset}@{report.version}: {report.records:,} records; entities "
               f"+{e.inserted:,} ~{e.updated:,} ={e.unchanged:,}; claims +{c.inserted:,} "
               f"~{c.updated:,} ={c.unchanged:,} ({report.rows_per_second:,.0f} rows/s)")


@main.command()
@data_dir_option
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the reading report as JSON.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.pass_context
def read(ctx: click.Context, path: Path, as_json: bool, quiet: bool) -> None:
    """Read a book or paper (PDF, EPUB or text), through the daemon when MAX is up: he keeps
    what it is about, its themes, its moral weight, new words and a few quotations, and drops
    the text. The same work as the `literature/adhoc` deployment, with a progress bar per page."""
    import json

    from rich.console import Console
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn

    from resident.clock import SystemClock
    from resident.daemon.client import open_graph
    from resident.literature import read_document
    from resident.literature.report import render_text

    settings = settings_from(ctx)
    graph = open_graph(settings, create=not settings.graph_path.exists())
    bar = Progress(TextColumn(f"reading {path.name}"), BarColumn(), TaskProgressColumn(),
                   TextColumn("page {task.completed:,.0f}/{task.total:,.0f}"),
                   disable=quiet or as_json, transient=True,
                   # stderr, so the report on stdout can be piped as it is.
                   console=Console(stderr=True))
    task = bar.add_task("read", total=1)

    def progress(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    try:
        with bar:
            report = read_document(graph, path, SystemClock().now(), settings, progress)
    finally:
        graph.close()
    if as_json:
        click.echo(json.dumps(report.model_dump(mode="json"), indent=2))
    else:
        click.echo(render_text(report))


@main.group()
def flows() -> None:
    """The Prefect house: server, worker, and the environment for `prefect` commands."""


def _config_path(ctx: click.Context) -> Path | None:
    value = (ctx.find_object(dict) or {}).get("config")
    return Path(value) if value else None


@flows.command("server")
@click.pass_context
def flows_server(ctx: click.Context) -> None:
    """Run the Prefect server on 127.0.0.1 (data/prefect) until Ctrl-C or SIGTERM."""
    from resident.house.prefect import run_house

    run_house(settings_from(ctx), _config_path(ctx), worker=False, echo=click.echo)


@flows.command("worker")
@click.pass_context
def flows_worker(ctx: click.Context) -> None:
    """Serve every deployment on its schedule against the running Prefect server."""
    import os

    from resident.errors import HouseError
    from resident.house.prefect import api_url, prefect_env, server_healthy, worker_argv

    settings = settings_from(ctx)
    if not server_healthy(settings):
        raise HouseError(f"no Prefect server answers at {api_url(settings)}; "
                         "start it first (`resident flows server`)")
    # flows/ sits above resident/: the worker is its own program (`python -m flows.serve`),
    # which this process becomes, with Prefect's environment set before Prefect is imported.
    argv = worker_argv()
    os.execve(argv[0], argv, {**os.environ, **prefect_env(settings, _config_path(ctx))})


@flows.command("up")
@click.pass_context
def flows_up(ctx: click.Context) -> None:
    """Prefect server and worker together, without the daemon (`resident up` runs all three)."""
    from resident.house.prefect import run_house

    run_house(settings_from(ctx), _config_path(ctx), echo=click.echo)


@flows.command("env")
@click.pass_context
def flows_env(ctx: click.Context) -> None:
    """Print export lines for the `prefect` CLI: eval "$(resident flows env)". While MAX is up,
    the port is the running house's (daemon.json), not the configured one."""
    import shlex

    from resident.house.prefect import prefect_env, running_settings

    settings = running_settings(settings_from(ctx))
    for key, value in prefect_env(settings, _config_path(ctx)).items():
        click.echo(f"export {key}={shlex.quote(value)}")
