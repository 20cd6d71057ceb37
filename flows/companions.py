"""The hook `resident up` calls (resident/daemon/companions.py): the Prefect server and the
flows worker as companions of the daemon, started after it and stopped before it."""

from __future__ import annotations

from resident.daemon.companions import Companion, DaemonContext
from resident.house import prefect_home, server_process, worker_process


def companions(ctx: DaemonContext) -> list[Companion]:
    """Server first, then worker; `resident up` stops them in reverse order."""
    prefect_home(ctx.settings).mkdir(parents=True, exist_ok=True)
    return [server_process(ctx.settings), worker_process(ctx.settings)]
