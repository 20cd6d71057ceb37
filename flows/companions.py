"""The hook `resident up` calls (resident/daemon/companions.py): the Prefect server and the
flows worker as companions of the daemon, started after it and stopped before it."""

from __future__ import annotations

from resident.daemon.companions import Companion, DaemonContext
from resident.house import HouseProcess, start_server, start_worker, ui_url


class HouseCompanion:
    """A house process (server or worker) in the daemon's Companion shape."""

    def __init__(self, name: str, server: bool) -> None:
        self.name = name
        self._server = server
        self.process: HouseProcess | None = None

    def start(self, ctx: DaemonContext) -> None:
        starter = start_server if self._server else start_worker
        self.process = starter(ctx.settings)

    def stop(self, timeout: float) -> None:
        if self.process is not None:
            self.process.stop(timeout)


def companions(ctx: DaemonContext) -> list[Companion]:
    """Server first, then worker; `resident up` stops them in reverse order."""
    # The name is what `resident up` prints: the server's carries the UI address.
    return [HouseCompanion(f"prefect-server (UI {ui_url(ctx.settings)})", server=True),
            HouseCompanion("flows-worker", server=False)]
