"""The flows worker: `python -m flows.serve` (or `resident flows worker`) serves every
deployment against the Prefect server named by PREFECT_API_URL, until SIGTERM or Ctrl-C.
One worker per data directory: a second is refused (data/flows-worker.lock).

Before serving it makes sure the server holds the zombie automation: a flow run whose
heartbeats (every flows.heartbeat_frequency seconds, set by the house) stop for
ZOMBIE_AFTER_SECONDS without a final state is marked CRASHED. The automation lives in the
server's database, so a run killed with the whole house is marked once the house is back.
"""

from __future__ import annotations

import sys
from datetime import timedelta

from prefect import serve

from flows.deployments import deployments
from resident.config import Settings, load_settings
from resident.house.prefect import HEARTBEAT_SECONDS, WorkerLock

ZOMBIE_AUTOMATION = "max: crash flow runs whose heartbeats stopped"
#: Two heartbeats may be missed (a loaded machine) before a run is called dead.
ZOMBIE_AFTER_SECONDS = 2 * HEARTBEAT_SECONDS


def ensure_zombie_automation() -> None:
    """Create the automation once (by name); an existing one is left as it is."""
    from prefect.automations import Automation
    from prefect.client.schemas.objects import StateType
    from prefect.events.actions import ChangeFlowRunState
    from prefect.events.schemas.automations import EventTrigger, Posture
    from prefect.events.schemas.events import ResourceSpecification

    try:
        # Called from synchronous code, Prefect's dual sync/async API returns the value itself.
        Automation.read(name=ZOMBIE_AUTOMATION)  # type: ignore[unused-coroutine]
        return
    except ValueError:  # Prefect says "not found" this way
        pass
    Automation(
        name=ZOMBIE_AUTOMATION,
        trigger=EventTrigger(
            after={"prefect.flow-run.heartbeat"},
            expect={
                "prefect.flow-run.heartbeat",
                "prefect.flow-run.Completed",
                "prefect.flow-run.Failed",
                "prefect.flow-run.Cancelled",
                "prefect.flow-run.Crashed",
            },
            match=ResourceSpecification({"prefect.resource.id": ["prefect.flow-run.*"]}),
            for_each={"prefect.resource.id"},
            posture=Posture.Proactive,
            threshold=1,
            within=timedelta(seconds=ZOMBIE_AFTER_SECONDS),
        ),
        actions=[
            ChangeFlowRunState(
                name="Crashed",
                force=False,
                state=StateType.CRASHED,
                message="its process stopped sending heartbeats (killed, or the house died)",
            )
        ],
    ).create()


def serve_all(s: Settings) -> None:
    """Register the deployments with their schedules and run what comes due, at most
    `flows.max_concurrent_runs` at once."""
    lock = WorkerLock(s.data_dir)
    lock.acquire()
    try:
        try:
            ensure_zombie_automation()
        except Exception as exc:  # serving matters more; the gap is said, not hidden
            print(
                f"zombie automation not installed ({type(exc).__name__}: {exc}): a killed run "
                "stays RUNNING until Prefect's own late-run checks",
                file=sys.stderr,
            )
        serve(*deployments(s), limit=s.flows.max_concurrent_runs, print_starting_message=True)
    finally:
        lock.release()


if __name__ == "__main__":
    serve_all(load_settings())
