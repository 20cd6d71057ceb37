"""`resident`: the command line. Each command is a thin call into a library function; the
house's maintenance commands live in resident.cli_house, the report card in resident.cli_report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from resident.cli_common import (
    ResidentGroup,
    daemon_or_embedded,
    data_dir_option,
    json_option,
    settings_from,
)
from resident.errors import ResidentError


@click.group(cls=ResidentGroup)
@click.version_option(package_name="max-resident", prog_name="resident")
@click.option(
    "--data-dir",
    type=click.Path(path_type=Path),
    default=None,
    help="Data directory (default: data/ or RESIDENT_DATA_DIR).",
)
@click.option(
    "--config",
    type=click.Path(path_type=Path),
    default=None,
    help="Configuration file (default: config/resident.toml or RESIDENT_CONFIG).",
)
@click.pass_context
def main(ctx: click.Context, data_dir: Path | None, config: Path | None) -> None:
    """MAX, our AI resident."""
    ctx.ensure_object(dict).update(data_dir=data_dir, config=config)


@main.command()
@data_dir_option
@click.option(
    "--dry-run",
    is_flag=True,
    help="Print the plan (pending migrations and their SQL) and apply nothing.",
)
@click.pass_context
def migrate(ctx: click.Context, dry_run: bool) -> None:
    """Apply pending schema migrations to the graph (with nothing else running)."""
    from resident.memory.schema import SCHEMA_VERSION, migration_plan
    from resident.memory.schema import migrate as run_migrations

    settings = settings_from(ctx)
    if dry_run:
        have, pending = migration_plan(settings.graph_path)
        click.echo(f"graph {settings.graph_path} at version {have}; code knows {SCHEMA_VERSION}")
        if not pending:
            click.echo("nothing to apply")
        for mig in pending:
            click.echo(
                f"-- would apply {mig.version:03d}_{mig.name}.sql (sha256 {mig.checksum[:12]})"
            )
            click.echo(mig.sql.rstrip())
        return
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
@json_option("the StateReport")
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
        from resident.hygiene.run import status_line

        click.echo(status_line(settings))


@main.command()
@data_dir_option
@click.option(
    "--port",
    type=int,
    default=None,
    help="Port on 127.0.0.1 (default: daemon.port in the config; 0 picks a free one).",
)
@click.option(
    "--no-flows",
    is_flag=True,
    help="Do not start the companions (Prefect server and flows worker).",
)
@click.pass_context
def up(ctx: click.Context, port: int | None, no_flows: bool) -> None:
    """Bring MAX up: boot, own the graph, serve the API on loopback until Ctrl-C or SIGTERM."""
    from resident.daemon.server import run_daemon

    run_daemon(settings_from(ctx), port=port, flows=not no_flows, echo=click.echo)


@main.command()
@data_dir_option
@json_option("the ladder")
@click.pass_context
def ladder(ctx: click.Context, as_json: bool) -> None:
    """Claims per rung and provenance class, and the confidence histogram (the live daemon's
    graph when one runs, else the file). Reading the ladder is not a retrieval."""
    from resident.daemon.client import open_graph
    from resident.maintenance import render_ladder_text

    with open_graph(settings_from(ctx)) as graph:
        result = graph.ladder()
    click.echo(result.model_dump_json(indent=2) if as_json else render_ladder_text(result))


@main.command()
@data_dir_option
@json_option("the PromotionReport")
@click.pass_context
def promote(ctx: click.Context, as_json: bool) -> None:
    """Promote every claim whose statement stands on more than one independent grounded source,
    each through promote_to_fact; prints how many and why."""
    from resident.clock import SystemClock
    from resident.daemon.client import open_graph
    from resident.exploration import promotion_markdown

    with open_graph(settings_from(ctx)) as graph:
        report = graph.promote_earned(SystemClock().now())
    click.echo(
        report.model_dump_json(indent=2) if as_json else "\n".join(promotion_markdown(report))
    )


@main.command()
@data_dir_option
@click.argument("text")
@click.option("--as", "person", default=None, help="Speak as this person (a name).")
@json_option("the whole turn")
@click.option(
    "--at",
    default=None,
    help="When it was said (ISO 8601, e.g. 2026-11-12T18:00:00Z); default now.",
)
@click.pass_context
def say(ctx: click.Context, text: str, person: str | None, as_json: bool, at: str | None) -> None:
    """Say one thing to MAX and print his reply (needs `resident up`)."""
    import json

    from resident.daemon.client import DaemonClient

    with DaemonClient.require(settings_from(ctx)) as client:
        answer = client.converse(text, person, at)
    click.echo(json.dumps(answer, indent=2) if as_json else answer["reply"])
    _note_new_token(answer)


def _note_new_token(answer: dict[str, object]) -> None:
    minted = answer.get("person_token")
    if isinstance(minted, dict):
        click.echo(
            f"(a token for {minted['name']} was made; `resident token "
            f'"{minted["name"]}"` prints it)',
            err=True,
        )


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


def _look_note(answer: dict[str, object]) -> str:
    """Whether this look counted as a retrieval (issue 16: looking is not evidence)."""
    if answer.get("counted_as_retrieval"):
        return (
            "(counted as a retrieval: retrieved_at moved; confidence rises at most once a "
            "period, epistemic.retrieval_bump_every_hours)"
        )
    return "(an audit: not a retrieval, nothing changed)"


@main.command()
@data_dir_option
@click.argument("subject")
@json_option("the answer")
@click.pass_context
def facts(ctx: click.Context, subject: str, as_json: bool) -> None:
    """What MAX knows about SUBJECT (a name or an entity id), strongest first."""
    import json
    from datetime import UTC, datetime

    from resident.language import facts_about

    settings = settings_from(ctx)
    answer = daemon_or_embedded(
        settings,
        lambda client: client.facts(subject),
        lambda graph: facts_about(
            graph, subject, datetime.now(UTC), limit=settings.language.max_listed_claims
        ).model_dump(mode="json"),
    )
    click.echo(json.dumps(answer, indent=2) if as_json else answer["text"])
    if not as_json:
        click.echo(_look_note(answer), err=True)


@main.command()
@data_dir_option
@click.argument("query", nargs=-1, required=True)
@json_option("the answer")
@click.pass_context
def why(ctx: click.Context, query: tuple[str, ...], as_json: bool) -> None:
    """Why MAX thinks something: a claim id, a statement ("aspirin treats headache") or a
    subject, with the provenance trail and any open conflicts."""
    import json
    from datetime import UTC, datetime

    from resident.language import why as why_answer

    settings = settings_from(ctx)
    text = " ".join(query)
    answer = daemon_or_embedded(
        settings,
        lambda client: client.why(text),
        lambda graph: why_answer(
            graph,
            text,
            datetime.now(UTC),
            pipeline=settings.language.pipeline,
            limit=settings.language.max_listed_claims,
        ).model_dump(mode="json"),
    )
    click.echo(json.dumps(answer, indent=2) if as_json else answer["text"])
    if not as_json:
        click.echo(_look_note(answer), err=True)


@main.command()
@data_dir_option
@click.argument("name", required=False)
@click.option("--owner", "role", flag_value="owner", help="Print the owner token (the CLI's).")
@click.option(
    "--service",
    "role",
    flag_value="service",
    help="Print the service token (flows and other graph API clients).",
)
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
        click.echo(
            TokenStore.ensure(settings.data_dir).token_for(
                "owner" if role == "owner" else "service"
            )
        )
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
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        TextColumn("{task.completed:,.0f}/{task.total:,.0f}"),
        disable=quiet,
        transient=True,
    )
    stages: dict[str, Any] = {}

    def progress(stage: str, done: int, total: int | None) -> None:
        if stage not in stages:
            stages[stage] = bar.add_task(stage, total=total)
        bar.update(stages[stage], completed=done, total=total)

    with graph, bar:
        report = ingest(graph, source, SystemClock().now(), settings, progress)
    e, c = report.entities, report.claims
    click.echo(
        f"{report.dataset}@{report.version}: {report.records:,} records; entities "
        f"+{e.inserted:,} ~{e.updated:,} ={e.unchanged:,}; claims +{c.inserted:,} "
        f"~{c.updated:,} ={c.unchanged:,} ({report.rows_per_second:,.0f} rows/s)"
    )


_MODALITY = click.Choice(["voice", "face"])


@main.command()
@data_dir_option
@click.argument("modality", type=_MODALITY)
@click.option("--as", "person", required=True, help="Whose voice or face (a name or id).")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.pass_context
def enrol(ctx: click.Context, modality: str, person: str, file: Path) -> None:
    """Enrol PERSON's voice (a WAV/FLAC/OGG clip) or face (a PNG/JPEG image) from FILE (needs
    `resident up`). Only the embedding is kept, encrypted in the person's private folder."""
    from resident.daemon.client import DaemonClient

    with DaemonClient.require(settings_from(ctx)) as client:
        answer = client.enrol(person, modality, file.read_bytes())
    click.echo(
        f"enrolled {answer['person_id']}'s {modality}: {answer['samples']} sample(s) "
        f"({answer['seconds']:.2f} s)"
    )


