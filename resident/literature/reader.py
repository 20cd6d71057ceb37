"""Open a book or paper and hand out its pages one at a time (the IO edge of reading).

PDF and EPUB go through pymupdf (1.26.x, AGPL-3.0, compatible with MAX's GPL-3.0-or-later);
plain text is read in `text_page_chars` slices. Nothing is copied to disk and the document is
never held whole: pymupdf loads one page at a time and its object store is shrunk as we go.
A document that cannot be read is refused with a typed error before any page is distilled.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from resident.config_reading import LiteratureSettings
from resident.errors import (
    CorruptDocument,
    EmptyDocument,
    EncryptedDocument,
    UnsupportedDocument,
)
from resident.literature.archive import check_archive
from resident.literature.metadata import looks_junk

if TYPE_CHECKING:
    import pymupdf

#: Suffixes pymupdf reads as paged documents, and those read as plain text.
PAGED_SUFFIXES = frozenset({".pdf", ".epub", ".xps", ".fb2", ".mobi", ".cbz"})
TEXT_SUFFIXES = frozenset({".txt", ".text", ".md", ""})
#: Pages between two shrinks of pymupdf's object store (bounded memory on huge books).
_SHRINK_EVERY = 32
_HASH_CHUNK = 1 << 20
_YEAR = re.compile(r"(1[5-9]\d\d|20\d\d)")
_GUTENBERG_START = re.compile(r"^\*\*\* ?START OF (THE|THIS) PROJECT GUTENBERG", re.I | re.M)
_GUTENBERG_END = re.compile(r"^\*\*\* ?END OF (THE|THIS) PROJECT GUTENBERG", re.I | re.M)
_HEADER_FIELD = re.compile(r"^(Title|Author|Release [Dd]ate|Language):\s*(.+)$", re.M)


@dataclass(frozen=True)
class Page:
    """One page of text as extracted (1-based number), before cleaning. `starts` names the
    chapter that begins on this page, if one does."""

    number: int
    text: str
    starts: str | None = None


@dataclass(frozen=True)
class Chapter:
    """A top-level section: its title and the first page it starts on (1-based)."""

    title: str
    first_page: int


@dataclass(frozen=True)
class DocumentInfo:
    """What is known of a document before its pages are read."""

    path: Path
    sha256: str
    format: str
    title: str | None
    author: str | None
    year: int | None
    language: str | None
    page_count: int
    chapters: tuple[Chapter, ...]
    #: The first page's lines with their font size (0 for plain text): title and author come
    #: from here when the metadata has none.
    head_lines: tuple[tuple[str, float], ...] = ()

    @property
    def doc_id(self) -> str:
        return f"doc:{self.sha256}"


def content_hash(path: Path) -> str:
    """sha256 of the file's bytes, read in 1 MiB chunks."""
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while chunk := fh.read(_HASH_CHUNK):
            h.update(chunk)
    return h.hexdigest()


def year_of(value: str | None) -> int | None:
    """The first plausible year in a metadata string ("D:20190304..." -> 2019)."""
    if not value:
        return None
    m = _YEAR.search(value)
    return int(m.group(1)) if m else None


class OpenDocument:
    """An opened document: `info` at once, `pages()` streamed. Use as a context manager."""

    def __init__(
        self,
        path: Path,
        info: DocumentInfo,
        handle: Any,
        text_page_chars: int,
        max_page_chars: int = 100_000,
        repaired: bool = False,
    ) -> None:
        self.path = path
        self.info = info
        self._handle = handle
        self._text_page_chars = text_page_chars
        self._max_page_chars = max_page_chars
        self.repaired = repaired
        self.damaged_pages = 0
        self.cut_pages = 0

    def warnings(self) -> tuple[str, ...]:
        """What a reader of the report must know: the file was damaged, pages were lost or cut.
        Meaningful once the pages have been read."""
        found = []
        if self.repaired:
            found.append(
                f"the file is damaged: it was repaired to be opened, and {self.info.page_count} "
                "pages could be found; what was lost with the damage is not read"
            )
        if self.damaged_pages:
            found.append(
                f"{self.damaged_pages} of {self.info.page_count} pages could not be read "
                "(damaged page streams)"
            )
        if self.cut_pages:
            found.append(
                f"{self.cut_pages} pages held more than {self._max_page_chars:,} characters "
                "and were cut there"
            )
        return tuple(found)

    def __enter__(self) -> OpenDocument:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def pages(self) -> Iterator[Page]:
        if self.info.format == "text":
            yield from _text_pages(self.path, self._text_page_chars)
            return
        import pymupdf

        doc = self._handle
        assert doc is not None
        starts = {c.first_page: c.title for c in self.info.chapters}
        flags = pymupdf.TEXT_DEHYPHENATE | pymupdf.TEXT_MEDIABOX_CLIP
        for index in range(doc.page_count):
            try:
                page = doc.load_page(index)
                text = page.get_text("text", flags=flags, sort=False)
                del page
            except Exception as exc:  # a damaged page stream: MuPDF raises its own types
                _memory_is_not_damage(exc)
                # One bad page of a long book is read as a page without text (counted, like
                # a scanned page) rather than losing the book.
                self.damaged_pages += 1
                text = ""
            if len(text) > self._max_page_chars:
                self.cut_pages += 1
                text = text[: self._max_page_chars]
            yield Page(index + 1, text, starts.get(index + 1))
            if (index + 1) % _SHRINK_EVERY == 0:
                # MuPDF keeps decoded objects in a store; freeing it keeps a 1,000-page book
                # within the memory of a 100-page one.
                pymupdf.TOOLS.store_shrink(100)


