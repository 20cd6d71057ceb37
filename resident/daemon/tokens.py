"""Bearer tokens for the daemon, kept in data/tokens.json with mode 0600.

One "owner" token (the CLI), one "service" token (flows and other processes using the graph
API), and one token per person (created when someone is introduced, or by `resident token NAME`).
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import logging
import os
import secrets
import stat
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from resident.errors import InvalidInput
from resident.state.atomic import write_atomic

TOKENS_FILE = "tokens.json"
_PREFIX = "rsd_"
#: Secrets: readable and writable by their owner only.
MODE = 0o600

log = logging.getLogger("resident.daemon")

#: What identifies one version of the file on disk: a chmod changes the mode but not the
#: mtime, a replace changes the inode.
Stamp = tuple[int, int, int, int]

Role = Literal["owner", "service", "person"]


class Principal(BaseModel):
    """Who a request speaks for, from its bearer token."""

    model_config = ConfigDict(frozen=True)

    role: Role
    name: str
    person_id: str | None = None


def new_token() -> str:
    return _PREFIX + secrets.token_urlsafe(32)


def _digest(token: str) -> str:
    # Looked up by digest so that the in-memory table never compares secrets byte by byte.
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class TokenStore:
    """tokens.json, read at start and again whenever it changes on disk (another process may
    add a token, a person may revoke one). Writes are atomic and under a file lock.

    A file that goes bad while the daemon runs (invalid JSON, not an object) is logged and the
    last good tokens stay in force; a deleted file revokes every token; a mode wider than 0600
    is repaired at once (and logged). At start, a bad file is an error: nothing is served.
    """

    def __init__(self, data_dir: Path) -> None:
        self.path = data_dir / TOKENS_FILE
        self._lock_path = data_dir / (TOKENS_FILE + ".lock")
        self._mutex = threading.Lock()
        self._by_digest: dict[str, Principal] = {}
        self._stamp: Stamp | None = None
        self._raw: dict[str, Any] = {}
        #: Why the file on disk is not what is in force, or None when it is.
        self.problem: str | None = None

    @classmethod
    def ensure(cls, data_dir: Path) -> TokenStore:
        """The store for `data_dir`, creating the owner and service tokens on first run."""
        store = cls(data_dir)
        with store._file_lock():
            raw = store._read()
            changed = False
            for role in ("owner", "service"):
                if not isinstance(raw.get(role), str):
                    raw[role] = new_token()
                    changed = True
            if not isinstance(raw.get("people"), dict):
                raw["people"] = {}
                changed = True
            if changed:
                store._write(raw)
            store._load(raw)
        return store

    # reading

    def lookup(self, token: str) -> Principal | None:
        """Who `token` speaks for. The file is re-read when it changed on disk (one stat per
        call), so a token added or removed by hand or by `resident token` counts at once."""
        if self._changed_on_disk():
            with self._mutex:
                self._reload()
        return self._by_digest.get(_digest(token))

    def _reload(self) -> None:
        if not self.path.exists():
            if self._by_digest:
                log.warning("%s was deleted: every token is revoked", self.path)
            self._by_digest, self._raw, self.problem = {}, {}, None
            self._stamp = None
            return
        try:
            raw = self._read()
        except InvalidInput as exc:
            # The last good tokens stay in force; a person fixes the file, which is re-read.
            self.problem = str(exc)
            self._stamp = self._current_stamp()
            log.error("%s; the last good tokens stay in force", exc)
            return
        self.problem = None
        self._load(raw)

    def token_for(self, role: Literal["owner", "service"]) -> str:
        return str(self._raw[role])

    def person_token(self, person_id: str) -> str | None:
        entry = self._raw.get("people", {}).get(person_id)
        return None if entry is None else str(entry["token"])

    # writing

    def ensure_person(self, person_id: str, name: str) -> tuple[str, bool]:
        """The token of `person_id`, minted if there is none: (token, created)."""
        with self._mutex, self._file_lock():
            raw = self._read()
            people = raw.setdefault("people", {})
            entry = people.get(person_id)
            if entry is not None:
                self._load(raw)
                return str(entry["token"]), False
            token = new_token()
            people[person_id] = {"name": name, "token": token}
            self._write(raw)
            self._load(raw)
            return token, True

    # the file

    @contextmanager
    def _file_lock(self) -> Iterator[None]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self._lock_path, "ab") as fh:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh.fileno(), fcntl.LOCK_UN)

    def _read(self) -> dict[str, Any]:
        try:
            st = self.path.stat()
        except FileNotFoundError:
            return {}
        if stat.S_IMODE(st.st_mode) != MODE:
            # Secrets readable by others: tightened before anything is read or served.
            log.warning("%s had mode %o; repaired to %o", self.path, stat.S_IMODE(st.st_mode), MODE)
            os.chmod(self.path, MODE)
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise InvalidInput(f"{self.path} is not valid JSON ({exc}); fix or remove it") from exc
        if not isinstance(raw, dict):
            raise InvalidInput(f"{self.path} must hold a JSON object")
        return raw

    def _write(self, raw: dict[str, Any]) -> None:
        data = json.dumps(raw, indent=2, sort_keys=True) + "\n"
        write_atomic(self.path, data.encode("utf-8"), mode=0o600)

    def _load(self, raw: dict[str, Any]) -> None:
        table: dict[str, Principal] = {}
        for role in ("owner", "service"):
            if isinstance(raw.get(role), str):
                table[_digest(raw[role])] = Principal(role=role, name=role)
        for person_id, entry in (raw.get("people") or {}).items():
            if isinstance(entry, dict) and isinstance(entry.get("token"), str):
                table[_digest(entry["token"])] = Principal(
                    role="person", name=str(entry.get("name") or person_id), person_id=person_id
                )
        self._raw = raw
        self._by_digest = table
        self._stamp = self._current_stamp()

    def _current_stamp(self) -> Stamp | None:
        try:
            st = self.path.stat()
        except FileNotFoundError:
            return None
        return (st.st_ino, st.st_mtime_ns, st.st_size, st.st_mode)

    def _changed_on_disk(self) -> bool:
        return self._current_stamp() != self._stamp


def stored_token(data_dir: Path, role: Literal["owner", "service"]) -> str | None:
    """The owner or service token as tokens.json holds it, without creating anything."""
    try:
        raw = json.loads((data_dir / TOKENS_FILE).read_text(encoding="utf-8"))
    except (FileNotFoundError, json.JSONDecodeError):
        return None
    value = raw.get(role) if isinstance(raw, dict) else None
    return value if isinstance(value, str) else None
