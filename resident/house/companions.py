"""Companion processes of `resident up`: the Prefect server and the flows worker, started once
the daemon is ready (unless `--no-flows`), supervised while it lives (resident/house/supervisor.py:
restarted with backoff, dead with it however it dies), stopped before it exits, in reverse order.
A Companion is a supervisor Child: a process with a name, an argv, a readiness check and (for a
server) its port.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from resident.config import Settings
from resident.house.ownership import live_daemon, read_info
from resident.house.supervisor import Child

#: One supervised child process of the house.
Companion = Child


@dataclass(frozen=True)
class DaemonContext:
    """What a companion may need to know about the daemon it runs beside."""

    settings: Settings
    url: str
    session_id: str
    #: The service token (tokens.json "service"): what a flows worker uses on the graph API.
    service_token: str

    @property
    def data_dir(self) -> Path:
        return self.settings.data_dir

    def env(self) -> dict[str, str]:
        """Environment a companion process is given on top of the daemon's own."""
        return {
            "RESIDENT_DATA_DIR": str(self.data_dir),
            "RESIDENT_DAEMON_URL": self.url,
            "RESIDENT_SESSION_ID": self.session_id,
        }


def flow_companions(ctx: DaemonContext) -> list[Companion]:
    """The Prefect server, then the flows worker; `resident up` stops them in reverse order.
    Each is given the daemon's environment on top of its own."""
    from resident.house.prefect import prefect_home, server_process, worker_process

    prefect_home(ctx.settings).mkdir(parents=True, exist_ok=True)
    found = [server_process(ctx.settings), worker_process(ctx.settings)]
    for child in found:
        child.env = {**ctx.env(), **child.env}
    return found


def companion_lines(data_dir: Path) -> list[str]:
    """What `resident status` prints about the companions: the live daemon's daemon.json, or
    what a crashed daemon left behind (marked so)."""
    info = live_daemon(data_dir)
    crashed = False
    if info is None:
        info = read_info(data_dir)
        crashed = info is not None
    if info is None:
        return ["companions: none (MAX is down)"]
    if not info.companions:
        return ["companions: none (started with --no-flows, or not started yet)"]
    head = (
        "companions (daemon pid {} crashed; these were recorded, `resident up` replaces them):"
        if crashed
        else "companions (daemon pid {}):"
    ).format(info.pid)
    lines = [head]
    for c in info.companions:
        port = f" port {c['port']}" if c.get("port") else ""
        lines.append(
            f"  {c.get('name')}: {c.get('state')} (pid {c.get('pid')}{port}, "
            f"restarts {c.get('restarts', 0)})"
        )
    return lines
