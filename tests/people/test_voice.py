"""Voices synthesised by espeak-ng (in memory), enrolled and told apart by resemblyzer; an
unknown voice is "someone I don't know" and leaves nothing behind."""

from __future__ import annotations

import pytest

from resident.config import Settings
from resident.people.biometrics import Biometrics

from .signals import ANA_VOICE, BOB_VOICE, LINES, STRANGER_VOICES, needs_espeak, speak

pytest.importorskip("resemblyzer", reason="voice recognition needs the biometrics extra")


@needs_espeak
def test_two_synthetic_speakers_are_told_apart_and_strangers_stay_unknown(
    settings: Settings,
) -> None:
    events: list[tuple[str, dict[str, object]]] = []
    bio = Biometrics(settings, on_event=lambda k, p: events.append((k, p)))
    bio.enrol("person:ana", "voice", speak(ANA_VOICE, LINES[0]))
    bio.enrol("person:bob", "voice", speak(BOB_VOICE, LINES[0]))
    for line in LINES[1:]:
        assert bio.identify("voice", speak(ANA_VOICE, line, speed=175)).person_id == "person:ana"
        assert bio.identify("voice", speak(BOB_VOICE, line, speed=145)).person_id == "person:bob"
    files = sorted(p.name for p in (settings.data_dir / "private").rglob("*") if p.is_file())
    stranger = bio.identify("voice", speak(STRANGER_VOICES[0], LINES[1]))
    assert stranger.person_id is None and (stranger.distance or 0) > stranger.threshold
    # Nothing about the stranger: no file, and an event without any number about them.
    assert (
        sorted(p.name for p in (settings.data_dir / "private").rglob("*") if p.is_file()) == files
    )
    assert events[-1] == ("stranger_noticed", {"modality": "voice"})
    assert all("embedding" not in p and "samples" not in str(k) for k, p in events)
