"""The emotion manager: MAX's mood and disposition, held in memory and written through to
mood.json on every change."""

from __future__ import annotations

from datetime import datetime

from resident.affect.models import MoodState
from resident.affect.pad import mood_label
from resident.config import AffectSettings, Settings
from resident.events import EVENTS_DIR
from resident.state.statefile import Held, Loaded, StateFile

MOOD_FILE = "mood.json"


def mood_file(settings: Settings) -> StateFile[MoodState]:
    # Written by turns (appraisals): the turn's one commit, the event log's fsync, carries it.
    return StateFile(
        settings.state_dir / MOOD_FILE, MoodState, "mood", journal=settings.data_dir / EVENTS_DIR
    )


class EmotionManager(Held[MoodState]):
    """The mood (None when unknown) and its label."""

    def __init__(
        self, cfg: AffectSettings, file: StateFile[MoodState], loaded: Loaded[MoodState]
    ) -> None:
        super().__init__(file, loaded)
        self.cfg = cfg

    @property
    def label(self) -> str | None:
        return None if self.state is None else mood_label(self.state.vector, self.cfg)

    def reset(self, now: datetime) -> MoodState:
        """Start over from the first-boot mood, on purpose (a person asked; it is logged)."""
        fresh = MoodState.first(self.cfg)
        self.commit(fresh, now)
        return fresh
