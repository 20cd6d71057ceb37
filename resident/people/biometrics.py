"""Enrolment and identification by voice and face (Rule 8), the library the daemon, the CLI and
the benchmark call.

Audio and frames arrive in memory, are embedded and dropped; only embeddings are kept, in each
person's encrypted vault file. An unknown voice or face leaves nothing behind: not its
embedding, not a file, and an event that says only that someone unknown was noticed. Events
carry person ids and distances, never an embedding.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

import numpy as np

from resident.config import Settings
from resident.people.encoders import FACE_MODEL, VOICE_MODEL, FaceEncoder, VoiceEncoder
from resident.people.templates import MODALITIES, Match, Modality, Template, add_sample, identify
from resident.people.vault import Vault

Emit = Callable[[str, dict[str, Any]], object]


class Biometrics:
    def __init__(self, settings: Settings, on_event: Emit | None = None) -> None:
        b = settings.biometrics
        self.settings = b
        self.vault = Vault(settings.data_dir / "private", settings.key_dir)
        self.voice = VoiceEncoder()
        self.face = FaceEncoder(upsample=b.face_upsample)
        self._emit = on_event

    def _event(self, kind: str, payload: dict[str, Any]) -> None:
        if self._emit is not None:
            self._emit(kind, payload)

    def model(self, modality: Modality) -> str:
        return VOICE_MODEL if modality == "voice" else FACE_MODEL

    def threshold(self, modality: Modality) -> float:
        b = self.settings
        return b.voice_max_distance if modality == "voice" else b.face_max_distance

    def embed(self, modality: Modality, data: bytes) -> list[float]:
        return self.voice.embed(data) if modality == "voice" else self.face.embed(data)

    # enrolment

    def enrol_embedding(
        self, person_id: str, modality: Modality, embedding: list[float]
    ) -> Template:
        template = add_sample(
            self.vault.load(person_id, modality),
            person_id,
            modality,
            self.model(modality),
            embedding,
            self.settings.max_samples,
        )
        self.vault.save(template)
        self._event(
            "biometric_enrolled",
            {"person_id": person_id, "modality": modality, "samples": len(template.samples)},
        )
        return template

    def enrol(self, person_id: str, modality: Modality, data: bytes) -> dict[str, Any]:
        """Add one clip or image to the person's template; the data itself is dropped."""
        started = time.perf_counter()
        template = self.enrol_embedding(person_id, modality, self.embed(modality, data))
        return {
            "person_id": person_id,
            "modality": modality,
            "samples": len(template.samples),
            "model": template.model,
            "seconds": round(time.perf_counter() - started, 4),
        }

    def enrol_frame(self, person_id: str, frame: np.ndarray) -> Template:
        return self.enrol_embedding(person_id, "face", self.face.embed_frame(frame))

    # identification

    def identify_embedding(self, modality: Modality, embedding: list[float]) -> Match:
        match = identify(
            self.vault.all(modality),
            embedding,
            modality,
            self.model(modality),
            self.threshold(modality),
        )
        if match.person_id is not None:
            self._event(
                "person_recognised",
                {"person_id": match.person_id, "modality": modality, "distance": match.distance},
            )
        else:
            # Nothing about a stranger is kept: no embedding, no distance to anyone.
            self._event("stranger_noticed", {"modality": modality})
        return match

    def identify(self, modality: Modality, data: bytes) -> Match:
        return self.identify_embedding(modality, self.embed(modality, data))

    def identify_frame(self, frame: np.ndarray) -> Match:
        return self.identify_embedding("face", self.face.embed_frame(frame))

    # a person's own templates

    def export(self, person_id: str) -> dict[str, Any]:
        """The person's templates, decrypted (for that person or the owner only)."""
        out: dict[str, Any] = {"person_id": person_id}
        for modality in MODALITIES:
            template = self.vault.load(person_id, modality)
            out[modality] = None if template is None else template.model_dump(mode="json")
        return out

    def erase(self, person_id: str, now: datetime) -> dict[str, Any]:
        removed = self.vault.erase(person_id)
        self._event("biometrics_erased", {"person_id": person_id, "removed": removed})
        return {"person_id": person_id, "removed": removed, "at": now.isoformat()}
