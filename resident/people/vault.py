"""The template vault (Rule 8): each person's templates encrypted with AES-GCM under a key of
their own, kept in a key directory outside the data directory.

    <data dir>/private/<slug>/<modality>.tpl   magic, 12-byte nonce, AES-256-GCM ciphertext
    <key dir>/<slug>.key                       32 random bytes, mode 0600 (folder 0700)

The associated data binds a file to its person and modality: a file copied into another
person's folder does not open. Erasing a person destroys the key first (crypto-shredding: any
copy of the data directory, a backup included, is then unreadable) and the files after.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import stat
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from resident.errors import NotFound, TemplateUnreadable
from resident.people.templates import MODALITIES, Modality, Template

MAGIC = b"MAXTPL1\n"
NONCE_BYTES = 12
KEY_BYTES = 32
SUFFIX = ".tpl"


def _private_dir(path: Path) -> Path:
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(path, 0o700)
    return path


def _write_private(path: Path, data: bytes) -> None:
    """Atomically, created 0600 whatever the umask (temp file, fsync, rename)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        raise


def _aad(person_id: str, modality: str) -> bytes:
    return f"{person_id}\n{modality}".encode()


class Vault:
    """Encrypted templates under `private_root`, keys under `key_dir`."""

    def __init__(self, private_root: Path, key_dir: Path) -> None:
        self.private_root = private_root
        self.key_dir = key_dir

    @staticmethod
    def slug(person_id: str) -> str:
        return person_id.removeprefix("person:")

    def key_path(self, person_id: str) -> Path:
        return self.key_dir / f"{self.slug(person_id)}.key"

    def template_path(self, person_id: str, modality: Modality) -> Path:
        return self.private_root / self.slug(person_id) / f"{modality}{SUFFIX}"

    def _key(self, person_id: str, create: bool) -> bytes | None:
        path = self.key_path(person_id)
        try:
            if stat.S_IMODE(path.stat().st_mode) != 0o600:
                os.chmod(path, 0o600)
            key = path.read_bytes()
        except FileNotFoundError:
            if not create:
                return None
            _private_dir(self.key_dir)
            key = secrets.token_bytes(KEY_BYTES)
            _write_private(path, key)
        if len(key) != KEY_BYTES:
            raise TemplateUnreadable(f"{path} is not a {KEY_BYTES}-byte key")
        return key

    def save(self, template: Template) -> Path:
        key = self._key(template.person_id, create=True)
        assert key is not None
        nonce = secrets.token_bytes(NONCE_BYTES)
        sealed = AESGCM(key).encrypt(
            nonce, template.model_dump_json().encode(), _aad(template.person_id, template.modality)
        )
        path = self.template_path(template.person_id, template.modality)
        _private_dir(path.parent)
        _write_private(path, MAGIC + nonce + sealed)
        return path

    def load(self, person_id: str, modality: Modality) -> Template | None:
        """The person's template, None when there is none (or its key was destroyed)."""
        path = self.template_path(person_id, modality)
        try:
            blob = path.read_bytes()
        except FileNotFoundError:
            return None
        key = self._key(person_id, create=False)
        if key is None:
            return None  # shredded: the file left behind opens for nobody
        if not blob.startswith(MAGIC):
            raise TemplateUnreadable(f"{path} is not a MAX template file")
        nonce = blob[len(MAGIC) : len(MAGIC) + NONCE_BYTES]
        try:
            plain = AESGCM(key).decrypt(
                nonce, blob[len(MAGIC) + NONCE_BYTES :], _aad(person_id, modality)
            )
        except InvalidTag as exc:
            raise TemplateUnreadable(
                f"{path} does not open with {person_id}'s key (changed or moved)"
            ) from exc
        template = Template.model_validate_json(plain)
        if (template.person_id, template.modality) != (person_id, modality):
            raise TemplateUnreadable(f"{path} holds another person's template")
        return template

    def people(self) -> list[str]:
        """Person ids that have a key (and so may have templates)."""
        if not self.key_dir.is_dir():
            return []
        return sorted(f"person:{p.stem}" for p in self.key_dir.glob("*.key"))

    def all(self, modality: Modality) -> list[Template]:
        found = (self.load(pid, modality) for pid in self.people())
        return [t for t in found if t is not None]

    def erase(self, person_id: str) -> list[str]:
        """Destroy the person's key, then their template files, then their private folder
        (its name is theirs: nothing left on disk names them). What was removed, by name."""
        removed = []
        key = self.key_path(person_id)
        if key.exists():
            # Overwritten before unlinking: the key is what makes every copy unreadable.
            with open(key, "r+b") as fh:
                fh.write(secrets.token_bytes(KEY_BYTES))
                fh.flush()
                os.fsync(fh.fileno())
            key.unlink()
            removed.append("key")
        for modality in MODALITIES:
            path = self.template_path(person_id, modality)
            if path.exists():
                path.unlink()
                removed.append(modality)
        folder = self.private_root / self.slug(person_id)
        if folder.is_dir() and not folder.is_symlink():
            # Reserved for the templates (identity.py): a half-written temp file goes with it.
            shutil.rmtree(folder)
            removed.append("folder")
        if not removed:
            raise NotFound(f"{person_id} has no voice or face templates")
        return removed
