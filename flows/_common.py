"""Glue every flow shares: its opening (settings, clock, the run's identity in the log) and
retries with backoff."""

from __future__ import annotations

from datetime import datetime
from typing import Any, NamedTuple

from prefect import get_run_logger
from prefect.client.schemas.objects import State, TaskRun
from prefect.tasks import Task, exponential_backoff

from resident.clock import SystemClock
from resident.config import Settings, load_settings
from resident.errors import ConfigError, EpistemicRefusal, InvalidInput
from resident.maintenance import RunContext, run_context


def settings() -> Settings:
    """Settings as the worker was given them (RESIDENT_CONFIG, RESIDENT_DATA_DIR)."""
    return load_settings()


def retry_unless_refused(task: Task[..., Any], task_run: TaskRun, state: State) -> bool:
    """Retry what may pass next time (a busy graph, a daemon restarting); never bad input or
    a rule's refusal, which would fail the same way again."""
    try:
        state.result()
    except (InvalidInput, EpistemicRefusal, ConfigError):
        return False
    except Exception:
        return True
    return True


def retry_options(s: Settings) -> dict[str, Any]:
    return {
        "retries": s.flows.task_retries,
        "retry_delay_seconds": exponential_backoff(s.flows.retry_backoff_seconds),
        "retry_condition_fn": retry_unless_refused,
    }


def announce(ctx: RunContext) -> None:
    """Every run logs the daemon's session_id and its own correlation_id."""
    get_run_logger().info(
        "session_id=%s correlation_id=%s (%s)",
        ctx.session_id or "-",
        ctx.correlation_id,
        ctx.describe(),
    )


class Opening(NamedTuple):
    """What every flow starts from: its settings, its one `now`, its identity."""

    settings: Settings
    now: datetime
    ctx: RunContext


def open_run() -> Opening:
    """A flow's opening, the same for each: settings as the worker has them, the clock read
    once (every task of the run is handed this `now`), the run's identity, announced in the
    log."""
    s = settings()
    now = SystemClock().now()
    ctx = run_context(s, now)
    announce(ctx)
    return Opening(s, now, ctx)
