"""`resident flows ...`: each piece of the house started alone from the command line."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from resident.cli import main
from resident.config import load_settings
from resident.house.prefect import deployments_registered, port_free, server_healthy

BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_env_prints_exports_for_the_prefect_cli(data_dir: Path) -> None:
    result = CliRunner().invoke(
        main,
        ["--data-dir", str(data_dir), "flows", "env"],
        env={"RESIDENT_FLOWS__PREFECT_PORT": "4321"},
    )
    assert result.exit_code == 0, result.output
    assert "export PREFECT_API_URL=http://127.0.0.1:4321/api" in result.output
    assert f"export PREFECT_HOME={data_dir}/prefect" in result.output


def test_worker_without_a_server_is_refused(data_dir: Path) -> None:
    port = free_port()
    result = CliRunner().invoke(
        main,
        ["--data-dir", str(data_dir), "flows", "worker"],
        env={"RESIDENT_FLOWS__PREFECT_PORT": str(port)},
    )
    assert result.exit_code == 2
    assert f"no Prefect server answers at http://127.0.0.1:{port}/api" in result.output


@pytest.mark.slow
def test_server_and_worker_each_alone(data_dir: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RESIDENT_", "PREFECT_"))}
    env["RESIDENT_FLOWS__PREFECT_PORT"] = str(port)
    settings = load_settings(data_dir=data_dir, env={"RESIDENT_FLOWS__PREFECT_PORT": str(port)})
    argv = [str(BIN / "resident"), "--data-dir", str(data_dir), "flows"]
    server = subprocess.Popen(
        [*argv, "server"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
    )
    worker = None
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert f"Prefect server up: UI http://127.0.0.1:{port}" in line, line
        assert server_healthy(settings)
        assert (data_dir / "prefect" / "prefect.db").exists()
        worker = subprocess.Popen(
            [*argv, "worker"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
        )
        deadline = time.monotonic() + 180
        while not deployments_registered(settings):
            assert worker.poll() is None and time.monotonic() < deadline
            time.sleep(0.5)
    finally:
        for proc in (worker, server):
            if proc is not None:
                proc.send_signal(signal.SIGTERM)
                proc.wait(60)
    assert server.returncode == 0
    assert port_free(port)
