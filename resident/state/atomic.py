"""One way to replace a file so that a reader sees the old bytes or the new, never a mix: a
temp file beside it (unique per writer), fsync, rename, fsync of the folder. Every writer of
state uses it (state files, daemon.json, tokens.json, born.json, the learner's checkpoint)."""

from __future__ import annotations

import contextlib
import os
import re
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO


def temp_path(path: Path) -> Path:
    """`.<name>.<pid>.<hex>.tmp` beside `path`: two writers never share a temp file, and a
    crash's leftover is recognisable (and removable) by its shape."""
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")


#: What temp_path makes (DuckStore.snapshot too), and DuckDB's write-ahead log beside one.
_TEMP = re.compile(r"^\..+\.(\d+)\.[0-9a-f]{8}\.tmp(\.wal)?$")


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # alive, someone else's
    return True


def sweep_temps(folder: Path) -> list[Path]:
    """Remove the temp files under `folder` whose writing process is gone (a killed or failed
    write); never a live writer's. Run at start, before anything writes there again."""
    if not folder.is_dir():
        return []
    removed = []
    for path in sorted(folder.rglob(".*.tmp*")):
        match = _TEMP.match(path.name)
        if match is None or not path.is_file():
            continue
        pid = int(match.group(1))
        if pid != os.getpid() and pid_alive(pid):
            continue
        path.unlink(missing_ok=True)
        removed.append(path)
    return removed


def fsync_dir(directory: Path) -> None:
    """Make a rename in `directory` durable. Not every platform lets a directory be opened;
    there the rename is as durable as the OS makes it."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def replace_with(
    path: Path,
    write: Callable[[BinaryIO], object],
    mode: int = 0o600,
    before_rename: Callable[[], object] | None = None,
    *,
    sync: bool = True,
) -> None:
    """Replace `path` with what `write(fh)` writes, atomically, the file created with `mode`.
    `before_rename` runs after the data is durable and before the rename (keeping a last good
    copy). On any failure, a full disk included, `path` is untouched and no temp file is left.

    `sync=False` skips both fsyncs: only for a file whose content something else has already
    made durable (a turn's state, carried by the event log: resident/state/journal.py). A
    reader still sees the old bytes or the new, never a mix."""
    tmp = temp_path(path)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        with os.fdopen(fd, "wb") as fh:
            write(fh)
            fh.flush()
            if sync:
                os.fsync(fh.fileno())
        os.chmod(tmp, mode)  # the umask may have narrowed it; never wider than asked
        if before_rename is not None:
            before_rename()
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    if sync:
        fsync_dir(path.parent)


def write_atomic(path: Path, data: bytes, mode: int = 0o600) -> None:
    """Replace `path` with `data`, atomically (see replace_with)."""
    replace_with(path, lambda fh: fh.write(data), mode)
