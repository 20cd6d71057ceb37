"""Real test signals, made at test time and kept in memory: voices spoken by espeak-ng (to its
stdout, never a file) and faces from scikit-image's sample photographs."""

from __future__ import annotations

import shutil
import subprocess

import numpy as np
import pytest

ESPEAK = shutil.which("espeak-ng")
needs_espeak = pytest.mark.skipif(
    ESPEAK is None,
    reason="espeak-ng is not installed (Debian: apt-get install espeak-ng); "
    "the voice tests synthesise their speakers with it",
)

#: Distinct synthetic speakers (espeak-ng voice + variant): two to enrol, others as strangers.
ANA_VOICE, BOB_VOICE = "en+f4", "en+m1"
STRANGER_VOICES = ("en-us+f2", "en-us+m3", "en+croak", "en+klatt")
LINES = (
    "The quick brown fox jumps over the lazy dog while the house is quiet this evening.",
    "Please remember that the plants on the kitchen window need water every second day.",
    "I will be home late tonight, so keep the lights on in the hall until I arrive.",
    "Tomorrow morning we are driving to the coast to see the old lighthouse again.",
)


def speak(voice: str, text: str, speed: int = 160) -> bytes:
    """A WAV clip of `text` in `voice`, from espeak-ng's stdout."""
    assert ESPEAK is not None
    return subprocess.run(
        [ESPEAK, "-v", voice, "-s", str(speed), "--stdout", text],
        check=True,
        capture_output=True,
        timeout=600,
    ).stdout


def astronaut() -> np.ndarray:
    """Person A: Eileen Collins (scikit-image's `astronaut`)."""
    from skimage import data

    return np.asarray(data.astronaut())


def cameraman() -> np.ndarray:
    """Person B: scikit-image's `camera`, the face cropped and enlarged so the detector finds
    it without upsampling the whole frame three times."""
    from PIL import Image
    from skimage import data

    crop = np.asarray(data.camera())[40:280, 120:360]
    big = Image.fromarray(crop).resize((720, 720), Image.Resampling.BICUBIC)
    return np.stack([np.asarray(big)] * 3, axis=-1)


def strangers(count: int) -> list[np.ndarray]:
    """Faces of other people: scikit-image's LFW subset (25x25 greys), enlarged."""
    from PIL import Image
    from skimage import data

    faces = data.lfw_subset()[:100]  # the first 100 are faces
    out = []
    for face in faces[:count]:
        img = Image.fromarray((face * 255).astype(np.uint8)).resize(
            (150, 150), Image.Resampling.BICUBIC
        )
        out.append(np.stack([np.asarray(img)] * 3, axis=-1))
    return out


def frames(image: np.ndarray, count: int, seed: int = 0) -> list[np.ndarray]:
    """A stream of frames of one scene: shifted, lit and scaled a little differently each."""
    from PIL import Image

    rng = np.random.default_rng(seed)
    h, w = image.shape[:2]
    out = []
    for _ in range(count):
        dy, dx = rng.integers(-12, 13, size=2)
        shifted = np.roll(image, (int(dy), int(dx)), axis=(0, 1))
        lit = np.clip(
            shifted.astype(np.float32) * rng.uniform(0.75, 1.2) + rng.normal(0, 4, shifted.shape),
            0,
            255,
        ).astype(np.uint8)
        scale = rng.uniform(0.95, 1.1)
        resized = Image.fromarray(lit).resize((int(w * scale), int(h * scale)))
        out.append(np.asarray(resized))
    return out


def png(frame: np.ndarray) -> bytes:
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.fromarray(frame).save(buf, format="PNG")
    return buf.getvalue()
