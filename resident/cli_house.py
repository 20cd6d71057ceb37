"""`resident flows|council|hygiene|recommendations`: the house's maintenance commands (Prefect,
the council, schema hygiene and its recommendations). Registered on the command line in
resident.cli."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from resident.cli_common import data_dir_option, json_option, settings_from


@click.group()
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
        raise HouseError(
            f"no Prefect server answers at {api_url(settings)}; "
            "start it first (`resident flows server`)"
        )
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


@click.group()
def council() -> None:
    """The model council: outside models asked what MAX cannot settle locally (off until
    [council.providers] lists providers)."""


@council.command("providers")
@data_dir_option
@click.pass_context
def council_providers(ctx: click.Context) -> None:
    """List the configured providers and whether each one's key is in the environment (the
    key itself is never printed)."""
    import os

    settings = settings_from(ctx)
    providers = settings.council.providers
    if not providers:
        click.echo(
            "The council is off: no provider in [council.providers]. Nothing leaves the house."
        )
        return
    from resident.council.trust import independence

    groups = independence(providers, os.environ)
    for name, p in sorted(providers.items()):
        has_key = "key set" if os.environ.get(p.api_key_env, "").strip() else "KEY MISSING"
        click.echo(
            f"{name}: {p.family}, {p.wire} wire, model {p.model} at {p.base_url}; "
            f"${p.api_key_env} {has_key}; independence group {groups[name]}"
        )
    distinct = len(set(groups.values()))
    needed = settings.council.min_agreeing_families
    if distinct < needed:
        click.echo(
            f"Only {distinct} independent provider group(s) (a shared vendor family, base URL "
            f"or key makes one): the council can never agree ({needed} needed)."
        )


@council.command("run")
@data_dir_option
@click.option(
    "--claim",
    "claim_id",
    default=None,
    help="Put this one claim to the council (ad hoc) instead of the open gaps.",
)
@json_option("the report")
@click.pass_context
def council_run(ctx: click.Context, claim_id: str | None, as_json: bool) -> None:
    """Sit the council now: the open gaps its rule sends, or one claim."""
    import json
    import os
    from datetime import UTC, datetime

    from resident.council.report import render_text
    from resident.council.sitting import convene, question_for_claim
    from resident.council.trust import configured_secrets
    from resident.daemon.client import open_graph
    from resident.session import new_ulid

    settings = settings_from(ctx)
    now = datetime.now(UTC)
    with open_graph(settings, create=not settings.graph_path.exists()) as graph:
        questions = None
        if claim_id is not None and settings.council.providers:
            questions = [question_for_claim(graph, claim_id)]
        report = convene(graph, settings, now, questions=questions, correlation_id=new_ulid(now))
    # Every answer was scrubbed as it came in; what is printed is scrubbed once more.
    secrets = configured_secrets(settings.council, os.environ)
    if as_json:
        click.echo(
            secrets.scrub(
                json.dumps(
                    {
                        **report.summary(),
                        "sittings": [s.model_dump(mode="json") for s in report.sittings],
                        "skipped": report.skipped,
                    },
                    indent=2,
                )
            )
        )
    else:
        click.echo(secrets.scrub(render_text(report)))


@council.command("sittings")
@data_dir_option
@click.argument("subject", required=False)
@click.option("--limit", type=click.IntRange(1, 1000), default=20, show_default=True)
@json_option("the sittings")
@click.pass_context
def council_sittings(ctx: click.Context, subject: str | None, limit: int, as_json: bool) -> None:
    """Past sittings, newest first (of one SUBJECT entity id when given)."""
    import json
    import os

    from resident.council.trust import configured_secrets
    from resident.daemon.client import open_graph

    settings = settings_from(ctx)
    with open_graph(settings) as graph:
        rows = graph.sittings(subject=subject, limit=limit)
    # Sittings recorded before answers were scrubbed as they came in are scrubbed here.
    secrets = configured_secrets(settings.council, os.environ)
    if as_json:
        click.echo(secrets.scrub(json.dumps([s.model_dump(mode="json") for s in rows], indent=2)))
        return
    if not rows:
        click.echo("No sittings yet.")
    for s in rows:
        said = ", ".join(
            f"{a.provider} {a.verdict if a.error is None else 'failed'}" for a in s.answers
        )
        click.echo(
            secrets.scrub(
                f"{s.sat_at.isoformat()} {s.question}\n  {said} -> {s.agreement.value}, "
                f"{s.outcome.value}; {s.calls} calls, {s.tokens} tokens, "
                f"${s.cost_usd:.4f}"
            )
        )


@click.command()
@data_dir_option
@click.option(
    "--snapshot",
    type=click.Path(path_type=Path, exists=True, dir_okay=False),
    default=None,
    help="Evaluate this snapshot instead of publishing a new one.",
)
@json_option("the HygieneReport")
@click.pass_context
def hygiene(ctx: click.Context, snapshot: Path | None, as_json: bool) -> None:
    """Run the schema self-evaluation now: snapshot, dbt build, Great Expectations, findings
    filed as recommendations (never applied). Exit status 1 when a law or expectation broke."""
    import time
    from datetime import UTC, datetime

    from resident.daemon.client import open_graph
    from resident.hygiene.run import render_markdown, self_evaluate
    from resident.maintenance import take_snapshot

    settings = settings_from(ctx)
    now = datetime.now(UTC)
    with open_graph(settings, create=not settings.graph_path.exists()) as graph:
        start = time.perf_counter()
        if snapshot is None:
            snapshot = take_snapshot(graph, settings, now).path
        report = self_evaluate(graph, settings, now, snapshot, time.perf_counter() - start)
    click.echo(report.model_dump_json(indent=2) if as_json else render_markdown(report))
    if not report.ok:
        sys.exit(1)


@click.group(invoke_without_command=True)
@data_dir_option
@click.option(
    "--status",
    "status_",
    type=click.Choice(["open", "accepted", "rejected"]),
    default=None,
    help="Only recommendations with this status.",
)
@click.option("--limit", type=click.IntRange(1, 100_000), default=100, show_default=True)
@json_option("them")
@click.pass_context
def recommendations(ctx: click.Context, status_: str | None, limit: int, as_json: bool) -> None:
    """What the schema self-evaluation filed; `accept ID` or `reject ID` records your verdict."""
    if ctx.invoked_subcommand is not None:
        return
    import json

    from resident.daemon.client import open_graph

    with open_graph(settings_from(ctx)) as graph:
        found = graph.recommendations(status=status_, limit=limit)
    if as_json:
        click.echo(json.dumps([r.model_dump(mode="json") for r in found], indent=2))
        return
    if not found:
        click.echo("no recommendations" + (f" with status {status_}" if status_ else ""))
    for r in found:
        click.echo(f"{r.id}  {r.status:<8} {r.kind:<19} {r.detail}")
        click.echo(f"    action: {r.action}")
        click.echo(f"    found {r.seen_count} time(s), last {r.last_seen_at:%Y-%m-%d %H:%M} UTC")


def _verdict(ctx: click.Context, recommendation_id: str, status_: str) -> None:
    from datetime import UTC, datetime

    from resident.daemon.client import open_graph

    with open_graph(settings_from(ctx)) as graph:
        r = graph.set_recommendation_status(recommendation_id, status_, datetime.now(UTC))
    click.echo(
        f"{r.id} is now {r.status} (nothing was applied: a structural fix is a reviewed migration)"
    )


@recommendations.command("accept")
@click.argument("recommendation_id")
@click.pass_context
def recommendations_accept(ctx: click.Context, recommendation_id: str) -> None:
    """Mark a recommendation accepted (a status change only)."""
    _verdict(ctx, recommendation_id, "accepted")


@recommendations.command("reject")
@click.argument("recommendation_id")
@click.pass_context
def recommendations_reject(ctx: click.Context, recommendation_id: str) -> None:
    """Mark a recommendation rejected (a status change only)."""
    _verdict(ctx, recommendation_id, "rejected")
