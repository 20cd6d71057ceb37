"""awareness:state-transparency: how MAX is, as a structured StateReport and a plain sentence
rendered only from that report (Rule 4). Nothing here invents a feeling: a label comes from the
vector, an unknown part is reported as unknown, and the sentence reads the report alone.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict

from resident.affect.drives import drives_file
from resident.affect.dynamics import in_band
from resident.affect.emotions import mood_file
from resident.affect.models import DriveState, MoodState
from resident.affect.pad import disposition_label, mood_label
from resident.config import Settings
from resident.state.statefile import Source

UNKNOWN = "unknown"


class _Report(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Vector(_Report):
    valence: float
    arousal: float
    dominance: float


class MoodReport(_Report):
    label: str
    #: None when the mood is unknown.
    vector: Vector | None


class DispositionReport(_Report):
    valence: float | None
    label: str


class EmotionReport(_Report):
    kind: str
    intensity: float


class DriveReport(_Report):
    level: float
    set_point: float
    band: tuple[float, float]
    in_band: bool


class StateReport(_Report):
    """The structured state; `sentence` is rendered from the other fields and nothing else."""

    session_id: str | None
    #: True for the running MAX's live state, False for the files as last written.
    live: bool
    #: The moment the state describes.
    at: datetime | None
    known: bool
    #: The parts whose state is unknown ("mood", "drives").
    unknown: list[str]
    #: Why: one line per unusable state file, and any fallback to a last good copy.
    problems: list[str]
    mood: MoodReport
    disposition: DispositionReport
    emotions: list[EmotionReport]
    drives: dict[str, DriveReport]
    sentence: str


def build_report(
    settings: Settings,
    mood: MoodState | None,
    drives: DriveState | None,
    *,
    session_id: str | None,
    live: bool,
    at: datetime | None,
    problems: list[str] | None = None,
) -> StateReport:
    """The report for this state; the same function serves the daemon, the CLI and the API."""
    cfg = settings.affect
    unknown = [name for name, part in (("mood", mood), ("drives", drives)) if part is None]
    if mood is None:
        mood_r = MoodReport(label=UNKNOWN, vector=None)
        disposition = DispositionReport(valence=None, label=UNKNOWN)
        emotions: list[EmotionReport] = []
    else:
        v = mood.vector
        mood_r = MoodReport(
            label=mood_label(v, cfg),
            vector=Vector(valence=v.valence, arousal=v.arousal, dominance=v.dominance),
        )
        disposition = DispositionReport(
            valence=mood.disposition, label=disposition_label(mood.disposition, cfg)
        )
        emotions = [
            EmotionReport(kind=e.kind, intensity=e.intensity)
            for e in sorted(mood.emotions, key=lambda e: -e.intensity)
        ]
    drive_r = (
        {}
        if drives is None
        else {
            name: DriveReport(
                level=drives.levels[name],
                set_point=spec.set_point,
                band=spec.band,
                in_band=in_band(drives.levels[name], spec),
            )
            for name, spec in settings.drives.items()
        }
    )
    report = StateReport(
        session_id=session_id,
        live=live,
        at=at,
        known=not unknown,
        unknown=unknown,
        problems=list(problems or []),
        mood=mood_r,
        disposition=disposition,
        emotions=emotions,
        drives=drive_r,
        sentence="",
    )
    return report.model_copy(update={"sentence": render_sentence(report)})


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def render_sentence(report: StateReport) -> str:
    """The plain rendering of a report: what a person hears when MAX is asked how he is."""
    parts: list[str] = []
    vector = report.mood.vector
    if vector is None:
        parts.append("I don't know how I feel: my mood and disposition are unknown.")
    else:
        parts.append(
            f"I feel {report.mood.label} (valence {vector.valence:+.2f}, arousal "
            f"{vector.arousal:+.2f}, dominance {vector.dominance:+.2f}); my disposition is "
            f"{report.disposition.label} ({report.disposition.valence:+.2f})."
        )
    if report.emotions:
        fading = [f"{e.kind} {e.intensity:.2f}" for e in report.emotions]
        parts.append(f"Still fading: {_join(fading)}.")
    if "drives" in report.unknown:
        parts.append("My drives are unknown.")
    else:
        out = [
            f"{name} is {'low' if d.level < d.band[0] else 'high'} ({d.level:.2f}; comfortable "
            f"{d.band[0]:.2f} to {d.band[1]:.2f})"
            for name, d in report.drives.items()
            if not d.in_band
        ]
        fine = [name for name, d in report.drives.items() if d.in_band]
        if out:
            text = _join(out)
            parts.append(
                text[0].upper()
                + text[1:]
                + (
                    f"; {_join(fine)} {'is' if len(fine) == 1 else 'are'} within "
                    f"{'its band' if len(fine) == 1 else 'their bands'}."
                    if fine
                    else "."
                )
            )
        else:
            parts.append("All my drives are within their comfort bands.")
    return " ".join(parts)


def render_text(report: StateReport) -> str:
    """The report for a terminal: the sentence, then the numbers it rests on."""
    lines = [report.sentence, ""]
    if report.live:
        lines.append(f"session   {report.session_id}")
    else:
        when = report.at.isoformat() if report.at else "never"
        lines.append(f"session   none: no daemon running; state as last written ({when})")
    vector = report.mood.vector
    lines.append(
        "mood      "
        + report.mood.label
        + (
            ""
            if vector is None
            else f"  valence {vector.valence:+.3f}  arousal "
            f"{vector.arousal:+.3f}  dominance {vector.dominance:+.3f}"
        )
    )
    disposition = report.disposition
    lines.append(
        "disposition "
        + disposition.label
        + ("" if disposition.valence is None else f" ({disposition.valence:+.3f})")
    )
    if "drives" in report.unknown:
        lines.append("drives    unknown")
    for name, d in report.drives.items():
        where = "in band" if d.in_band else ("below band" if d.level < d.band[0] else "above band")
        lines.append(
            f"  {name:<11} {d.level:.3f}  set point {d.set_point:.2f}  band "
            f"{d.band[0]:.2f}-{d.band[1]:.2f}  {where}"
        )
    lines.extend(f"problem   {p}" for p in report.problems)
    return "\n".join(lines)


def report_from_disk(settings: Settings) -> StateReport:
    """How MAX is according to his state files, when no daemon runs: the state as last written
    (he is not awake, so no time has passed for him). Reads only; writes nothing, emits nothing."""
    mood_loaded = mood_file(settings).load()
    drives_loaded = drives_file(settings).load()
    problems = [*mood_loaded.problems, *drives_loaded.problems]
    for loaded in (mood_loaded, drives_loaded):
        if loaded.source is Source.LAST_GOOD:
            problems.append(f"{loaded.path.name}: using its last good copy (seq {loaded.seq})")
        elif loaded.source is Source.ABSENT:
            problems.append(f"{loaded.path.name}: not written yet (MAX has never booted here)")
    return build_report(
        settings,
        mood_loaded.value,
        drives_loaded.value,
        session_id=None,
        live=False,
        at=mood_loaded.written_at,
        problems=problems,
    )
