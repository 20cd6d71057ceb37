"""Opening documents: pages stream one at a time; bad files are typed refusals."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pymupdf
import pytest

from resident.errors import (
    CorruptDocument,
    EmptyDocument,
    EncryptedDocument,
    ImageOnlyDocument,
    InvalidInput,
    UnsupportedDocument,
)
from resident.literature import distill_file
from resident.literature.reader import open_document
from resident.literature.text import PageCleaner
from tests.literature.books import license_text, make_epub, make_pdf


def test_pdf_metadata_toc_and_pages(tmp_path: Path) -> None:
    path = make_pdf(tmp_path / "gpl.pdf", license_text())
    with open_document(path) as doc:
        info = doc.info
        assert info.doc_id == "doc:" + hashlib.sha256(path.read_bytes()).hexdigest()
        assert (info.title, info.author, info.year) == (
            "GNU General Public License",
            "Free Software Foundation",
            2007,
        )
        assert info.page_count >= 10 and len(info.chapters) >= 10
        pages = doc.pages()
        first = next(pages)
        assert first.number == 1 and "Preamble" in first.text
        numbers = [first.number] + [p.number for p in pages]
    assert numbers == list(range(1, info.page_count + 1))


def test_epub_and_text_read_too(tmp_path: Path) -> None:
    epub = make_epub(tmp_path / "gpl.epub", license_text())
    with open_document(epub) as doc:
        assert doc.info.format == "epub" and doc.info.title == "GNU General Public License"
        text = " ".join(p.text for p in doc.pages())
    assert "Corresponding Source" in text
    plain = tmp_path / "book.txt"
    plain.write_text(
        "Title: A Small Book\nAuthor: Ana Silva\n\n*** START OF THE PROJECT "
        "GUTENBERG EBOOK X ***\n\nCHAPTER I\n\nIt began.\n\nCHAPTER II\n\nIt "
        "ended.\n\n*** END OF THE PROJECT GUTENBERG EBOOK X ***\nLicence text.\n"
    )
    with open_document(plain, text_page_chars=500) as doc:
        assert (doc.info.title, doc.info.author) == ("A Small Book", "Ana Silva")
        pages = list(doc.pages())
    assert [p.starts for p in pages] == ["CHAPTER I", "CHAPTER II"]
    assert "Licence" not in "".join(p.text for p in pages)
    assert "Title:" not in "".join(p.text for p in pages)


def test_running_heads_page_numbers_and_hyphenation_are_cleaned() -> None:
    cleaner = PageCleaner()
    out = []
    bodies = ["Ships sail", "Rivers run", "Birds fly", "Wolves howl", "Bells ring"]
    for n, body in enumerate(bodies, 1):
        out.append(
            cleaner.clean(
                f"THE BOOK OF THINGS\n{body} on and on, as in the exam-\n"
                f"ple of page {n} here.\n{body} again.\n{n}\n"
            )
        )
    assert "exam-" not in out[-1] and "example" in out[-1]
    assert "THE BOOK OF THINGS" in out[0]  # not yet known to repeat
    assert all("THE BOOK OF THINGS" not in o for o in out[2:])
    assert all(not o.rstrip().endswith(str(i + 1)) for i, o in enumerate(out))


def test_encrypted_pdf_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "locked.pdf"
    doc = pymupdf.open()
    doc.new_page().insert_text((50, 50), "secret words")
    doc.save(str(path), encryption=pymupdf.PDF_ENCRYPT_AES_256, owner_pw="o", user_pw="u")
    with pytest.raises(EncryptedDocument, match="locked.pdf: it is encrypted") as exc:
        open_document(path)
    assert isinstance(exc.value, InvalidInput) and "nothing was written" in str(exc.value)


def test_corrupt_empty_zero_page_and_unknown_files_are_refused(tmp_path: Path) -> None:
    corrupt = tmp_path / "broken.pdf"
    corrupt.write_bytes(b"%PDF-1.7\n" + bytes(range(256)) * 40)
    with pytest.raises(CorruptDocument, match="broken.pdf"):
        open_document(corrupt)
    empty = tmp_path / "empty.pdf"
    empty.write_bytes(b"")
    with pytest.raises(EmptyDocument, match="the file is empty"):
        open_document(empty)
    zero = tmp_path / "zero.pdf"
    zero.write_bytes(
        b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
        b"2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n"
        b"%%EOF\n"
    )
    with pytest.raises((EmptyDocument, CorruptDocument), match="zero.pdf"):
        open_document(zero)
    odd = tmp_path / "sheet.xlsx"
    odd.write_bytes(b"PK\x03\x04")
    with pytest.raises(UnsupportedDocument, match="xlsx files are not read"):
        open_document(odd)


def test_image_only_pdf_is_refused_after_reading(tmp_path: Path, settings) -> None:  # noqa: ANN001
    path = tmp_path / "scan.pdf"
    doc = pymupdf.open()
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 64, 64), False)
    pix.clear_with(200)
    for _ in range(3):
        doc.new_page().insert_image(pymupdf.Rect(50, 50, 300, 300), pixmap=pix)
    doc.save(str(path))
    with pytest.raises(ImageOnlyDocument, match="scan.pdf: none of its 3 pages has a text"):
        distill_file(path, settings)
