"""Affect dynamics as pure functions of values and awake time: relaxation, fading, drift, appraisal.

- Mood relaxes toward its resting point in closed form, v = mu + (v0 - mu) * 2**(-dt / half_life)
  on awake time: the discretised Ornstein-Uhlenbeck attractor of DynAffect (Kuppens, Oravecz &
  Tuerlinckx 2010), without the noise term. Valence rests at the disposition, arousal and
  dominance at 0, each shifted by the pushes of drives out of their comfort band.
- Appraised events become emotion impulses (GAMYGDALA, Popescu, Broekens & van Someren 2014) whose
  intensity fades as i * decay**dt; each impulse also moves the mood at once.
- Homeostatic drives (Kismet, Breazeal 2003) drift linearly per awake hour, are satiated by
  events, and push the mood while outside their comfort band.

Every step is exact for any split of the interval: drive levels are linear in time, so the
moments a drive leaves or re-enters its band are computed, the interval is cut there, and inside
each piece the resting point is constant, where the closed form composes exactly. So the result
does not depend on how often anything ticks.
"""

from __future__ import annotations

from resident.affect.models import DriveState, Emotion, MoodState
from resident.affect.pad import PAD, clip
from resident.config import AffectSettings, DriveSettings, DriveSpec
from resident.errors import InvalidInput

SECONDS_PER_HOUR = 3600.0


def relax(v0: float, rest: float, dt_s: float, half_life_s: float) -> float:
    """Closed-form relaxation of one axis toward `rest` over `dt_s` awake seconds."""
    return rest + (v0 - rest) * 2.0 ** (-dt_s / half_life_s)


def fade(intensity: float, dt_s: float, decay_per_s: float) -> float:
    """GAMYGDALA's emotion decay, i * decay**dt."""
    return intensity * decay_per_s**dt_s


def drift(level: float, spec: DriveSpec, dt_s: float) -> float:
    """A drive's level after `dt_s` awake seconds without events (clamped to 0..1)."""
    return clip(level + spec.drift_per_hour * dt_s / SECONDS_PER_HOUR, 0.0, 1.0)


def in_band(level: float, spec: DriveSpec) -> bool:
    return spec.band[0] <= level <= spec.band[1]


def push(level: float, spec: DriveSpec) -> tuple[float, float, float]:
    """What a drive at `level` adds to the mood's resting point."""
    if level < spec.band[0]:
        return spec.push_below
    if level > spec.band[1]:
        return spec.push_above
    return (0.0, 0.0, 0.0)


def _band_crossings(level: float, spec: DriveSpec, dt_s: float) -> list[float]:
    """Moments in (0, dt_s) at which the drifting level reaches a band edge."""
    rate = spec.drift_per_hour / SECONDS_PER_HOUR
    if rate == 0.0:
        return []
    times = ((edge - level) / rate for edge in spec.band)
    return [t for t in times if 0.0 < t < dt_s]


def resting_point(
    mood: MoodState, drives: DriveState | None, drive_cfg: DriveSettings
) -> tuple[float, float, float]:
    """Where the mood settles: the disposition plus the pushes of drives out of band."""
    rest = [mood.disposition, 0.0, 0.0]
    if drives is not None:
        for name, spec in drive_cfg.items():
            for axis, amount in enumerate(push(drives.levels[name], spec)):
                rest[axis] += amount
    return (clip(rest[0]), clip(rest[1]), clip(rest[2]))


def _drifted(drives: DriveState, drive_cfg: DriveSettings, dt_s: float) -> DriveState:
    return DriveState(
        levels={name: drift(drives.levels[name], spec, dt_s) for name, spec in drive_cfg.items()},
        awake_s=drives.awake_s + dt_s,
    )


def evolve(
    mood: MoodState | None,
    drives: DriveState | None,
    dt_s: float,
    cfg: AffectSettings,
    drive_cfg: DriveSettings,
) -> tuple[MoodState | None, DriveState | None]:
    """The mood and the drives after `dt_s` awake seconds without events. An unknown part stays
    unknown; with the drives unknown the mood relaxes toward the disposition alone."""
    if dt_s < 0:
        raise InvalidInput(f"awake time cannot run backwards (dt = {dt_s} s)")
    new_drives = None if drives is None else _drifted(drives, drive_cfg, dt_s)
    if mood is None:
        return None, new_drives

    cuts = {0.0, dt_s}
    if drives is not None:
        for name, spec in drive_cfg.items():
            cuts.update(_band_crossings(drives.levels[name], spec, dt_s))
    edges = sorted(cuts)
    half_lives = (
        cfg.valence_half_life_h * SECONDS_PER_HOUR,
        cfg.arousal_half_life_h * SECONDS_PER_HOUR,
        cfg.dominance_half_life_h * SECONDS_PER_HOUR,
    )
    vector = mood.vector.as_tuple()
    for start, end in zip(edges, edges[1:], strict=False):
        # The band state is constant inside the piece; its midpoint is safely away from the edges.
        mid = None if drives is None else _drifted(drives, drive_cfg, (start + end) / 2)
        rest = resting_point(mood, mid, drive_cfg)
        vector = tuple(  # type: ignore[assignment]
            relax(v, r, end - start, h) for v, r, h in zip(vector, rest, half_lives, strict=True)
        )
    emotions = tuple(
        e.model_copy(update={"intensity": i})
        for e in mood.emotions
        if (i := fade(e.intensity, dt_s, cfg.emotion_decay_per_s)) >= cfg.emotion_floor
    )
    return (
        mood.model_copy(
            update={"vector": PAD.of(vector), "emotions": emotions, "awake_s": mood.awake_s + dt_s}
        ),
        new_drives,
    )


def impulse_for(kind: str, cfg: AffectSettings) -> tuple[float, float, float]:
    """The PAD impulse an event of `kind` is appraised as; an unknown kind is refused."""
    try:
        return cfg.impulses[kind]
    except KeyError:
        raise InvalidInput(
            f"no appraisal for event kind {kind!r}; known: {', '.join(sorted(cfg.impulses))}"
        ) from None


def appraise_mood(mood: MoodState, kind: str, cfg: AffectSettings) -> MoodState:
    """The mood right after an event of `kind`: the impulse nudges the vector (PAD.nudged), is
    felt as a fresh emotion (one per kind: a repeat renews it) and nudges the disposition.

    The disposition moves disposition_rate * |impulse valence| of the way toward the end of the
    scale the impulse points at, so it follows sustained experience, saturates smoothly short of
    -1 and +1, and never moves on time alone.
    """
    impulse = impulse_for(kind, cfg)
    iv = impulse[0]
    disposition = mood.disposition
    if iv:
        goal = 1.0 if iv > 0 else -1.0
        disposition += cfg.disposition_rate * abs(iv) * (goal - disposition)
    felt = Emotion(kind=kind, impulse=PAD.of(impulse), intensity=1.0)
    emotions = tuple(e for e in mood.emotions if e.kind != kind) + (felt,)
    return mood.model_copy(
        update={
            "vector": mood.vector.nudged(impulse),
            "disposition": clip(disposition),
            "emotions": emotions,
            "appraisals": mood.appraisals + 1,
        }
    )


def satiate(drives: DriveState, kind: str, drive_cfg: DriveSettings) -> DriveState:
    """The drives right after an event of `kind`: each moves by its satiation for that kind."""
    return drives.model_copy(
        update={
            "levels": {
                name: clip(drives.levels[name] + spec.satiation.get(kind, 0.0), 0.0, 1.0)
                for name, spec in drive_cfg.items()
            }
        }
    )
