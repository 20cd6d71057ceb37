"""The Prefect house: a Prefect server on 127.0.0.1 with its home and SQLite database under the
data directory, and a worker that serves every deployment on the schedules in config.

`resident up` starts both beside the daemon (flows/companions.py); `resident flows server`,
`resident flows worker` and `resident flows up` start them without it. Nothing here imports
Prefect: the environment must be set before Prefect reads its settings.
"""

from __future__ import annotations

import base64
import fcntl
import os
import secrets
import signal
import socket
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import IO

import httpx

from resident.config import REPO_ROOT, Settings
from resident.errors import CompanionError
from resident.house.supervisor import LOGS_DIR, Child, Supervisor

HOST = "127.0.0.1"
PREFECT_DIR = "prefect"
WORKER_LOCK = "flows-worker.lock"
AUTH_FILE = "auth"
#: Seconds between a flow run's heartbeats (Prefect's engine sends them while a run lives;
#: 30 is the least Prefect allows).
HEARTBEAT_SECONDS = 30
#: Every deployment the worker serves: (flow name, deployment name).
DEPLOYMENTS = (
    ("decay-stale-facts", "nightly"),
    ("exploration-loop", "hourly"),
    ("ingest", "adhoc"),
    ("literature", "adhoc"),
    ("literature", "inbox"),
    ("snapshot", "on-demand"),
    ("sleep-consolidation", "nightly"),
    ("report-card", "monthly"),
    ("council-verifications", "nightly"),
    ("council-verifications", "adhoc"),
    ("schema-self-evaluation", "weekly"),
    ("schema-self-evaluation", "adhoc"),
)


def prefect_home(settings: Settings) -> Path:
    return settings.data_dir / PREFECT_DIR


def ui_url(settings: Settings) -> str:
    return f"http://{HOST}:{settings.flows.prefect_port}"


def api_url(settings: Settings) -> str:
    return f"{ui_url(settings)}/api"


def auth_string(settings: Settings) -> str:
    """The house's basic-auth credentials ("max:<random>"), made once per data directory in
    <data dir>/prefect/auth (mode 0600, created exclusively so no other user ever reads it).
    The server requires them on every API call (PREFECT_SERVER_API_AUTH_STRING); every client
    of the house sends them (PREFECT_API_AUTH_STRING)."""
    path = prefect_home(settings) / AUTH_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "w") as fh:
            fh.write(f"max:{secrets.token_urlsafe(32)}\n")
    if path.stat().st_mode & 0o077:
        # Loosened by hand or by a copy: tightened again, the secret stays the owner's.
        path.chmod(0o600)
    value = path.read_text().strip()
    if ":" not in value:
        raise CompanionError(f"{path} does not hold user:password; remove it to make a new one")
    return value


def auth_headers(settings: Settings) -> dict[str, str]:
    """The Authorization header a plain HTTP client of the house sends."""
    token = base64.b64encode(auth_string(settings).encode()).decode()
    return {"Authorization": f"Basic {token}"}


def prefect_env(settings: Settings, config_path: Path | None = None) -> dict[str, str]:
    """What every process of the house (server, worker, flow runs, `prefect` CLI) is given.

    Without PREFECT_API_URL each Prefect process would start a temporary server of its own.
    The credentials go to every process: the server requires them, clients send them.
    Runner heartbeats and the server's zombie service mark a run whose process was killed
    CRASHED about a minute after its last heartbeat (one every 30 s; flows/serve.py), restarts
    included.
    """
    home = prefect_home(settings)
    secret = auth_string(settings)
    env = {
        "PREFECT_SERVER_API_AUTH_STRING": secret,
        "PREFECT_API_AUTH_STRING": secret,
        "PREFECT_FLOWS_HEARTBEAT_FREQUENCY": str(HEARTBEAT_SECONDS),
        "PREFECT_SERVER_SERVICES_LATE_RUNS_ENABLED": "true",
        "PREFECT_HOME": str(home),
        "PREFECT_API_URL": api_url(settings),
        "PREFECT_UI_API_URL": api_url(settings),
        "PREFECT_UI_URL": ui_url(settings),
        "PREFECT_SERVER_API_HOST": HOST,
        "PREFECT_SERVER_API_PORT": str(settings.flows.prefect_port),
        "PREFECT_API_DATABASE_CONNECTION_URL": f"sqlite+aiosqlite:///{home / 'prefect.db'}",
        "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
        "DO_NOT_TRACK": "1",
        "RESIDENT_DATA_DIR": str(settings.data_dir),
    }
    if config_path is not None:
        env["RESIDENT_CONFIG"] = str(Path(config_path).resolve())
    return env


def server_argv(settings: Settings) -> list[str]:
    return [
        sys.executable,
        "-m",
        "prefect",
        "server",
        "start",
        "--host",
        HOST,
        "--port",
        str(settings.flows.prefect_port),
        "--analytics-off",
    ]


def worker_argv() -> list[str]:
    return [sys.executable, "-m", "flows.serve"]


def server_healthy(settings: Settings, timeout: float = 2.0) -> bool:
    """True when a Prefect server answers /api/health at the configured port."""
    try:
        resp = httpx.get(f"{api_url(settings)}/health", timeout=timeout)
    except httpx.HTTPError:
        return False
    return resp.status_code == 200


