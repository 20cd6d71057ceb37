"""Public-domain books for the literature benchmarks, from Debian packages already on disk.

Jane Austen's six novels ship in Debian's `r-cran-janeaustenr` as an R lazy-load database
(data/Rdata.rdb: zlib-compressed, XDR-serialised character vectors, one line per element). The
package depends on R, so it is unpacked rather than installed:

    apt-get download r-cran-janeaustenr
    dpkg-deb -x r-cran-janeaustenr_*.deb benchmarks/work/janeaustenr

`novels(work)` reads them into plain text files and lays each out as a PDF (pymupdf, 46 lines a
page, a running head and a page number), so a novel is read the way a manual is. Manuals come
from Debian doc packages (benchmarks/literature.py). Nothing is downloaded here.
"""

from __future__ import annotations

import struct
import textwrap
import zlib
from pathlib import Path
from typing import Any

RDB = Path("usr/lib/R/site-library/janeaustenr/data/Rdata.rdb")
_NIL = {254, 242, 251, 253, 252}


class _Unserialize:
    """The part of R's XDR serialisation these vectors use (strings, lists, pairlists)."""

    def __init__(self, data: bytes) -> None:
        self.b, self.i = data, 0
        self.refs: list[Any] = []

    def int(self) -> int:
        (v,) = struct.unpack(">i", self.b[self.i : self.i + 4])
        self.i += 4
        return int(v)

    def chars(self) -> str | None:
        self.int()
        n = self.int()
        if n == -1:
            return None
        v = self.b[self.i : self.i + n].decode("utf-8", "replace")
        self.i += n
        return v

    def item(self) -> Any:
        flags = self.int()
        kind, has_attr, has_tag = flags & 0xFF, flags & (1 << 9), flags & (1 << 10)
        if kind in _NIL:
            return None
        if kind == 255:  # a reference to a symbol read before
            return self.refs[(flags >> 8) - 1]
        if kind == 1:  # a symbol
            symbol = self.chars()
            self.refs.append(symbol)
            return symbol
        if kind == 2:  # a pairlist (attributes)
            if has_attr:
                self.item()
            tag = self.item() if has_tag else None
            car, cdr = self.item(), self.item()
            return [(tag, car), *(cdr or [])]
        n = self.int()
        if kind == 16:
            v: Any = [self.chars() for _ in range(n)]
        elif kind == 19:
            v = [self.item() for _ in range(n)]
        elif kind in (10, 13):
            v = struct.unpack(f">{n}i", self.b[self.i : self.i + 4 * n])
            self.i += 4 * n
        elif kind == 14:
            v = struct.unpack(f">{n}d", self.b[self.i : self.i + 8 * n])
            self.i += 8 * n
        else:
            raise ValueError(f"R type {kind} is not read here")
        if has_attr:
            self.item()
        return v


def _vectors(rdb: Path) -> list[list[str | None]]:
    blob = rdb.read_bytes()
    out: list[list[str | None]] = []
    pos = 0
    while pos < len(blob):
        z = zlib.decompressobj()
        data = z.decompress(blob[pos + 4 :])
        pos = len(blob) - len(z.unused_data)
        r = _Unserialize(data)
        r.i = 2
        version = r.int()
        r.int(), r.int()
        if version == 3:
            encoding_length = r.int()  # read before adding: r.int() moves r.i
            r.i += encoding_length
        try:
            value = r.item()
        except (ValueError, struct.error):
            continue
        if (
            isinstance(value, list)
            and len(value) > 1000
            and all(isinstance(x, str | None) for x in value)
        ):
            out.append(value)
    return out


def novel_texts(work: Path) -> list[Path]:
    """The six novels as text files under `work`, or [] when the package is not unpacked."""
    rdb = work.parent / "janeaustenr" / RDB
    if not rdb.exists():
        return []
    out = []
    for lines in _vectors(rdb):
        title = next(line for line in lines if line).strip().title()
        path = work / (title.lower().replace(" ", "-") + ".txt")
        if not path.exists():
            path.write_text("\n".join(x or "" for x in lines), encoding="utf-8")
        out.append(path)
    return sorted(out)


def as_pdf(text_file: Path, dest: Path, lines_per_page: int = 46) -> Path:
    """A PDF of a text file: 46 lines a page, a running head and a page number."""
    import pymupdf

    if dest.exists():
        return dest
    lines: list[str] = []
    for para in text_file.read_text(encoding="utf-8").split("\n\n"):
        flat = " ".join(para.split())
        lines += textwrap.wrap(flat, 88) if flat else []
        lines.append("")
    head = text_file.stem.replace("-", " ").title()
    with pymupdf.open() as doc:
        for n, start in enumerate(range(0, len(lines), lines_per_page), 1):
            page = doc.new_page()
            page.insert_text((50, 32), head, fontsize=8)
            page.insert_text((50, 60), "\n".join(lines[start : start + lines_per_page]), fontsize=9)
            page.insert_text((300, 820), str(n), fontsize=8)
        doc.set_metadata({"title": "", "author": ""})
        doc.save(str(dest))
    return dest
