"""Companion processes: started with the daemon's context, stopped in order, killed if stuck."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from resident.config import Settings
from resident.errors import CompanionError
from resident.house.companions import DaemonContext
from resident.house.supervisor import Child

WAIT_FOR_TERM = (
    "import os, signal, sys, time, pathlib\n"
    "pathlib.Path(sys.argv[1]).write_text(os.environ['RESIDENT_DAEMON_URL'])\n"
    "signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))\n"
    "while True: time.sleep(0.05)\n"
)
IGNORE_TERM = (
    "import signal, sys, time, pathlib\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
    "pathlib.Path(sys.argv[1]).write_text('up')\n"
    "while True: time.sleep(0.05)\n"
)


def _child(settings: Settings, name: str, argv: list[str], **kw: object) -> Child:
    ctx = DaemonContext(settings, "http://127.0.0.1:1", "01SESSION", "rsd_service")
    return Child(name, argv, env=ctx.env(), log_dir=settings.data_dir / "logs", **kw)  # type: ignore[arg-type]


def test_started_ready_and_stopped(settings: Settings, tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    companion = _child(
        settings,
        "waiter",
        [sys.executable, "-c", WAIT_FOR_TERM, str(marker)],
        ready=marker.exists,
        ready_timeout=60,
    )
    companion.start()
    assert marker.read_text() == "http://127.0.0.1:1", "the daemon's context reached it"
    assert companion.process is not None and companion.process.poll() is None
    companion.stop(10)
    assert companion.process.returncode == 0
    assert (settings.data_dir / "logs" / "waiter.log").exists()


def test_a_stuck_companion_is_killed(settings: Settings, tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    companion = _child(
        settings,
        "stuck",
        [sys.executable, "-c", IGNORE_TERM, str(marker)],
        ready=marker.exists,
        ready_timeout=60,
    )
    companion.start()
    companion.stop(0.5)
    # -9: it ignored SIGTERM and was killed once the grace period ran out.
    assert companion.process is not None and companion.process.returncode == -9


def test_a_companion_that_dies_before_ready_fails_loudly(settings: Settings) -> None:
    companion = _child(
        settings,
        "dies",
        [sys.executable, "-c", "raise SystemExit(3)"],
        ready=lambda: False,
        ready_timeout=60,
    )
    with pytest.raises(CompanionError, match="status 3"):
        companion.start()
