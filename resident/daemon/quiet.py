"""Whether MAX is quiet enough to consolidate, and the rest a finished night gives him.

With a live daemon both go through it (it owns the drives); without one MAX is not awake, so he
is quiet, and the night's `rested` satiation is written to drives.json through its StateFile.
"""

from __future__ import annotations

from datetime import datetime

import httpx

from resident.affect.drives import drives_file
from resident.affect.dynamics import satiate
from resident.config import Settings
from resident.daemon.tokens import stored_token
from resident.errors import GraphBusy
from resident.house.ownership import live_daemon


def _daemon(settings: Settings) -> tuple[str, str] | None:
    info = live_daemon(settings.data_dir)
    if info is None:
        return None
    token = stored_token(settings.data_dir, "service")
    if token is None:
        raise GraphBusy("a daemon runs but tokens.json has no service token to reach it with")
    return info.url, token


def quiet_seconds(settings: Settings) -> float | None:
    """Seconds since the last conversation turn; None when no daemon runs (MAX is asleep)."""
    daemon = _daemon(settings)
    if daemon is None:
        return None
    url, token = daemon
    resp = httpx.get(f"{url}/v1/quiet", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    resp.raise_for_status()
    return float(resp.json()["quiet_s"])


def restore_energy(settings: Settings, now: datetime) -> float | None:
    """Appraise `rested`; the energy level after it (None when the drives are unknown)."""
    daemon = _daemon(settings)
    if daemon is not None:
        url, token = daemon
        resp = httpx.post(
            f"{url}/v1/rested", headers={"Authorization": f"Bearer {token}"}, timeout=30
        )
        resp.raise_for_status()
        energy = resp.json()["energy"]
        return None if energy is None else float(energy)
    file = drives_file(settings)
    loaded = file.load()
    if loaded.value is None:
        return None  # unknown stays unknown: no cheerful default
    rested = satiate(loaded.value, "rested", settings.drives)
    file.write(rested, now)
    return rested.levels["energy"]
