"""Biometric templates and the pure rules on them: distances, who a probe is, and the equal
error rate of a set of scores. Values in, values out; the vault and the encoders do the IO."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

Modality = Literal["voice", "face"]
MODALITIES: tuple[Modality, ...] = ("voice", "face")


class Template(BaseModel):
    """One person's samples of one modality (embeddings only: never audio or frames)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    person_id: str
    modality: Modality
    #: The encoder that made the embeddings; a template of another encoder is not compared.
    model: str
    samples: tuple[tuple[float, ...], ...] = Field(min_length=1)


class Match(BaseModel):
    """Who a probe is: a person id within the threshold, or None ("someone I don't know")."""

    model_config = ConfigDict(frozen=True)

    person_id: str | None
    modality: Modality
    #: Distance to the nearest template (None when nobody is enrolled).
    distance: float | None
    threshold: float


def distance(template: Template, probe: Sequence[float]) -> float:
    """Voice: cosine distance to the mean of the samples (resemblyzer's own speaker
    comparison). Face: the smallest Euclidean distance to a sample (dlib's comparison)."""
    samples = np.asarray(template.samples, dtype=np.float64)
    p = np.asarray(probe, dtype=np.float64)
    if template.modality == "voice":
        centre = samples.mean(axis=0)
        cos = float(centre @ p / (np.linalg.norm(centre) * np.linalg.norm(p)))
        return 1.0 - cos
    return float(np.min(np.linalg.norm(samples - p, axis=1)))


def identify(
    templates: Sequence[Template],
    probe: Sequence[float],
    modality: Modality,
    model: str,
    threshold: float,
) -> Match:
    """The nearest enrolled person, if within `threshold`; else None."""
    best: tuple[float, str] | None = None
    for t in templates:
        if t.modality != modality or t.model != model:
            continue
        d = distance(t, probe)
        if best is None or d < best[0]:
            best = (d, t.person_id)
    if best is None:
        return Match(person_id=None, modality=modality, distance=None, threshold=threshold)
    d, who = best
    return Match(
        person_id=who if d <= threshold else None,
        modality=modality,
        distance=round(d, 6),
        threshold=threshold,
    )


def add_sample(
    template: Template | None,
    person_id: str,
    modality: Modality,
    model: str,
    embedding: Sequence[float],
    max_samples: int,
) -> Template:
    """The template with one more sample (the oldest dropped past `max_samples`)."""
    sample = tuple(float(x) for x in embedding)
    old = () if template is None or template.model != model else template.samples
    return Template(
        person_id=person_id, modality=modality, model=model, samples=(*old, sample)[-max_samples:]
    )


def equal_error_rate(genuine: Sequence[float], impostor: Sequence[float]) -> tuple[float, float]:
    """(EER, threshold) for distances: genuine pairs should be near, impostor pairs far. At the
    threshold where the false accept and false reject rates are closest, their mean."""
    g = np.asarray(genuine, dtype=np.float64)
    i = np.asarray(impostor, dtype=np.float64)
    if not len(g) or not len(i):
        raise ValueError("need genuine and impostor distances")
    best: tuple[float, float, float] | None = None
    for t in np.unique(np.concatenate([g, i])):
        frr = float(np.mean(g > t))
        far = float(np.mean(i <= t))
        key = (abs(far - frr), (far + frr) / 2, float(t))
        if best is None or key[:2] < best[:2]:
            best = key
    assert best is not None
    return best[1], best[2]
