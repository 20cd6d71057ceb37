"""Faces from a stream of frames, recognised in memory: two people told apart, strangers left
unknown, and no image ever written under the data directory, the Prefect home or the temp dir."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

import numpy as np
import pytest

from resident.config import Settings
from resident.people.biometrics import Biometrics

from .signals import astronaut, cameraman, frames, strangers

pytest.importorskip("dlib", reason="face recognition needs the biometrics extra")

#: Magic numbers of image, audio and raw array files.
MEDIA_MAGIC = (
    b"\x89PNG",
    b"\xff\xd8\xff",
    b"GIF8",
    b"BM",
    b"RIFF",
    b"fLaC",
    b"OggS",
    b"\x93NUMPY",
    b"II*\x00",
    b"MM\x00*",
)


def _listing(root: Path) -> dict[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {}
    for dirpath, _, files in os.walk(root):
        for name in files:
            path = os.path.join(dirpath, name)
            try:
                st = os.stat(path)
            except OSError:
                continue
            out[path] = (st.st_size, st.st_mtime_ns)
    return out


def _digest(path: str) -> str:
    try:
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest()
    except OSError:
        return ""


def test_a_stream_of_frames_is_recognised_and_no_frame_touches_disk(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The recogniser gets a temp dir of its own: the machine's shared one holds other runs' files.
    private_tmp = tmp_path / "tmp"
    private_tmp.mkdir()
    monkeypatch.setenv("TMPDIR", str(private_tmp))
    monkeypatch.setattr(tempfile, "tempdir", str(private_tmp))
    roots = [
        settings.data_dir,
        settings.data_dir / "prefect",
        private_tmp,
        settings.key_dir,
    ]
    for root in roots:
        root.mkdir(parents=True, exist_ok=True)
    before = {str(r): _listing(r) for r in roots}
    digests = {
        p: _digest(p)
        for listing in before.values()
        for p in listing
        if p.startswith(str(settings.data_dir))
    }

    bio = Biometrics(settings)
    bio.enrol_frame("person:ana", astronaut())
    bio.enrol_frame("person:bob", cameraman())
    stream = [(f, "person:ana") for f in frames(astronaut(), 6, seed=1)]
    stream += [(f, "person:bob") for f in frames(cameraman(), 6, seed=2)]
    stream += [(f, None) for f in strangers(8)]
    right = seen = 0
    for frame, who in stream:
        try:
            match = bio.identify_frame(frame)
        except Exception as exc:  # a frame without a detectable face: nothing to say
            assert "no face" in str(exc)
            continue
        seen += 1
        right += match.person_id == who
    assert seen >= 16 and right == seen, (right, seen)

    changed = []
    for root in roots:
        after = _listing(root)
        for path, stamp in after.items():
            if before[str(root)].get(path) != stamp:
                changed.append(path)
    for path in changed:
        try:
            with open(path, "rb") as fh:
                head = fh.read(8)
        except OSError:
            continue
        assert not head.startswith(MEDIA_MAGIC), f"{path} holds an image or audio"
    ours = sorted(
        {p for p in changed if p.startswith((str(settings.data_dir), str(settings.key_dir)))}
    )
    assert ours == sorted(
        [str(settings.data_dir / "private" / s / "face.tpl") for s in ("ana", "bob")]
        + [str(settings.key_dir / f"{s}.key") for s in ("ana", "bob")]
    )
    assert all(_digest(p) == d for p, d in digests.items() if os.path.exists(p))


def test_a_frame_without_a_face_is_refused_and_nothing_is_kept(settings: Settings) -> None:
    from resident.errors import InvalidInput

    bio = Biometrics(settings)
    with pytest.raises(InvalidInput, match="no face"):
        bio.enrol_frame("person:ana", np.zeros((200, 200, 3), dtype=np.uint8))
    assert bio.vault.people() == []
    assert not (settings.data_dir / "private").exists()