def deployments_registered(settings: Settings, timeout: float = 2.0) -> bool:
    """True when the server knows every deployment of the house (the worker has served)."""
    try:
        with httpx.Client(
            base_url=api_url(settings), timeout=timeout, headers=auth_headers(settings)
        ) as client:
            return all(
                client.get(f"/deployments/name/{flow}/{name}").status_code == 200
                for flow, name in DEPLOYMENTS
            )
    except httpx.HTTPError:
        return False


def port_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((HOST, port))
        except OSError:
            return False
    return True


def check_port(settings: Settings) -> None:
    """CompanionError when the Prefect port is taken (another house, or a server still dying)."""
    if not port_free(settings.flows.prefect_port):
        raise CompanionError(
            f"port {settings.flows.prefect_port} on {HOST} is taken (another Prefect server?); "
            "stop it or set flows.prefect_port / RESIDENT_FLOWS__PREFECT_PORT"
        )


def server_process(settings: Settings, config_path: Path | None = None) -> Child:
    """The Prefect server as a supervised child: ready once /api/health answers."""
    return Child(
        "prefect-server",
        server_argv(settings),
        prefect_env(settings, config_path),
        settings.data_dir / LOGS_DIR,
        cwd=REPO_ROOT,
        ready=lambda: server_healthy(settings),
        ready_timeout=settings.flows.server_start_timeout_seconds,
        port=settings.flows.prefect_port,
        before_start=lambda: check_port(settings),
    )


def worker_process(
    settings: Settings, config_path: Path | None = None, timeout: float = 120.0
) -> Child:
    """The flows worker as a supervised child: ready once the server lists every deployment."""
    return Child(
        "flows-worker",
        worker_argv(),
        prefect_env(settings, config_path),
        settings.data_dir / LOGS_DIR,
        cwd=REPO_ROOT,
        ready=lambda: deployments_registered(settings),
        ready_timeout=timeout,
        before_start=lambda: _require_server(settings),
    )


def _require_server(settings: Settings) -> None:
    if not server_healthy(settings):
        raise CompanionError(
            f"no Prefect server answers at {api_url(settings)}; the worker "
            "waits for it (`resident flows server`)"
        )


class WorkerLock:
    """data/flows-worker.lock, held by the one worker that serves this data directory's
    deployments: a second worker (another `resident up` after a crash, a stray
    `resident flows worker`) is refused instead of serving the same deployments twice."""

    def __init__(self, data_dir: Path) -> None:
        self.path = data_dir / WORKER_LOCK
        self._fh: IO[bytes] | None = None

    def acquire(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fh = open(self.path, "a+b")  # noqa: SIM115 - held until release()
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            fh.seek(0)
            holder = fh.read().decode(errors="replace").strip() or "unknown"
            fh.close()
            raise CompanionError(
                f"a flows worker (pid {holder}) already serves {self.path.parent}; "
                "a second one is refused"
            ) from None
        fh.truncate(0)
        fh.write(f"{os.getpid()}\n".encode())
        fh.flush()
        self._fh = fh

    def release(self) -> None:
        if self._fh is not None:
            fcntl.flock(self._fh.fileno(), fcntl.LOCK_UN)
            self._fh.close()
            self._fh = None


def start_server(settings: Settings, config_path: Path | None = None) -> Child:
    """Start the Prefect server and wait for /api/health (CompanionError if the port is taken)."""
    prefect_home(settings).mkdir(parents=True, exist_ok=True)
    proc = server_process(settings, config_path)
    proc.start()
    return proc


def start_worker(
    settings: Settings, config_path: Path | None = None, timeout: float = 120.0
) -> Child:
    """Start the worker and wait until the server lists every deployment."""
    proc = worker_process(settings, config_path, timeout)
    proc.start()
    return proc


def run_house(
    settings: Settings,
    config_path: Path | None = None,
    *,
    worker: bool = True,
    echo: Callable[[str], None] = print,
    timeout: float = 20.0,
) -> None:
    """`resident flows server|up`: the server (and the worker) under one supervisor until
    SIGINT or SIGTERM; a child that dies is restarted with backoff."""
    stop = threading.Event()
    previous = {
        sig: signal.signal(sig, lambda *_: stop.set()) for sig in (signal.SIGINT, signal.SIGTERM)
    }
    supervisor = Supervisor(echo=echo)
    try:
        prefect_home(settings).mkdir(parents=True, exist_ok=True)
        supervisor.start(server_process(settings, config_path))
        if worker:
            supervisor.start(worker_process(settings, config_path))
        logs = ", ".join(str(c.log_path) for c in supervisor.children)
        serving = " and the flows worker" if worker else ""
        echo(f"Prefect server up: UI {ui_url(settings)}{serving}  (logs {logs})")
        while not stop.wait(0.5):
            pass
    finally:
        supervisor.stop(timeout)
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def running_settings(settings: Settings) -> Settings:
    """`settings` with the Prefect port the running house serves on, as the live daemon's
    daemon.json records it; `settings` unchanged when no daemon runs a Prefect server."""
    from resident.house.ownership import live_daemon

    info = live_daemon(settings.data_dir)
    port = (
        None
        if info is None
        else next(
            (c.get("port") for c in info.companions if c.get("name") == "prefect-server"), None
        )
    )
    if not isinstance(port, int) or port == settings.flows.prefect_port:
        return settings
    flows = settings.flows.model_copy(update={"prefect_port": port})
    return settings.model_copy(update={"flows": flows})
