"""The daemon under test is the real thing: `resident up` in a subprocess on a free port."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

RESIDENT = str(Path(sys.executable).with_name("resident"))
READY_TIMEOUT = 60.0


def clean_env(**extra: str) -> dict[str, str]:
    """The test process's environment without RESIDENT_* overrides, plus `extra`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("RESIDENT_")}
    env.update(extra)
    return env


class Daemon:
    """One `resident up` subprocess and what a test needs to talk to it."""

    def __init__(
        self, data_dir: Path, args: tuple[str, ...] = (), env: dict[str, str] | None = None
    ) -> None:
        self.data_dir = data_dir
        data_dir.mkdir(parents=True, exist_ok=True)
        self.out_path = data_dir.parent / f"{data_dir.name}.{time.monotonic_ns()}.out"
        self._out = open(self.out_path, "wb")  # noqa: SIM115 - closed in stop()
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            [RESIDENT, "up", "--data-dir", str(data_dir), "--port", "0", "--no-flows", *args],
            stdout=self._out,
            stderr=subprocess.STDOUT,
            env=env or clean_env(),
        )
        self.info: dict[str, Any] = {}
        self.ready_seconds = 0.0

    def wait_ready(self, timeout: float = READY_TIMEOUT) -> Daemon:
        deadline = time.monotonic() + timeout
        info_path = self.data_dir / "daemon.json"
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"resident up exited {self.proc.returncode}:\n{self.output()}")
            try:
                info = json.loads(info_path.read_text())
            except (FileNotFoundError, json.JSONDecodeError):
                info = {}
            if info.get("pid") == self.proc.pid:
                self.info = info
                with self.client() as c:
                    if c.get("/healthz").status_code == 200:
                        self.ready_seconds = time.monotonic() - self.started
                        return self
            time.sleep(0.05)
        raise AssertionError(f"resident up not ready after {timeout} s:\n{self.output()}")

    @property
    def url(self) -> str:
        return str(self.info["url"])

    @property
    def session_id(self) -> str:
        return str(self.info["session_id"])

    def tokens(self) -> dict[str, Any]:
        result: dict[str, Any] = json.loads((self.data_dir / "tokens.json").read_text())
        return result

    @property
    def owner_token(self) -> str:
        return str(self.tokens()["owner"])

    @property
    def service_token(self) -> str:
        return str(self.tokens()["service"])

    def client(self, token: str | None = "owner", timeout: float | None = 60.0) -> httpx.Client:
        headers = {}
        if token == "owner":
            headers["Authorization"] = f"Bearer {self.owner_token}"
        elif token == "service":
            headers["Authorization"] = f"Bearer {self.service_token}"
        elif token is not None:
            headers["Authorization"] = f"Bearer {token}"
        return httpx.Client(base_url=self.url, headers=headers, timeout=timeout)

    def say(
        self, text: str, person: str | None = None, token: str | None = "owner"
    ) -> dict[str, Any]:
        body: dict[str, Any] = {"text": text}
        if person is not None:
            body["person"] = person
        with self.client(token) as c:
            resp = c.post("/v1/converse", json=body)
        assert resp.status_code == 200, resp.text
        result: dict[str, Any] = resp.json()
        return result

    def cli(
        self, *args: str, input: str | None = None, timeout: float = 120
    ) -> subprocess.CompletedProcess[str]:
        """`resident --data-dir <this daemon's> ARGS...` as a subprocess."""
        return subprocess.run(
            [RESIDENT, "--data-dir", str(self.data_dir), *args],
            input=input,
            capture_output=True,
            text=True,
            timeout=timeout,
            env=clean_env(),
        )

    def output(self) -> str:
        if not self._out.closed:
            self._out.flush()
        return self.out_path.read_text(errors="replace")

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 60.0) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
                raise AssertionError(f"daemon ignored signal {sig}:\n{self.output()}") from None
        self._out.close()
        return self.proc.returncode


@pytest.fixture
def start_daemon() -> Iterator[Callable[..., Daemon]]:
    """Start daemons on demand; whatever is still running at the end is stopped."""
    started: list[Daemon] = []

    def start(
        data_dir: Path, *args: str, ready: bool = True, env: dict[str, str] | None = None
    ) -> Daemon:
        """`env` adds to the clean environment (RESIDENT_* overrides, ...)."""
        daemon = Daemon(data_dir, args, clean_env(**(env or {})))
        started.append(daemon)
        return daemon.wait_ready() if ready else daemon

    yield start
    for daemon in started:
        daemon.stop()


@pytest.fixture(scope="module")
def daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    """One daemon shared by a test module (on its own data directory)."""
    d = Daemon(tmp_path_factory.mktemp("daemon") / "data").wait_ready()
    yield d
    assert d.stop() == 0, d.output()
