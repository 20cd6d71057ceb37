"""Rule 4 with causes (issue 26, point 5): "Why do you feel like that?" / "Why are you tired?"
answered from the state itself: the appraisals still fading (which event, when, how strong,
from the event log's `appraisal` records) and the drives out of their bands (level, band, the
events that moved them that way and the drift of awake time). Nothing is said that the state
and the log do not hold; with nothing fading and every drive in band, MAX says so.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from resident.awareness.report import StateReport
from resident.config import DriveSpec

#: Detail an appraisal event may carry that says what happened (ids and kinds, never what MAX
#: knows about a person).
_DETAIL_KEYS = ("part", "failure", "person_id", "claim_id")


@dataclass(frozen=True)
class Appraised:
    """One `appraisal` event as the log holds it."""

    kind: str
    at: datetime
    detail: Mapping[str, Any]

    @classmethod
    def from_event(cls, occurred_at: datetime, payload: Mapping[str, Any]) -> Appraised:
        return cls(str(payload.get("appraised", "")), occurred_at, payload)


def _when(at: datetime) -> str:
    return at.strftime("%Y-%m-%d %H:%M UTC")


def _what(a: Appraised) -> str:
    bits = [f"{k} {a.detail[k]}" for k in _DETAIL_KEYS if a.detail.get(k) not in (None, "")]
    name = a.kind.replace("_", " ")
    return f"{name} ({', '.join(bits)})" if bits else name


def explain(
    report: StateReport,
    appraisals: Iterable[Appraised],
    drives: Mapping[str, DriveSpec],
) -> str:
    """Why MAX feels as the report says, from the report and the appraisal events."""
    if not report.known and report.mood.vector is None:
        return "I can't say why: my mood is unknown (" + "; ".join(report.problems) + ")."
    latest: dict[str, Appraised] = {}
    for a in appraisals:
        if a.kind and (a.kind not in latest or a.at >= latest[a.kind].at):
            latest[a.kind] = a
    parts = [f"I feel {report.mood.label}."]
    for e in report.emotions:
        cause = latest.get(e.kind)
        if cause is None:
            parts.append(f"{e.kind.replace('_', ' ')} is still fading ({e.intensity:.2f}).")
        else:
            parts.append(
                f"{_what(cause)} at {_when(cause.at)} is still fading "
                f"(intensity {e.intensity:.2f})."
            )
    for name, d in report.drives.items():
        if d.in_band:
            continue
        low = d.level < d.band[0]
        spec = drives.get(name)
        line = (
            f"My {name} is {'low' if low else 'high'} ({d.level:.2f}; comfortable "
            f"{d.band[0]:.2f} to {d.band[1]:.2f})"
        )
        causes = []
        if spec is not None:
            for kind, delta in spec.satiation.items():
                if (delta < 0) == low and kind in latest:
                    causes.append(f"{_what(latest[kind])} at {_when(latest[kind].at)}")
            if (spec.drift_per_hour < 0) == low and spec.drift_per_hour:
                causes.append(f"awake time moves it {spec.drift_per_hour:+.2f} an hour")
        parts.append(line + (": " + "; ".join(causes) if causes else "") + ".")
    if len(parts) == 1:
        parts.append(
            "Nothing in particular: no appraisal is still fading and all my drives are within "
            "their bands."
        )
    return " ".join(p[:1].upper() + p[1:] for p in parts)
