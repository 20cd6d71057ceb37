"""The affect state as it is held and written: the mood (mood.json) and the drives (drives.json)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator

from resident.affect.pad import PAD
from resident.config import DRIVE_NAMES, AffectSettings, DriveSettings


class Emotion(BaseModel):
    """An appraised event felt as an impulse; its intensity fades on awake time."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str
    impulse: PAD
    intensity: float = Field(gt=0.0, le=1.0)


class MoodState(BaseModel):
    """Everything in mood.json: the mood vector, the disposition and the emotions still felt."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    vector: PAD
    #: The valence set point, guarded (-1) .. optimistic (+1).
    disposition: float = Field(ge=-1.0, le=1.0)
    emotions: tuple[Emotion, ...] = ()
    #: Awake seconds over MAX's whole life; downtime never adds to it.
    awake_s: float = Field(ge=0.0)
    #: Events appraised over MAX's whole life.
    appraisals: int = Field(ge=0)

    @classmethod
    def first(cls, cfg: AffectSettings) -> MoodState:
        """The mood of a brand-new data directory: at rest on the initial disposition."""
        return cls(
            vector=PAD(valence=cfg.initial_disposition, arousal=0.0, dominance=0.0),
            disposition=cfg.initial_disposition,
            awake_s=0.0,
            appraisals=0,
        )


class DriveState(BaseModel):
    """Everything in drives.json: the level of each homeostatic drive, 0 (starved) .. 1 (full)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    levels: dict[str, float]
    awake_s: float = Field(ge=0.0)

    @field_validator("levels")
    @classmethod
    def _four_drives(cls, levels: dict[str, float]) -> dict[str, float]:
        if set(levels) != set(DRIVE_NAMES):
            raise ValueError(f"drives must be exactly {', '.join(DRIVE_NAMES)}")
        if any(not 0.0 <= x <= 1.0 for x in levels.values()):
            raise ValueError("drive levels run 0..1")
        return {name: levels[name] for name in DRIVE_NAMES}

    @classmethod
    def first(cls, cfg: DriveSettings) -> DriveState:
        """The drives of a brand-new data directory: each at its set point."""
        return cls(levels={name: spec.set_point for name, spec in cfg.items()}, awake_s=0.0)
