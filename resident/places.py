"""Where MAX may read from: the one check every path a flow is handed goes through.

A flow runs as the worker's user (often root in a container) at the request of whatever can
reach the Prefect API, so a path it is given is not trusted: it is resolved first (symlinks and
`..` followed to the file they name), then it must be a plain, readable file under one of the
allowed folders (<data dir>/inbox and `literature.roots`). Devices, FIFOs, sockets, folders and
anything under /proc, /sys or /dev are refused wherever they sit: reading them can hang, never
end, or hand out the process's own secrets. The owner's console (`resident read PATH`) reads as
its own user: any plain file that user can read (`Policy.owner()`), still never a device.

The refusal (ReadRefused) names the path and the rule; nothing of the file is read to decide.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from resident.config import Settings
from resident.errors import ReadRefused

#: Pseudo-filesystems: never documents, wherever a path or link points.
SYSTEM_TREES = (Path("/proc"), Path("/sys"), Path("/dev"))


@dataclass(frozen=True)
class Checked:
    """A path that passed: where it really is, and which file it was when checked (device and
    inode), so an opener can tell a file swapped in between check and open."""

    path: Path
    device: int
    inode: int
    size: int


@dataclass(frozen=True)
class Policy:
    """The folders a path must resolve under; `roots is None` is the owner's console (any file
    its user can read)."""

    roots: tuple[Path, ...] | None

    @classmethod
    def for_flows(cls, settings: Settings) -> Policy:
        return cls(tuple(allowed_roots(settings)))

    @classmethod
    def owner(cls) -> Policy:
        return cls(None)

    def describe(self) -> str:
        if self.roots is None:
            return "any plain file this user can read (the owner's console)"
        return "plain files under " + ", ".join(str(r) for r in self.roots)

    def check(self, path: Path | str) -> Checked:
        """The resolved file, or ReadRefused naming the path and the rule it broke."""
        given = str(path)
        try:
            real = Path(os.path.expanduser(given)).resolve(strict=True)
        except FileNotFoundError:
            raise ReadRefused(given, "exists", "no such file") from None
        except (OSError, RuntimeError) as exc:  # a symlink loop, a path too long
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            raise ReadRefused(given, "resolvable", f"cannot be resolved ({why})") from None
        if any(real == t or t in real.parents for t in SYSTEM_TREES):
            raise ReadRefused(given, "no system files", f"resolves to {real}, a system path")
        if self.roots is not None and not any(_within(real, r) for r in self.roots):
            raise ReadRefused(
                given, "allowed places", f"resolves to {real}, outside {self.describe()}"
            )
        info = real.stat()
        if not stat.S_ISREG(info.st_mode):
            raise ReadRefused(given, "plain files only", f"{real} is {_kind(info.st_mode)}")
        if not os.access(real, os.R_OK):
            raise ReadRefused(given, "readable", f"{real} is not readable by this user")
        return Checked(real, info.st_dev, info.st_ino, info.st_size)


def allowed_roots(settings: Settings) -> list[Path]:
    """<data dir>/<literature.inbox> and every `literature.roots` folder, resolved."""
    found = [settings.data_dir / settings.literature.inbox]
    found += [Path(r).expanduser() for r in settings.literature.roots]
    return _resolved(found)


def _resolved(folders: Iterable[Path]) -> list[Path]:
    return [f.resolve() for f in folders]


def _within(real: Path, root: Path) -> bool:
    return real == root or root in real.parents


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "not a plain file"


def same_file(checked: Checked, fd: int) -> bool:
    """True when an open descriptor is the file that was checked (not one swapped in since)."""
    info = os.fstat(fd)
    return stat.S_ISREG(info.st_mode) and (info.st_dev, info.st_ino) == (
        checked.device,
        checked.inode,
    )