@main.command()
@data_dir_option
@click.argument("modality", type=_MODALITY)
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@json_option("the match")
@click.pass_context
def identify(ctx: click.Context, modality: str, file: Path, as_json: bool) -> None:
    """Who is speaking in (voice) or looking out of (face) FILE (needs `resident up`)."""
    import json

    from resident.daemon.client import DaemonClient

    with DaemonClient.require(settings_from(ctx)) as client:
        match = client.identify(modality, file.read_bytes())
    if as_json:
        click.echo(json.dumps(match, indent=2))
    elif match["person_id"] is None:
        click.echo("someone I don't know")
    else:
        click.echo(f"{match['said']} ({match['person_id']}, distance {match['distance']:.3f})")


@main.command()
@data_dir_option
@click.option("--as", "person", required=True, help="Whose templates (a name or id).")
@click.option("--erase", is_flag=True, help="Destroy the key and the template files.")
@click.pass_context
def biometrics(ctx: click.Context, person: str, erase: bool) -> None:
    """Export PERSON's voice and face templates as JSON, or --erase them (needs `resident up`)."""
    import json

    from resident.daemon.client import DaemonClient

    with DaemonClient.require(settings_from(ctx)) as client:
        click.echo(json.dumps(client.biometrics(person, erase=erase), indent=2))


