"""awareness:state-transparency: the structured state and the plain sentence rendered from it."""

from resident.awareness.report import (
    UNKNOWN,
    DispositionReport,
    DriveReport,
    EmotionReport,
    MoodReport,
    StateReport,
    Vector,
    build_report,
    render_sentence,
    render_text,
    report_from_disk,
)

__all__ = [
    "UNKNOWN",
    "DispositionReport",
    "DriveReport",
    "EmotionReport",
    "MoodReport",
    "StateReport",
    "Vector",
    "build_report",
    "render_sentence",
    "render_text",
    "report_from_disk",
]
