"""The pure rules on templates: distances, identification with a threshold, the EER."""

from __future__ import annotations

import math

import pytest

from resident.people.templates import Template, add_sample, distance, equal_error_rate, identify


def _t(person: str, modality: str, *samples: tuple[float, ...]) -> Template:
    return Template(
        person_id=person,
        modality=modality,
        model="m",  # type: ignore[arg-type]
        samples=samples,
    )


def test_voice_is_cosine_to_the_mean_and_face_the_nearest_sample() -> None:
    voice = _t("person:a", "voice", (1.0, 0.0), (0.0, 1.0))
    assert distance(voice, (1.0, 1.0)) == pytest.approx(0.0)
    assert distance(voice, (1.0, -1.0)) == pytest.approx(1.0)
    face = _t("person:a", "face", (0.0, 0.0), (3.0, 4.0))
    assert distance(face, (3.0, 4.0)) == 0.0 and distance(face, (0.0, 1.0)) == 1.0


def test_identify_takes_the_nearest_within_the_threshold_and_nobody_beyond() -> None:
    ts = [_t("person:a", "face", (0.0, 0.0)), _t("person:b", "face", (1.0, 0.0))]
    near_b = identify(ts, (0.9, 0.0), "face", "m", 0.5)
    assert (near_b.person_id, near_b.distance) == ("person:b", pytest.approx(0.1))
    far = identify(ts, (0.5, 5.0), "face", "m", 0.5)
    assert far.person_id is None and far.distance == pytest.approx(math.hypot(0.5, 5.0), abs=1e-6)
    # Another encoder's template, or another modality, is never compared.
    assert identify(ts, (0.0, 0.0), "face", "other", 0.5).distance is None
    assert identify(ts, (0.0, 0.0), "voice", "m", 0.5).person_id is None


def test_samples_are_capped_oldest_first_and_a_new_encoder_starts_over() -> None:
    t = None
    for i in range(5):
        t = add_sample(t, "person:a", "voice", "m", [float(i)], max_samples=3)
    assert t is not None and t.samples == ((2.0,), (3.0,), (4.0,))
    assert add_sample(t, "person:a", "voice", "m2", [9.0], 3).samples == ((9.0,),)


def test_equal_error_rate() -> None:
    assert equal_error_rate([0.1, 0.2], [0.5, 0.6]) == (0.0, 0.2)
    eer, _ = equal_error_rate([0.1, 0.5], [0.3, 0.6])
    assert eer == 0.5
    with pytest.raises(ValueError):
        equal_error_rate([], [0.1])