@main.command()
@data_dir_option
@click.argument("path", type=click.Path(path_type=Path))
@json_option("the reading report")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.pass_context
def read(ctx: click.Context, path: Path, as_json: bool, quiet: bool) -> None:
    """Read a book or paper (PDF, EPUB or text), through the daemon when MAX is up: he keeps
    what it is about, its themes, its moral weight, new words and a few quotations, and drops
    the text. The same work as the `literature/adhoc` deployment, with a progress bar per page;
    from this console any plain file your user can read (flows read only the inbox and
    literature.roots)."""
    import getpass
    import json

    from rich.console import Console
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn

    from resident.clock import SystemClock
    from resident.daemon.client import open_graph
    from resident.literature import distill_checked, remember
    from resident.literature.report import render_text
    from resident.places import Policy

    settings = settings_from(ctx)
    policy = Policy.owner()
    checked = policy.check(path)
    # Said, not hidden: the owner's console is not held to the flows' folders.
    click.echo(
        f"reading {checked.path} as {getpass.getuser()}: the owner's console reads "
        f"{policy.describe()}",
        err=True,
    )
    graph = open_graph(settings, create=not settings.graph_path.exists())
    bar = Progress(
        TextColumn(f"reading {path.name}"),
        BarColumn(),
        TaskProgressColumn(),
        TextColumn("page {task.completed:,.0f}/{task.total:,.0f}"),
        disable=quiet or as_json,
        transient=True,
        # stderr, so the report on stdout can be piped as it is.
        console=Console(stderr=True),
    )
    task = bar.add_task("read", total=1)

    def progress(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    with graph, bar:
        found = distill_checked(checked.path, settings, policy, progress)
        report = remember(graph, found, SystemClock().now(), settings)
    if as_json:
        click.echo(json.dumps(report.model_dump(mode="json"), indent=2))
    else:
        click.echo(render_text(report))


@main.command()
@data_dir_option
@click.argument("snapshot")
@click.pass_context
def restore(ctx: click.Context, snapshot: str) -> None:
    """Put SNAPSHOT (a file in <data dir>/snapshots) in place of the graph while MAX is down;
    the file it replaces is kept beside it as graph.duckdb.damaged-<time>."""
    from resident.clock import SystemClock
    from resident.errors import DaemonRunning
    from resident.house.ownership import live_daemon
    from resident.memory.integrity import restore_snapshot

    settings = settings_from(ctx)
    if live_daemon(settings.data_dir) is not None:
        raise DaemonRunning(f"MAX is up on {settings.data_dir}: stop him before restoring")
    stamp = SystemClock().now().strftime("%Y%m%dT%H%M%SZ")
    aside = restore_snapshot(settings.graph_path, settings.snapshots_dir, snapshot, stamp)
    kept = f"; the file it replaced is kept as {aside}" if aside else ""
    click.echo(f"restored {snapshot} to {settings.graph_path}{kept}")


def _register() -> None:
    """Commands that live in their own modules (this one is long enough)."""
    from resident.cli_house import council, flows, hygiene, recommendations
    from resident.cli_report import report

    for command in (flows, council, hygiene, recommendations, report):
        main.add_command(command)


_register()
