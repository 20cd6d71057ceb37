"""A consolidation night restores the energy drive; unknown drives stay unknown."""

from __future__ import annotations

from datetime import UTC, datetime

from resident.affect.drives import drives_file
from resident.affect.models import DriveState
from resident.config import Settings
from resident.daemon.quiet import quiet_seconds, restore_energy

NOW = datetime(2026, 3, 1, 3, 0, tzinfo=UTC)


def test_rested_restores_energy_without_a_daemon(settings: Settings) -> None:
    file = drives_file(settings)
    first = DriveState.first(settings.drives)
    file.write(first.model_copy(update={"levels": {**first.levels, "energy": 0.2}}), NOW)
    assert quiet_seconds(settings) is None  # no daemon: MAX is asleep
    energy = restore_energy(settings, NOW)
    assert energy is not None and energy > 0.2
    loaded = file.load().value
    assert loaded is not None and loaded.levels["energy"] == energy


def test_unknown_drives_stay_unknown(settings: Settings) -> None:
    assert restore_energy(settings, NOW) is None
    assert drives_file(settings).load().value is None
