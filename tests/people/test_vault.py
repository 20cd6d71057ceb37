"""The vault: templates encrypted with AES-GCM under a per-person key kept outside the data
directory; files unreadable without it; erasure shreds the key."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from resident.config import Settings
from resident.errors import NotFound, TemplateUnreadable
from resident.people.templates import Template
from resident.people.vault import MAGIC, NONCE_BYTES, Vault


def _vault(settings: Settings) -> Vault:
    return Vault(settings.data_dir / "private", settings.key_dir)


def _template(person: str = "person:ana") -> Template:
    return Template(
        person_id=person, modality="voice", model="m", samples=((0.123456789, -0.5, 0.25),)
    )


def test_a_template_is_encrypted_under_a_key_outside_the_data_dir(settings: Settings) -> None:
    vault = _vault(settings)
    path = vault.save(_template())
    key = vault.key_path("person:ana")
    assert path == settings.data_dir / "private" / "ana" / "voice.tpl"
    assert settings.data_dir not in key.parents
    for f in (path, key):
        assert stat.S_IMODE(f.stat().st_mode) == 0o600
    for d in (path.parent, key.parent):
        assert stat.S_IMODE(d.stat().st_mode) == 0o700
    blob = path.read_bytes()
    assert b"0.123456789" not in blob and b"person:ana" not in blob and b"samples" not in blob
    # With the key it opens; with any other key it does not.
    nonce, sealed = blob[len(MAGIC) : len(MAGIC) + NONCE_BYTES], blob[len(MAGIC) + NONCE_BYTES :]
    plain = AESGCM(key.read_bytes()).decrypt(nonce, sealed, b"person:ana\nvoice")
    assert b"0.123456789" in plain
    assert vault.load("person:ana", "voice") == _template()


def test_a_file_moved_to_another_person_or_tampered_does_not_open(settings: Settings) -> None:
    vault = _vault(settings)
    vault.save(_template("person:ana"))
    vault.save(_template("person:bob"))
    ana, bob = (vault.template_path(p, "voice") for p in ("person:ana", "person:bob"))
    bob.write_bytes(ana.read_bytes())
    with pytest.raises(TemplateUnreadable):
        vault.load("person:bob", "voice")
    blob = bytearray(ana.read_bytes())
    blob[-1] ^= 1
    ana.write_bytes(bytes(blob))
    with pytest.raises(TemplateUnreadable):
        vault.load("person:ana", "voice")


def test_erasure_destroys_the_key_so_every_copy_is_unreadable(
    settings: Settings, tmp_path: Path
) -> None:
    vault = _vault(settings)
    path = vault.save(_template())
    backup = tmp_path / "backup.tpl"
    backup.write_bytes(path.read_bytes())
    key = vault.key_path("person:ana").read_bytes()
    stray = path.with_name(".voice.tpl.999.tmp")  # a write cut off half way
    stray.write_bytes(b"half")
    assert vault.erase("person:ana") == ["key", "voice", "folder"]
    assert not path.exists() and not vault.key_path("person:ana").exists()
    # Nothing left on disk names her (issue 22, point 5): not even an empty folder.
    assert not path.parent.exists() and list(vault.private_root.iterdir()) == []
    # A backup copied back opens for nobody: the key is gone.
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(backup.read_bytes())
    assert vault.load("person:ana", "voice") is None
    assert vault.people() == []
    assert key  # (the test held the key; MAX keeps no other copy)
    with pytest.raises(NotFound):
        vault.erase("person:nobody")