def out_of_memory(exc: BaseException) -> bool:
    """Whether an error is an allocation that failed (Python's, or MuPDF's own "calloc (n x 1
    bytes) failed" / "out of memory"), not damage in the file."""
    text = str(exc).lower()
    return (
        isinstance(exc, MemoryError)
        or "memory" in type(exc).__name__.lower()
        or "alloc (" in text
        or "out of memory" in text
    )


def _memory_is_not_damage(exc: Exception) -> None:
    """A MuPDF error that is a failed allocation is the reading budget's (MemoryError): the
    document wants more than it allows, which is not damage."""
    if out_of_memory(exc):
        raise MemoryError(str(exc)) from exc


def open_document(
    path: Path, text_page_chars: int = 3000, limits: LiteratureSettings | None = None
) -> OpenDocument:
    """Open `path` for reading, or refuse it with an UnreadableDocument naming the reason. An
    archive (EPUB, CBZ) is checked against `limits` (archive bounds) before anything inflates."""
    path = Path(path)
    limits = limits or LiteratureSettings()
    if not path.is_file():
        raise UnsupportedDocument(str(path), "no such file")
    suffix = path.suffix.lower()
    if path.stat().st_size == 0:
        raise EmptyDocument(str(path), "the file is empty")
    sha = content_hash(path)
    if suffix in PAGED_SUFFIXES:
        check_archive(path, limits)
        doc = _open_paged(path, sha, suffix, text_page_chars)
        doc._max_page_chars = limits.max_page_chars
        return doc
    if suffix in TEXT_SUFFIXES:
        return _open_text(path, sha, text_page_chars)
    raise UnsupportedDocument(str(path), f"{suffix} files are not read (PDF, EPUB or text)")


def _open_paged(path: Path, sha: str, suffix: str, text_page_chars: int) -> OpenDocument:
    import pymupdf

    try:
        doc = pymupdf.open(str(path), filetype=suffix[1:])
    except Exception as exc:
        _memory_is_not_damage(exc)
        raise CorruptDocument(
            str(path), f"not a readable {suffix[1:].upper()} ({type(exc).__name__}: {exc})"
        ) from exc
    try:
        if doc.needs_pass:
            raise EncryptedDocument(str(path), "it is encrypted and needs a password")
        try:
            count = doc.page_count
        except Exception as exc:
            _memory_is_not_damage(exc)
            raise CorruptDocument(str(path), f"its pages cannot be counted ({exc})") from exc
        if count == 0:
            raise EmptyDocument(str(path), "it has no pages")
        meta: dict[str, Any] = doc.metadata or {}
        info = DocumentInfo(
            path=path,
            sha256=sha,
            format=suffix[1:],
            title=_clean_meta(meta.get("title")),
            author=_clean_meta(meta.get("author")),
            year=year_of(meta.get("creationDate")) or year_of(meta.get("modDate")),
            language=_language_tag(doc),
            page_count=count,
            chapters=_chapters(doc, count),
            head_lines=_head_lines(doc),
        )
    except Exception:
        doc.close()
        raise
    return OpenDocument(path, info, doc, text_page_chars, repaired=bool(doc.is_repaired))


#: Titles that name the file or the tool that made it, not the work.
_JUNK_TITLE = re.compile(
    r"^(untitled|microsoft word|document\d*$|title$|\S+\.(docx?|pdf|tex|"
    r"dvi|indd|qxd|rtf|odt|html?)$)",
    re.I,
)


def _clean_meta(value: object) -> str | None:
    if not isinstance(value, str):
        return None
    value = " ".join(value.split())
    if _JUNK_TITLE.match(value) or looks_junk(value):
        return None
    return value[:300] or None


