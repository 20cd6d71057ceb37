"""Child processes MAX starts (the Prefect server, the flows worker): stopping them whole."""

from __future__ import annotations

import os
import signal
import subprocess


def stop_process_group(proc: subprocess.Popen[bytes] | None, timeout: float) -> None:
    """SIGTERM to the process's group (it leads its own session, so its children go too),
    SIGKILL after `timeout` seconds."""
    if proc is None or proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    except ProcessLookupError:
        pass
