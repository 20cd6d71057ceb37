"""Embeddings from a voice or a face, in memory: audio and frames come in as bytes or arrays
and are dropped once embedded; nothing here writes a file.

Voice: resemblyzer's speaker encoder (its weights ship inside the package). Face: dlib's face
detector, 5-point shape predictor and ResNet face descriptor, with the model files that
face_recognition_models ships (the same models the face_recognition package calls; see the
README for why it is not imported itself). Both are optional extras: without them these raise
BiometricsUnavailable, naming what to install.
"""

from __future__ import annotations

import importlib.util
import io
import threading
from pathlib import Path
from typing import Any

import numpy as np

from resident.errors import BiometricsUnavailable, InvalidInput

VOICE_MODEL = "resemblyzer-0.1.4"
FACE_MODEL = "dlib-resnet-v1"
#: Shortest speech resemblyzer embeds well (its partial utterances are 1.6 s).
MIN_SPEECH_S = 1.0
_INSTALL = "install them with: pip install -e '.[biometrics]' (the Makefile does, see README)"


def _missing(what: str, exc: BaseException) -> BiometricsUnavailable:
    return BiometricsUnavailable(
        f"{what} needs packages that are not installed ({type(exc).__name__}: {exc}); {_INSTALL}"
    )


class VoiceEncoder:
    """Speaker embeddings (256 floats, unit length) from an audio clip."""

    def __init__(self) -> None:
        self._encoder: Any = None
        self._lock = threading.Lock()

    def _load(self) -> Any:
        with self._lock:
            if self._encoder is None:
                try:
                    from resemblyzer import VoiceEncoder as Encoder
                except ImportError as exc:
                    raise _missing("voice recognition", exc) from exc
                self._encoder = Encoder("cpu", verbose=False)
            return self._encoder

    def embed(self, audio: bytes) -> list[float]:
        """The embedding of a WAV, FLAC or OGG clip held in memory."""
        encoder = self._load()
        import soundfile
        from resemblyzer import preprocess_wav

        try:
            wav, rate = soundfile.read(io.BytesIO(audio), dtype="float32", always_2d=True)
        except (soundfile.LibsndfileError, RuntimeError, TypeError) as exc:
            raise InvalidInput(f"the audio could not be read as WAV, FLAC or OGG: {exc}") from exc
        # Resampled to 16 kHz and its silences cut, all in memory.
        speech = preprocess_wav(wav.mean(axis=1), source_sr=rate)
        if len(speech) < MIN_SPEECH_S * 16000:
            raise InvalidInput(f"too little speech in the clip (under {MIN_SPEECH_S} s)")
        with self._lock:
            return [float(x) for x in encoder.embed_utterance(speech)]


def _face_models() -> Path:
    # face_recognition_models' __init__ needs pkg_resources, gone from current setuptools: its
    # folder is found without importing it.
    spec = importlib.util.find_spec("face_recognition_models")
    if spec is None or not spec.submodule_search_locations:
        raise _missing("face recognition", ModuleNotFoundError("face_recognition_models"))
    return Path(next(iter(spec.submodule_search_locations))) / "models"


class FaceEncoder:
    """Face descriptors (128 floats) of the largest face in a frame."""

    def __init__(self, upsample: int = 1) -> None:
        self.upsample = upsample
        self._models: tuple[Any, Any, Any] | None = None
        self._lock = threading.Lock()

    def _load(self) -> tuple[Any, Any, Any]:
        with self._lock:
            if self._models is None:
                try:
                    import dlib
                except ImportError as exc:
                    raise _missing("face recognition", exc) from exc
                models = _face_models()
                self._models = (
                    dlib.get_frontal_face_detector(),
                    dlib.shape_predictor(str(models / "shape_predictor_5_face_landmarks.dat")),
                    dlib.face_recognition_model_v1(
                        str(models / "dlib_face_recognition_resnet_model_v1.dat")
                    ),
                )
            return self._models

    @staticmethod
    def decode(image: bytes) -> np.ndarray:
        """An RGB frame from PNG or JPEG bytes, in memory."""
        from PIL import Image, UnidentifiedImageError

        try:
            with Image.open(io.BytesIO(image)) as img:
                return np.asarray(img.convert("RGB"))
        except (UnidentifiedImageError, OSError) as exc:
            raise InvalidInput(f"the image could not be read: {exc}") from exc

    def embed_frame(self, frame: np.ndarray) -> list[float]:
        """The descriptor of the largest face in an RGB (or grey) frame; InvalidInput if none."""
        detector, shapes, descriptor = self._load()
        if frame.ndim == 2:
            frame = np.stack([frame] * 3, axis=-1)
        if frame.ndim != 3 or frame.shape[2] != 3:
            raise InvalidInput(f"a frame must be RGB or grey, not shape {frame.shape}")
        frame = np.ascontiguousarray(frame, dtype=np.uint8)
        with self._lock:
            faces = detector(frame, self.upsample)
            if not faces:
                raise InvalidInput("no face found in the frame")
            # The largest face is the one before the camera; badges and posters are smaller.
            face = max(faces, key=lambda r: r.width() * r.height())
            return [
                float(x) for x in descriptor.compute_face_descriptor(frame, shapes(frame, face))
            ]

    def embed(self, image: bytes) -> list[float]:
        return self.embed_frame(self.decode(image))


def camera_frames(device: int = 0, count: int = 1) -> list[np.ndarray]:
    """Frames from a local camera, in memory (OpenCV, optional); RGB."""
    try:
        import cv2
    except ImportError as exc:
        raise _missing("a local camera", exc) from exc
    cap = cv2.VideoCapture(device)
    try:
        if not cap.isOpened():
            raise InvalidInput(f"no camera at device {device}")
        frames = []
        for _ in range(count):
            ok, bgr = cap.read()
            if not ok:
                break
            frames.append(bgr[:, :, ::-1].copy())
        return frames
    finally:
        cap.release()
