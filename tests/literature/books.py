"""Real documents for the reading tests, made at test time: the project's own LICENSE (the GNU
GPL v3, about 5,600 words of real legal prose) laid out as a PDF with running heads, page
numbers and a table of contents, as an EPUB and as plain text. Nothing is downloaded."""

from __future__ import annotations

import re
import textwrap
import zipfile
from pathlib import Path

import pymupdf

ROOT = Path(__file__).resolve().parents[2]
LICENSE = ROOT / "LICENSE"
_SECTION = re.compile(r"^\s*(\d{1,2})\. (.{3,70})\.$")


def license_text() -> str:
    return LICENSE.read_text(encoding="utf-8")


def paragraphs(text: str) -> list[str]:
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n", text) if p.strip()]


def make_pdf(
    path: Path,
    text: str,
    *,
    title: str = "GNU General Public License",
    author: str = "Free Software Foundation",
    lines_per_page: int = 46,
    running_head: str = "GNU GENERAL PUBLIC LICENSE \u2014 Version 3",
    blank_pages: tuple[int, ...] = (),
) -> Path:
    """A PDF of `text`: a running head and a page number on every page, one TOC entry per
    numbered section, optional blank pages (scans without a text layer) after given pages."""
    lines: list[tuple[str, str]] = []
    for para in paragraphs(text):
        m = _SECTION.match(para)
        if m:
            lines.append(("H", para))
        for line in textwrap.wrap(para, 88, break_on_hyphens=False, break_long_words=False):
            lines.append(("L", line))
        lines.append(("L", ""))
    doc = pymupdf.open()
    toc: list[list[object]] = []
    number = 0
    for start in range(0, len(lines), lines_per_page):
        page = doc.new_page()
        number += 1
        page.insert_text((50, 32), running_head, fontsize=8)
        body = []
        for kind, line in lines[start : start + lines_per_page]:
            if kind == "H":
                toc.append([1, line, number])
            else:
                body.append(line)
        page.insert_text((50, 60), "\n".join(body), fontsize=9)
        page.insert_text((300, 810), str(number), fontsize=8)
        if number in blank_pages:
            doc.new_page()
            number += 1
    doc.set_toc(toc)
    doc.set_metadata({"title": title, "author": author, "creationDate": "D:20070629000000"})
    doc.save(str(path))
    doc.close()
    return path


def make_epub(path: Path, text: str, title: str = "GNU General Public License") -> Path:
    """A minimal valid EPUB 2: one XHTML chapter per numbered section."""
    chapters: list[list[str]] = [[]]
    for para in paragraphs(text):
        if _SECTION.match(para) and chapters[-1]:
            chapters.append([])
        chapters[-1].append(para)

    def esc(s: str) -> str:
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

    with zipfile.ZipFile(path, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")
        z.writestr(
            "META-INF/container.xml",
            '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:'
            'opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/'
            'content.opf" media-type="application/oebps-package+xml"/></rootfiles>'
            "</container>",
        )
        manifest, spine = [], []
        for i, ch in enumerate(chapters):
            body = "".join(f"<p>{esc(p)}</p>" for p in ch)
            z.writestr(
                f"OEBPS/ch{i}.xhtml",
                '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/'
                f'1999/xhtml"><head><title>ch{i}</title></head><body>{body}</body></html>',
            )
            manifest.append(
                f'<item id="c{i}" href="ch{i}.xhtml" media-type="application/xhtml+xml"/>'
            )
            spine.append(f'<itemref idref="c{i}"/>')
        z.writestr(
            "OEBPS/content.opf",
            '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" '
            'version="2.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/'
            f'elements/1.1/"><dc:title>{esc(title)}</dc:title><dc:creator>Free Software '
            'Foundation</dc:creator><dc:language>en</dc:language><dc:identifier id="id">'
            f"gpl3</dc:identifier></metadata><manifest>{''.join(manifest)}</manifest>"
            f"<spine>{''.join(spine)}</spine></package>",
        )
    return path


def shingles(text: str, n: int = 12) -> set[str]:
    tokens = text.split()
    return {" ".join(tokens[i : i + n]) for i in range(len(tokens) - n + 1)}


def shingle_hits(content: str, wanted: set[str], n: int = 12) -> set[str]:
    """Which of `wanted` occur in `content` (whitespace-normalised), by sliding a window."""
    tokens = content.split()
    return {s for i in range(len(tokens) - n + 1) if (s := " ".join(tokens[i : i + n])) in wanted}
