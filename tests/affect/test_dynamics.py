"""Affect dynamics: closed-form relaxation, fading, drift, appraisal, the disposition's rate."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from resident.affect.dynamics import (
    appraise_mood,
    drift,
    evolve,
    fade,
    impulse_for,
    relax,
    resting_point,
    satiate,
)
from resident.affect.models import DriveState, Emotion, MoodState
from resident.affect.pad import MOOD_LABELS, PAD, disposition_label, mood_label
from resident.config import DRIVE_NAMES, AffectSettings, DriveSettings, load_settings
from resident.errors import InvalidInput

CFG = load_settings(env={})
AFFECT: AffectSettings = CFG.affect
DRIVES: DriveSettings = CFG.drives
HOUR = 3600.0


def _mood(
    v: float = 0.0,
    a: float = 0.0,
    d: float = 0.0,
    disposition: float = 0.0,
    emotions: tuple[Emotion, ...] = (),
) -> MoodState:
    return MoodState(
        vector=PAD(valence=v, arousal=a, dominance=d),
        disposition=disposition,
        emotions=emotions,
        awake_s=0.0,
        appraisals=0,
    )


def _in_band_drives() -> DriveState:
    return DriveState.first(DRIVES)


def test_relax_is_the_closed_form() -> None:
    assert relax(-0.8, 0.1, 0.0, HOUR) == -0.8
    assert relax(-0.8, 0.1, HOUR, HOUR) == pytest.approx(0.1 + (-0.9) / 2)
    assert relax(-0.8, 0.1, 3 * HOUR, HOUR) == pytest.approx(0.1 - 0.9 / 8)
    assert relax(0.5, 0.5, 10 * HOUR, HOUR) == 0.5


def test_the_mood_relaxes_toward_the_disposition_with_the_configured_half_lives() -> None:
    mood = _mood(v=-0.6, a=0.8, d=-0.4, disposition=0.2)
    dt = 2 * HOUR
    after, _ = evolve(mood, _in_band_drives(), dt, AFFECT, DRIVES)
    assert after is not None
    assert after.vector.valence == pytest.approx(
        0.2 + (-0.6 - 0.2) * 2 ** (-dt / (AFFECT.valence_half_life_h * HOUR))
    )
    assert after.vector.arousal == pytest.approx(
        0.8 * 2 ** (-dt / (AFFECT.arousal_half_life_h * HOUR))
    )
    assert after.vector.dominance == pytest.approx(
        -0.4 * 2 ** (-dt / (AFFECT.dominance_half_life_h * HOUR))
    )
    assert after.disposition == 0.2  # time alone never moves the disposition
    assert after.awake_s == dt


def test_a_drive_out_of_band_moves_the_resting_point() -> None:
    mood = _mood(disposition=0.1)
    low_energy = DriveState(levels={**_in_band_drives().levels, "energy": 0.1}, awake_s=0.0)
    rest = resting_point(mood, low_energy, DRIVES)
    assert rest == pytest.approx(
        tuple(
            base + push
            for base, push in zip((0.1, 0.0, 0.0), DRIVES.energy.push_below, strict=True)
        )
    )
    assert resting_point(mood, _in_band_drives(), DRIVES) == (0.1, 0.0, 0.0)
    # Long enough awake with energy low (and still draining), the mood settles there.
    after, drives = evolve(mood, low_energy, 96 * HOUR, AFFECT, DRIVES)
    assert after is not None and drives is not None
    assert drives.levels["energy"] == 0.0
    # By then curiosity and connection have drifted out of band too: their pushes add up.
    expected = resting_point(mood, drives, DRIVES)
    assert after.vector.as_tuple() == pytest.approx(expected, abs=1e-3)
    assert after.vector.arousal < -0.3


def test_drives_drift_per_awake_hour_and_clamp() -> None:
    assert drift(0.7, DRIVES.energy, 7.5 * HOUR) == pytest.approx(0.4)
    assert drift(0.7, DRIVES.energy, 1000 * HOUR) == 0.0
    assert drift(0.99, DRIVES.safety, 10 * HOUR) == 1.0


def test_events_satiate_drives() -> None:
    drives = _in_band_drives()
    fed = satiate(drives, "gap_resolved", DRIVES)
    assert fed.levels["curiosity"] == pytest.approx(drives.levels["curiosity"] + 0.15)
    hurt = satiate(drives, "body_trouble", DRIVES)
    assert hurt.levels["safety"] == pytest.approx(drives.levels["safety"] - 0.15)
    assert hurt.levels["energy"] == pytest.approx(drives.levels["energy"] - 0.1)
    assert satiate(drives, "praise", DRIVES).levels["energy"] == drives.levels["energy"]


def test_appraisal_lands_on_the_mood_and_is_felt_as_a_fading_emotion() -> None:
    mood = appraise_mood(_mood(), "hostility", AFFECT)
    impulse = impulse_for("hostility", AFFECT)
    assert mood.vector.as_tuple() == pytest.approx(impulse)
    assert [(e.kind, e.intensity) for e in mood.emotions] == [("hostility", 1.0)]
    assert mood.appraisals == 1
    # A repeat renews the emotion instead of stacking a second one; the vector saturates.
    again = appraise_mood(mood, "hostility", AFFECT)
    assert len(again.emotions) == 1
    assert again.vector.valence == pytest.approx(-0.25 + 0.25 * (-1 + 0.25))
    for _ in range(50):
        again = appraise_mood(again, "hostility", AFFECT)
    assert -1.0 < again.vector.valence < -0.99


def test_emotions_fade_in_seconds_to_minutes() -> None:
    mood = appraise_mood(_mood(), "praise", AFFECT)
    after_half, _ = evolve(
        mood, None, math.log(0.5) / math.log(AFFECT.emotion_decay_per_s), AFFECT, DRIVES
    )
    assert after_half is not None
    assert after_half.emotions[0].intensity == pytest.approx(0.5)
    gone_at = math.log(AFFECT.emotion_floor) / math.log(AFFECT.emotion_decay_per_s)
    assert 60 < gone_at < 600
    still, _ = evolve(mood, None, gone_at - 1, AFFECT, DRIVES)
    gone, _ = evolve(mood, None, gone_at + 1, AFFECT, DRIVES)
    assert still is not None and gone is not None
    assert len(still.emotions) == 1 and gone.emotions == ()
    assert fade(1.0, 10, 0.8) == pytest.approx(0.8**10)  # GAMYGDALA's v * 0.8**dt


def test_the_disposition_moves_slowly_with_sustained_experience() -> None:
    # Documented rate: 2.5% of the way to fully guarded per hostile event; 28 take an even
    # disposition about halfway; one praise moves it 2% of the way back toward optimistic.
    mood = _mood()
    mood = appraise_mood(mood, "hostility", AFFECT)
    assert mood.disposition == pytest.approx(-0.025)
    for _ in range(27):
        mood = appraise_mood(mood, "hostility", AFFECT)
    assert mood.disposition == pytest.approx(-(1 - 0.975**28))
    assert -0.52 < mood.disposition < -0.49
    assert disposition_label(mood.disposition, AFFECT) == "guarded"
    before = mood.disposition
    mood = appraise_mood(mood, "praise", AFFECT)
    assert mood.disposition == pytest.approx(before + 0.02 * (1 - before))
    # A short burst barely moves it.
    burst = _mood()
    for _ in range(3):
        burst = appraise_mood(burst, "hostility", AFFECT)
    assert disposition_label(burst.disposition, AFFECT) == "even"


def test_unknown_kinds_and_backwards_time_are_refused() -> None:
    with pytest.raises(InvalidInput, match="no appraisal"):
        appraise_mood(_mood(), "tickled", AFFECT)
    with pytest.raises(InvalidInput, match="backwards"):
        evolve(_mood(), None, -1.0, AFFECT, DRIVES)


def test_unknown_parts_stay_unknown() -> None:
    mood, drives = evolve(None, _in_band_drives(), HOUR, AFFECT, DRIVES)
    assert mood is None and drives is not None
    mood2, drives2 = evolve(_mood(v=-0.5), None, HOUR, AFFECT, DRIVES)
    assert drives2 is None and mood2 is not None
    assert mood2.vector.valence == pytest.approx(-0.5 * 2 ** (-1 / AFFECT.valence_half_life_h))


@pytest.mark.parametrize(
    ("vector", "label"),
    [
        ((0.0, 0.0, 0.0), "steady"),
        ((-0.5, 0.1, -0.2), "guarded"),
        ((-0.5, 0.6, 0.2), "irritated"),
        ((-0.5, 0.6, -0.2), "anxious"),
        ((-0.5, -0.6, 0.0), "downcast"),
        ((0.5, 0.0, 0.0), "cheerful"),
        ((0.5, 0.6, 0.0), "eager"),
        ((0.5, -0.6, 0.0), "content"),
        ((0.0, 0.6, 0.0), "alert"),
        ((0.0, -0.6, 0.0), "subdued"),
    ],
)
def test_labels_come_from_the_vector(vector: tuple[float, float, float], label: str) -> None:
    assert mood_label(PAD.of(vector), AFFECT) == label


unit = st.floats(-1.0, 1.0, allow_nan=False)
level = st.floats(0.0, 1.0, allow_nan=False)


@settings(max_examples=150, deadline=None)
@given(
    v=unit,
    a=unit,
    d=unit,
    disposition=unit,
    levels=st.fixed_dictionaries({name: level for name in DRIVE_NAMES}),
    total_h=st.floats(0.0, 30.0, allow_nan=False),
    cuts=st.lists(st.floats(0.0, 1.0, allow_nan=False), max_size=12),
    intensity=st.floats(0.05, 1.0),
)
def test_relaxation_is_the_same_whatever_the_tick_rate(
    v: float,
    a: float,
    d: float,
    disposition: float,
    levels: dict[str, float],
    total_h: float,
    cuts: list[float],
    intensity: float,
) -> None:
    felt = (Emotion(kind="praise", impulse=PAD.of((0.2, 0.1, 0.1)), intensity=intensity),)
    mood = _mood(v, a, d, disposition, felt)
    drives = DriveState(levels=levels, awake_s=0.0)
    total = total_h * HOUR
    once_mood, once_drives = evolve(mood, drives, total, AFFECT, DRIVES)

    points = sorted({0.0, total, *(c * total for c in cuts)})
    m: MoodState | None = mood
    dr: DriveState | None = drives
    for start, end in zip(points, points[1:], strict=False):
        m, dr = evolve(m, dr, end - start, AFFECT, DRIVES)
    assert m is not None and dr is not None and once_mood is not None and once_drives is not None
    assert m.vector.as_tuple() == pytest.approx(once_mood.vector.as_tuple(), abs=1e-9)
    assert dr.levels == pytest.approx(once_drives.levels, abs=1e-9)
    assert m.awake_s == pytest.approx(once_mood.awake_s)
    assert m.disposition == once_mood.disposition
    # Fading agrees too (near the floor a split may round one side under it).
    if once_mood.emotions and once_mood.emotions[0].intensity > 2 * AFFECT.emotion_floor:
        assert m.emotions[0].intensity == pytest.approx(once_mood.emotions[0].intensity)
    assert mood_label(m.vector, AFFECT) in MOOD_LABELS
