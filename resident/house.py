"""The Prefect house: a Prefect server on 127.0.0.1 with its home and SQLite database under the
data directory, and a worker that serves every deployment on the schedules in config.

`resident up` starts both beside the daemon (flows/companions.py); `resident flows server`,
`resident flows worker` and `resident flows up` start them without it. Nothing here imports
Prefect: the environment must be set before Prefect reads its settings.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

import httpx

from resident.config import REPO_ROOT, Settings
from resident.errors import HouseError
from resident.processes import stop_process_group

HOST = "127.0.0.1"
PREFECT_DIR = "prefect"
LOGS_DIR = "logs"
#: Every deployment the worker serves: (flow name, deployment name).
DEPLOYMENTS = (
    ("decay-stale-facts", "nightly"),
    ("exploration-loop", "hourly"),
    ("ingest", "adhoc"),
    ("snapshot", "on-demand"),
    ("sleep-consolidation", "nightly"),
)


def prefect_home(settings: Settings) -> Path:
    return settings.data_dir / PREFECT_DIR


def ui_url(settings: Settings) -> str:
    return f"http://{HOST}:{settings.flows.prefect_port}"


def api_url(settings: Settings) -> str:
    return f"{ui_url(settings)}/api"


def prefect_env(settings: Settings, config_path: Path | None = None) -> dict[str, str]:
    """What every process of the house (server, worker, flow runs, `prefect` CLI) is given.

    Without PREFECT_API_URL each Prefect process would start a temporary server of its own.
    """
    home = prefect_home(settings)
    env = {
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
    return [sys.executable, "-m", "prefect", "server", "start", "--host", HOST,
            "--port", str(settings.flows.prefect_port), "--analytics-off"]


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
        with httpx.Client(base_url=api_url(settings), timeout=timeout) as client:
            return all(
                client.get(f"/deployments/name/{flow}/{name}").status_code == 200
                for flow, name in DEPLOYMENTS)
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


@dataclass
class HouseProcess:
    """One child process of the house, in its own session, its output in data/logs/<name>.log."""

    name: str
    argv: list[str]
    env: Mapping[str, str]
    log_dir: Path
    process: subprocess.Popen[bytes] | None = None
    _log: IO[bytes] | None = field(default=None, repr=False)

    @property
    def log_path(self) -> Path:
        return self.log_dir / f"{self.name}.log"

    def start(self) -> None:
        self.log_dir.mkdir(parents=True, exist_ok=True)
        self._log = open(self.log_path, "ab")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            self.argv, cwd=REPO_ROOT, stdin=subprocess.DEVNULL, stdout=self._log,
            stderr=subprocess.STDOUT, start_new_session=True, env={**os.environ, **self.env})

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def wait_until(self, ready: Callable[[], bool], timeout: float, what: str) -> None:
        """Poll `ready()` until True; HouseError if the process dies or time runs out."""
        deadline = time.monotonic() + timeout
        while not ready():
            if not self.running():
                code = None if self.process is None else self.process.returncode
                raise HouseError(f"{self.name} exited (status {code}) before {what}; "
                                 f"see {self.log_path}")
            if time.monotonic() > deadline:
                raise HouseError(f"{self.name}: no {what} after {timeout:.0f} s; "
                                 f"see {self.log_path}")
            time.sleep(0.25)

    def stop(self, timeout: float = 20.0) -> None:
        """SIGTERM to this process's group (it is its session leader), SIGKILL after timeout."""
        stop_process_group(self.process, timeout)
        if self._log is not None:
            self._log.close()
            self._log = None


def server_process(settings: Settings, config_path: Path | None = None) -> HouseProcess:
    return HouseProcess("prefect-server", server_argv(settings),
                        prefect_env(settings, config_path), settings.data_dir / LOGS_DIR)


def worker_process(settings: Settings, config_path: Path | None = None) -> HouseProcess:
    return HouseProcess("flows-worker", worker_argv(), prefect_env(settings, config_path),
                        settings.data_dir / LOGS_DIR)


def start_server(settings: Settings, config_path: Path | None = None) -> HouseProcess:
    """Start the Prefect server and wait for /api/health (HouseError if the port is taken)."""
    if not port_free(settings.flows.prefect_port):
        raise HouseError(
            f"port {settings.flows.prefect_port} on {HOST} is taken (another Prefect server?); "
            "stop it or set flows.prefect_port / RESIDENT_FLOWS__PREFECT_PORT")
    prefect_home(settings).mkdir(parents=True, exist_ok=True)
    proc = server_process(settings, config_path)
    proc.start()
    try:
        proc.wait_until(lambda: server_healthy(settings),
                        settings.flows.server_start_timeout_seconds, "answer on /api/health")
    except BaseException:
        proc.stop()
        raise
    return proc


def start_worker(settings: Settings, config_path: Path | None = None,
                 timeout: float = 120.0) -> HouseProcess:
    """Start the worker and wait until the server lists every deployment."""
    if not server_healthy(settings):
        raise HouseError(f"no Prefect server answers at {api_url(settings)}; "
                         "start it first (`resident flows server`)")
    proc = worker_process(settings, config_path)
    proc.start()
    try:
        proc.wait_until(lambda: deployments_registered(settings), timeout,
                        "deployments on the server")
    except BaseException:
        proc.stop()
        raise
    return proc


@dataclass
class House:
    """The server and the worker together; `stop()` stops the worker first."""

    settings: Settings
    server: HouseProcess
    worker: HouseProcess

    @property
    def ui_url(self) -> str:
        return ui_url(self.settings)

    def stop(self, timeout: float = 20.0) -> None:
        self.worker.stop(timeout)
        self.server.stop(timeout)


def start_house(settings: Settings, config_path: Path | None = None) -> House:
    """Server, then worker; if the worker fails the server is stopped too."""
    server = start_server(settings, config_path)
    try:
        worker = start_worker(settings, config_path)
    except BaseException:
        server.stop()
        raise
    return House(settings, server, worker)


def run_until_stopped(processes: list[HouseProcess], timeout: float = 20.0) -> None:
    """Block until SIGINT or SIGTERM (or a process dies), then stop them in reverse order."""
    stop = threading.Event()
    previous = {sig: signal.signal(sig, lambda *_: stop.set())
                for sig in (signal.SIGINT, signal.SIGTERM)}
    died: HouseProcess | None = None
    try:
        while not stop.wait(0.5):
            died = next((p for p in processes if not p.running()), None)
            if died is not None:
                break
    finally:
        for proc in reversed(processes):
            proc.stop(timeout)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if died is not None:
        raise HouseError(f"{died.name} exited on its own; see {died.log_path}")
