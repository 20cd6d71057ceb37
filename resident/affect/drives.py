"""Homeostatic drives H(t): energy, curiosity, safety and connection, held in memory and
written through to drives.json on every change."""

from __future__ import annotations

from datetime import datetime

from resident.affect.dynamics import in_band
from resident.affect.models import DriveState
from resident.config import DriveSettings, Settings
from resident.events import EVENTS_DIR
from resident.state.statefile import Held, Loaded, StateFile

DRIVES_FILE = "drives.json"


def drives_file(settings: Settings) -> StateFile[DriveState]:
    # Written by turns (appraisals): the turn's one commit, the event log's fsync, carries it.
    journal = settings.data_dir / EVENTS_DIR
    return StateFile(settings.state_dir / DRIVES_FILE, DriveState, "drives", journal=journal)


class Drives(Held[DriveState]):
    """The four drive levels (None when unknown) and their comfort bands."""

    def __init__(
        self, cfg: DriveSettings, file: StateFile[DriveState], loaded: Loaded[DriveState]
    ) -> None:
        super().__init__(file, loaded)
        self.cfg = cfg

    def level(self, name: str) -> float | None:
        return None if self.state is None else self.state.levels[name]

    def out_of_band(self) -> list[str]:
        """The drives now outside their comfort band (empty when unknown)."""
        if self.state is None:
            return []
        return [
            name for name, spec in self.cfg.items() if not in_band(self.state.levels[name], spec)
        ]

    def reset(self, now: datetime) -> DriveState:
        """Start over from the set points, on purpose (a person asked; it is logged)."""
        fresh = DriveState.first(self.cfg)
        self.commit(fresh, now)
        return fresh
