"""Every deployment the worker serves, with its schedule from config/resident.toml [flows]."""

from __future__ import annotations

from typing import cast
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from prefect.deployments.runner import RunnerDeployment
from prefect.schedules import Cron, Schedule
from prefect.types.entrypoint import EntrypointType

from flows.consolidation import sleep_consolidation
from flows.council import council_verifications
from flows.decay import decay_stale_facts
from flows.exploration import exploration_loop
from flows.hygiene import schema_self_evaluation
from flows.ingest import ingest
from flows.literature import literature
from flows.report_card import report_card
from flows.snapshot import snapshot
from resident.config import Settings
from resident.errors import ConfigError


def _cron(s: Settings, key: str, section: str = "flows") -> Schedule:
    try:
        ZoneInfo(s.flows.timezone)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ConfigError("flows.timezone", f"{s.flows.timezone!r} is not a time zone") from exc
    try:
        return Cron(getattr(getattr(s, section), key), timezone=s.flows.timezone)
    except ValueError as exc:
        raise ConfigError(f"{section}.{key}", str(exc)) from exc


def _council_cron(s: Settings) -> Schedule:
    try:
        return Cron(s.council.cron, timezone=s.flows.timezone)
    except ValueError as exc:
        raise ConfigError("council.cron", str(exc)) from exc


def deployments(s: Settings) -> list[RunnerDeployment]:
    """decay-stale-facts/nightly, exploration-loop/hourly, ingest/adhoc, literature/adhoc,
    literature/inbox (hourly), snapshot/on-demand, sleep-consolidation/nightly, report-card/monthly,
    council-verifications/nightly and /adhoc, schema-self-evaluation/weekly and /adhoc."""
    # Module entrypoints: a flow run finds its code by import, whatever the run's directory.
    module = EntrypointType.MODULE_PATH
    found = [
        decay_stale_facts.to_deployment(
            "nightly",
            schedules=[_cron(s, "decay_cron")],
            entrypoint_type=module,
            tags=["maintenance"],
            description=f"decay_stale_facts on cron '{s.flows.decay_cron}' ({s.flows.timezone})",
        ),
        exploration_loop.to_deployment(
            "hourly",
            schedules=[_cron(s, "exploration_cron")],
            entrypoint_type=module,
            tags=["maintenance"],
            description=f"the exploration loop on cron '{s.flows.exploration_cron}' "
            f"({s.flows.timezone})",
        ),
        ingest.to_deployment(
            "adhoc",
            entrypoint_type=module,
            tags=["ingest"],
            description="prefect deployment run 'ingest/adhoc' -p source=hpo-obo|hpoa|"
            "geonames-cities15000|<path>",
        ),
        sleep_consolidation.to_deployment(
            "nightly",
            schedules=[_cron(s, "consolidation_cron")],
            entrypoint_type=module,
            tags=["maintenance", "learning"],
            description=f"sleep consolidation on cron '{s.flows.consolidation_cron}'",
        ),
        report_card.to_deployment(
            "monthly",
            schedules=[_cron(s, "report_card_cron")],
            entrypoint_type=module,
            tags=["learning"],
            description=f"the report card of the month just ended, on cron "
            f"'{s.flows.report_card_cron}' (-p month=YYYY-MM to make another)",
        ),
        literature.to_deployment(
            "adhoc",
            entrypoint_type=module,
            tags=["literature"],
            description="prefect deployment run 'literature/adhoc' -p path=<PDF, EPUB or text>",
        ),
        literature.to_deployment(
            "inbox",
            schedules=[_cron(s, "literature_cron")],
            entrypoint_type=module,
            tags=["literature"],
            description=f"read what is new in <data_dir>/{s.literature.inbox}, each file once, "
            f"on cron '{s.flows.literature_cron}'",
        ),
        schema_self_evaluation.to_deployment(
            "weekly",
            schedules=[_cron(s, "cron", "hygiene")],
            entrypoint_type=module,
            tags=["maintenance", "hygiene"],
            description=f"schema self-evaluation on cron '{s.hygiene.cron}': files "
            "recommendations, never applies them",
        ),
        schema_self_evaluation.to_deployment(
            "adhoc",
            entrypoint_type=module,
            tags=["maintenance", "hygiene"],
            description="prefect deployment run 'schema-self-evaluation/adhoc'",
        ),
        snapshot.to_deployment(
            "on-demand",
            entrypoint_type=module,
            tags=["maintenance"],
            description="publish data/snapshots/graph-<time>.duckdb",
        ),
        council_verifications.to_deployment(
            "nightly",
            schedules=[_council_cron(s)],
            entrypoint_type=module,
            tags=["council"],
            description=f"the model council on cron '{s.council.cron}' (off until "
            "[council.providers] lists providers)",
        ),
        council_verifications.to_deployment(
            "adhoc",
            entrypoint_type=module,
            tags=["council"],
            description="prefect deployment run 'council-verifications/adhoc' [-p claim_id=c_...]",
        ),
    ]
    # Called synchronously, Prefect's dual sync/async API returns the deployments themselves.
    return [cast(RunnerDeployment, d) for d in found]
