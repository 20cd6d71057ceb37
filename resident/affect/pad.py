"""The mood vector (PAD: pleasure/valence, arousal, dominance) and the labels derived from it.

Labels come from the vector, never the other way round. The mood labels split Russell's
valence-arousal circumplex into nine regions and use dominance only where it separates two
feelings of the same quadrant (irritated vs anxious, Mehrabian's PAD octants).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from resident.config import AffectSettings

#: Every label `mood_label` can return.
MOOD_LABELS = (
    "irritated",
    "anxious",
    "downcast",
    "guarded",
    "eager",
    "content",
    "cheerful",
    "alert",
    "subdued",
    "steady",
)
DISPOSITION_LABELS = ("guarded", "even", "optimistic")


def clip(x: float, low: float = -1.0, high: float = 1.0) -> float:
    return min(high, max(low, x))


class PAD(BaseModel):
    """A point in PAD space, each axis -1..1."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    valence: float = Field(ge=-1.0, le=1.0)
    arousal: float = Field(ge=-1.0, le=1.0)
    dominance: float = Field(ge=-1.0, le=1.0)

    @classmethod
    def of(cls, values: tuple[float, float, float]) -> PAD:
        v, a, d = values
        return cls(valence=clip(v), arousal=clip(a), dominance=clip(d))

    def as_tuple(self) -> tuple[float, float, float]:
        return (self.valence, self.arousal, self.dominance)

    def nudged(self, impulse: tuple[float, float, float]) -> PAD:
        """Each axis moves |i| of the way toward the end (+1 or -1) its impulse i points at:
        from rest that is exactly +i, and repeated impulses saturate smoothly short of the end
        instead of piling up against it."""
        return PAD.of(
            tuple(  # type: ignore[arg-type]
                x + abs(i) * ((1.0 if i > 0 else -1.0) - x)
                for x, i in zip(self.as_tuple(), impulse, strict=True)
            )
        )


def mood_label(mood: PAD, cfg: AffectSettings) -> str:
    """The word for a mood vector.

    valence <= -n: irritated (arousal >= s, dominance >= 0), anxious (arousal >= s, dominance < 0),
    downcast (arousal <= -s), otherwise guarded. valence >= n: eager, content (arousal <= -s),
    otherwise cheerful. In between: alert, subdued, otherwise steady. n = label_neutral_within,
    s = label_strong_arousal.
    """
    n, s = cfg.label_neutral_within, cfg.label_strong_arousal
    if mood.valence <= -n:
        if mood.arousal >= s:
            return "irritated" if mood.dominance >= 0 else "anxious"
        return "downcast" if mood.arousal <= -s else "guarded"
    if mood.valence >= n:
        if mood.arousal >= s:
            return "eager"
        return "content" if mood.arousal <= -s else "cheerful"
    if mood.arousal >= s:
        return "alert"
    return "subdued" if mood.arousal <= -s else "steady"


def disposition_label(valence: float, cfg: AffectSettings) -> str:
    """Where the valence set point sits on the guarded .. optimistic scale."""
    if valence <= -cfg.disposition_even_within:
        return "guarded"
    if valence >= cfg.disposition_even_within:
        return "optimistic"
    return "even"
