"""Voice and face through a real daemon: two synthetic speakers and two faces enrolled and told
apart, identification sets who is present, another person's token can neither read nor erase
someone's templates, and the files at rest are unreadable without the key."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from tests.people.signals import (
    ANA_VOICE,
    BOB_VOICE,
    LINES,
    STRANGER_VOICES,
    astronaut,
    cameraman,
    frames,
    needs_espeak,
    png,
    speak,
)

pytest.importorskip("resemblyzer", reason="voice recognition needs the biometrics extra")
pytest.importorskip("dlib", reason="face recognition needs the biometrics extra")


#: Encoder work takes over a minute on a loaded machine: no request here waits less than the
#: test's own limit (pytest-timeout) would allow.
SLOW = 600.0


def _token(daemon: Any, name: str) -> str:
    with daemon.client(timeout=None) as c:
        return str(c.post("/v1/tokens", json={"name": name}).json()["token"])


@needs_espeak
def test_two_voices_and_two_faces_are_told_apart_and_stay_private(daemon: Any) -> None:
    ana, bob = _token(daemon, "Ana"), _token(daemon, "Bob")
    # Each enrols their own voice and face with their own token.
    for token, voice, face in ((ana, ANA_VOICE, astronaut()), (bob, BOB_VOICE, cameraman())):
        who = "Ana" if token == ana else "Bob"
        with daemon.client(token, timeout=None) as c:
            r = c.post(f"/v1/people/{who}/voice", content=speak(voice, LINES[0]))
            assert r.status_code == 200, r.text
            r = c.post(f"/v1/people/{who}/face", content=png(face))
            assert r.status_code == 200 and r.json()["samples"] == 1, r.text
    with daemon.client(timeout=None) as c:
        for voice, want in ((ANA_VOICE, "person:ana"), (BOB_VOICE, "person:bob")):
            got = c.post("/v1/identify/voice", content=speak(voice, LINES[2])).json()
            assert got["person_id"] == want, got
        for face, want in ((astronaut(), "person:ana"), (cameraman(), "person:bob")):
            got = c.post("/v1/identify/face", content=png(frames(face, 1, seed=5)[0])).json()
            assert got["person_id"] == want, got
        unknown = c.post("/v1/identify/voice", content=speak(STRANGER_VOICES[0], LINES[1]))
        assert unknown.json()["person_id"] is None
        assert unknown.json()["said"] == "someone I don't know"
        # The last one recognised (Bob's face) speaks the console's next turn.
        assert c.post("/v1/converse", json={"text": "Hello"}).json()["person_id"] == "person:bob"
        assert c.post("/v1/converse", json={"text": "Goodbye"}).json()["person_id"] == (
            "person:bob"
        )
        assert c.post("/v1/converse", json={"text": "Hello"}).json()["person_id"] is None
    # Bob can neither read nor erase Ana's templates, nor identify anyone.
    with daemon.client(bob, timeout=None) as c:
        assert c.get("/v1/people/Ana/biometrics").status_code == 403
        assert c.delete("/v1/people/person:ana/biometrics").status_code == 403
        assert c.post("/v1/people/Ana/voice", content=speak(BOB_VOICE, LINES[1])).status_code == 403
        assert c.post("/v1/identify/voice", content=speak(ANA_VOICE, LINES[1])).status_code == 403
    with daemon.client(ana, timeout=None) as c:
        mine = c.get("/v1/people/Ana/biometrics").json()
        assert len(mine["voice"]["samples"]) == 1 and len(mine["face"]["samples"][0]) == 128
    # At rest: ciphertext only, in the private folder; the key lives outside the data dir.
    private = daemon.data_dir / "private" / "ana"
    blob = (private / "voice.tpl").read_bytes()
    sample = json.dumps(max(mine["voice"]["samples"][0], key=abs))
    assert len(sample) > 6
    assert sample.encode() not in blob and b"samples" not in blob
    keys = daemon.data_dir.with_name(daemon.data_dir.name + ".keys")
    assert (keys / "ana.key").exists() and not list(daemon.data_dir.rglob("*.key"))
    # Nothing biometric in the graph's snapshot source or the event log but ids.
    log = "".join(p.read_text() for p in daemon.data_dir.rglob("*.jsonl"))
    assert sample not in log and "person:ana" in log
    # Ana erases her own: the key first, then the files; she is unknown from then on.
    with daemon.client(ana, timeout=None) as c:
        gone = c.delete("/v1/people/Ana/biometrics").json()
        assert gone["removed"] == ["key", "voice", "face", "folder"]
    assert not (keys / "ana.key").exists() and not (private / "voice.tpl").exists()
    assert not private.exists()  # no folder left that names her
    with daemon.client(timeout=None) as c:
        after = c.post("/v1/identify/voice", content=speak(ANA_VOICE, LINES[3])).json()
        assert after["person_id"] != "person:ana"


@needs_espeak
def test_the_cli_enrols_and_identifies_as_the_readme_says(daemon: Any, tmp_path: Any) -> None:
    clip, other = tmp_path / "kit.wav", tmp_path / "kit2.wav"
    clip.write_bytes(speak(STRANGER_VOICES[1], LINES[0]))
    other.write_bytes(speak(STRANGER_VOICES[1], LINES[2], speed=175))
    enrolled = daemon.cli("enrol", "voice", "--as", "Kit", str(clip), timeout=SLOW)
    assert enrolled.returncode == 0 and "person:kit" in enrolled.stdout, enrolled.stderr
    found = daemon.cli("identify", "voice", str(other), timeout=SLOW)
    assert found.returncode == 0 and found.stdout.startswith("Kit (person:kit"), found.stdout
    stranger = tmp_path / "nobody.wav"
    stranger.write_bytes(speak(STRANGER_VOICES[2], LINES[1]))
    assert daemon.cli("identify", "voice", str(stranger), timeout=SLOW).stdout.strip() == (
        "someone I don't know"
    )
    erased = daemon.cli("biometrics", "--as", "Kit", "--erase", timeout=SLOW)
    assert erased.returncode == 0 and '"key"' in erased.stdout


def test_the_daemon_answers_while_a_face_is_embedded(daemon: Any) -> None:
    """Encoder work runs in its own lane, off the event loop: while a large image is being
    embedded (seconds, a minute on a loaded machine), health checks and a turn are answered.
    Nothing here is timed: what is checked is that they came back while it was in flight."""
    import threading

    from PIL import Image

    big = np.asarray(Image.fromarray(astronaut()).resize((2400, 2400)))
    outcome: dict[str, Any] = {}

    def identify() -> None:
        with daemon.client(timeout=None) as c:
            outcome["identify"] = c.post("/v1/identify/face", content=png(big))

    worker = threading.Thread(target=identify)
    worker.start()
    answered_during = []
    with daemon.client(timeout=None) as c:
        while worker.is_alive() and len(answered_during) < 3:
            health = c.get("/healthz")
            turn = c.post("/v1/converse", json={"text": "How are you?"})
            assert health.status_code == 200 and turn.status_code == 200, turn.text
            answered_during.append(worker.is_alive())
    worker.join()
    assert outcome["identify"].status_code == 200, outcome["identify"].text
    assert answered_during and answered_during[0], "a turn waited for the encoder"