def _head_lines(doc: pymupdf.Document) -> tuple[tuple[str, float], ...]:
    """The first page's text lines with their largest font size (a damaged page gives none)."""
    try:
        blocks = doc.load_page(0).get_text("dict")["blocks"]
    except Exception:  # MuPDF raises its own types on a damaged first page
        return ()
    out: list[tuple[str, float]] = []
    for block in blocks:
        for line in block.get("lines", ()):
            spans = line.get("spans", ())
            text = " ".join(" ".join(str(s.get("text", "")) for s in spans).split())
            if text:
                out.append((text[:300], max(float(s.get("size", 0.0)) for s in spans)))
            if len(out) >= 60:
                return tuple(out)
    return tuple(out)


def _language_tag(doc: pymupdf.Document) -> str | None:
    """The document's declared language (/Lang in a PDF catalog, dc:language in an EPUB)."""
    try:
        if doc.is_pdf:
            kind, value = doc.xref_get_key(doc.pdf_catalog(), "Lang")
            if kind == "string" and value:
                return value.split("-")[0].lower()[:8]
        else:
            value = doc.metadata.get("language") if doc.metadata else None
            if isinstance(value, str) and value:
                return value.split("-")[0].lower()[:8]
    except Exception:  # a broken catalog entry only costs the declared language
        return None
    return None


def _chapters(doc: pymupdf.Document, page_count: int) -> tuple[Chapter, ...]:
    """Top-level entries of the table of contents that point at a page, in page order."""
    try:
        toc = doc.get_toc(simple=True)
    except Exception:  # a damaged outline: read the document in fixed sections instead
        return ()
    found: list[Chapter] = []
    for entry in toc:
        level, title, page = entry[0], entry[1], entry[2]
        if level != 1 or not isinstance(page, int) or not 1 <= page <= page_count:
            continue
        title = " ".join(str(title).split())[:200] or f"page {page}"
        if found and found[-1].first_page >= page:
            continue
        found.append(Chapter(title, page))
    return tuple(found)


# -- plain text ----------------------------------------------------------------------------------


def _open_text(path: Path, sha: str, text_page_chars: int) -> OpenDocument:
    head = _read_head(path, 16_384)
    if "\x00" in head:
        raise UnsupportedDocument(str(path), "binary data, not text")
    fields = {m.group(1).lower(): m.group(2).strip() for m in _HEADER_FIELD.finditer(head)}
    start = _GUTENBERG_START.search(head)
    body_head = head[start.end() :] if start else head
    head_lines = tuple((ln.strip()[:300], 0.0) for ln in body_head.splitlines()[1:80] if ln.strip())
    title = fields.get("title")
    if title is None:
        title = next((line.strip() for line in head.splitlines() if line.strip()), None)
    # An estimate until the pages are read (the distillation counts them); chapters are found
    # as the pages stream.
    pages = max(1, -(-path.stat().st_size // text_page_chars))
    info = DocumentInfo(
        path=path,
        sha256=sha,
        format="text",
        title=_clean_meta(title),
        author=_clean_meta(fields.get("author")),
        year=year_of(fields.get("release date")),
        language=fields.get("language", "")[:2].lower() or None,
        page_count=pages,
        chapters=(),
        head_lines=head_lines[:40],
    )
    return OpenDocument(path, info, None, text_page_chars)


def _read_head(path: Path, n: int) -> str:
    with path.open("r", encoding="utf-8", errors="replace") as fh:
        return fh.read(n)


_TEXT_CHAPTER = re.compile(r"^\s*((CHAPTER|Chapter|BOOK|Book|PART|Part)\s+[\dIVXLCivxlc]+\b.*)$")


def _text_pages(path: Path, page_chars: int) -> Iterator[Page]:
    """Slices of about `page_chars` characters cut at line ends; a Project Gutenberg file's
    licence before START and after END is skipped. A chapter heading line starts a page."""
    inside = _GUTENBERG_START.search(_read_head(path, 65_536)) is None
    number = 0
    buf: list[str] = []
    size = 0
    starts: str | None = None
    with path.open("r", encoding="utf-8", errors="replace") as fh:
        # Lines are read at most a page long, so a file without line breaks stays bounded.
        for line in iter(lambda: fh.readline(page_chars), ""):
            if not inside:
                inside = _GUTENBERG_START.match(line) is not None
                continue
            if _GUTENBERG_END.match(line):
                break
            heading = _TEXT_CHAPTER.match(line) if len(line) < 120 else None
            if heading and buf and any(part.strip() for part in buf):
                number += 1
                yield Page(number, "".join(buf), starts)
                buf, size = [], 0
            if heading:
                starts = " ".join(heading.group(1).split())[:200]
            buf.append(line)
            size += len(line)
            if size >= page_chars:
                number += 1
                yield Page(number, "".join(buf), starts)
                buf, size, starts = [], 0, None
    if buf:
        number += 1
        yield Page(number, "".join(buf), starts)
