"""Bounds on an archive (EPUB, CBZ: zip files) checked before MuPDF inflates anything.

A zip's central directory declares each entry's compressed and uncompressed size. The declared
sizes are checked first (one entry, all entries, the ratio of an entry over 1 MiB); then every
entry is inflated as a stream, in small chunks that are counted and dropped, so an entry that
inflates past what it declared (a lying header, the way a bomb hides from a header check) is
caught with no more than one chunk in memory. MuPDF sizes its buffer from the declared size, so
once these hold, what it inflates is bounded by them.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from resident.config_reading import LiteratureSettings
from resident.errors import CorruptDocument, DocumentTooLarge

_MIB = 1 << 20
_CHUNK = 1 << 16


def check_archive(path: Path, limits: LiteratureSettings) -> None:
    """Nothing when `path` is not a zip or is within the bounds; DocumentTooLarge naming the
    entry and the bound otherwise (CorruptDocument when the zip cannot be read)."""
    if not zipfile.is_zipfile(path):
        return
    try:
        with zipfile.ZipFile(path) as zf:
            entries = zf.infolist()
            _check_declared(path, entries, limits)
            for entry in entries:
                _check_inflated(path, zf, entry)
    except zipfile.BadZipFile as exc:
        raise CorruptDocument(str(path), f"a damaged archive ({exc})") from exc
    except (OSError, EOFError, NotImplementedError, RuntimeError) as exc:
        # zlib errors, an unsupported method, an encrypted entry: unreadable, not a crash
        raise CorruptDocument(str(path), f"an archive entry cannot be read ({exc})") from exc


def _check_declared(path: Path, entries: list[zipfile.ZipInfo], limits: LiteratureSettings) -> None:
    total = 0
    for entry in entries:
        size, packed = entry.file_size, max(entry.compress_size, 1)
        if size > limits.max_entry_mb * _MIB:
            raise DocumentTooLarge(
                str(path),
                f"archive entry {entry.filename[:80]!r} is {size / _MIB:,.0f} MiB uncompressed, "
                f"over literature.max_entry_mb ({limits.max_entry_mb})",
            )
        if size > _MIB and size / packed > limits.max_archive_ratio:
            raise DocumentTooLarge(
                str(path),
                f"archive entry {entry.filename[:80]!r} inflates {size / packed:,.0f} times "
                f"its size, over literature.max_archive_ratio ({limits.max_archive_ratio})",
            )
        total += size
        if total > limits.max_archive_mb * _MIB:
            raise DocumentTooLarge(
                str(path),
                f"its {len(entries)} archive entries hold over {limits.max_archive_mb} MiB "
                "uncompressed (literature.max_archive_mb)",
            )


def _check_inflated(path: Path, zf: zipfile.ZipFile, entry: zipfile.ZipInfo) -> None:
    """Inflate one entry as a stream, allowing one byte past its declared size: an entry that
    gives more lies about its size."""
    probe = zipfile.ZipInfo(entry.filename, entry.date_time)
    for attr in ("compress_type", "compress_size", "header_offset", "flag_bits", "CRC"):
        setattr(probe, attr, getattr(entry, attr))
    probe.file_size = entry.file_size + 1
    seen = 0
    # The CRC check at the end would report a lying entry as merely corrupt; the count says why.
    with zf.open(probe) as fh:
        fh._expected_crc = None  # type: ignore[attr-defined]
        while chunk := fh.read(_CHUNK):
            seen += len(chunk)
            if seen > entry.file_size:
                raise DocumentTooLarge(
                    str(path),
                    f"archive entry {entry.filename[:80]!r} inflates past the "
                    f"{entry.file_size:,} bytes it declares (a decompression bomb)",
                )
    if seen != entry.file_size:
        raise CorruptDocument(
            str(path),
            f"archive entry {entry.filename[:80]!r} holds {seen:,} bytes, "
            f"not the {entry.file_size:,} it declares",
        )
