"""Hostile files, built in the test (nothing downloaded): decompression bombs as EPUBs, a
truncated PDF. Each builder streams what it writes, so building a 1 GiB bomb holds 1 MiB."""

from __future__ import annotations

import struct
import zipfile
from pathlib import Path

_HEAD = (
    '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml">'
    "<head><title>c</title></head><body>"
)
_CONTAINER = (
    '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:'
    'xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" '
    'media-type="application/oebps-package+xml"/></rootfiles></container>'
)


def _opf(chapters: int) -> str:
    items = "".join(
        f'<item id="c{i}" href="ch{i}.xhtml" media-type="application/xhtml+xml"/>'
        for i in range(chapters)
    )
    spine = "".join(f'<itemref idref="c{i}"/>' for i in range(chapters))
    return (
        '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="2.0" '
        'unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
        '<dc:title>bomb</dc:title><dc:identifier id="id">x</dc:identifier></metadata>'
        f"<manifest>{items}</manifest><spine>{spine}</spine></package>"
    )


def epub_bomb(path: Path, chapter_bytes: int, chapters: int = 1) -> Path:
    """An EPUB whose chapters each inflate to `chapter_bytes` of one repeated paragraph."""
    para = b"<p>" + b"a " * 32000 + b"</p>"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")
        z.writestr("META-INF/container.xml", _CONTAINER)
        z.writestr("OEBPS/content.opf", _opf(chapters))
        block = para * ((1 << 20) // len(para))
        for i in range(chapters):
            with z.open(f"OEBPS/ch{i}.xhtml", "w", force_zip64=True) as fh:
                fh.write(_HEAD.encode())
                written = len(_HEAD)
                while written < chapter_bytes:
                    piece = block[: chapter_bytes - written]
                    fh.write(piece)
                    written += len(piece)
    return path


def lying_bomb(path: Path, chapter_bytes: int, declared: int = 4096) -> Path:
    """epub_bomb with the chapter's declared uncompressed size rewritten to `declared` in its
    local header and the central directory: a header check alone would let it through."""
    epub_bomb(path, chapter_bytes)
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as z:
        entry = z.getinfo("OEBPS/ch0.xhtml")
    # local header: uncompressed size at offset 22 (or in the zip64 extra field)
    _patch_sizes(data, entry.header_offset, local=True, declared=declared)
    cd = data.rfind(b"PK\x01\x02" + b"", 0)
    while cd != -1:
        name_len = struct.unpack_from("<H", data, cd + 28)[0]
        if bytes(data[cd + 46 : cd + 46 + name_len]) == b"OEBPS/ch0.xhtml":
            _patch_sizes(data, cd, local=False, declared=declared)
            break
        cd = data.rfind(b"PK\x01\x02", 0, cd)
    path.write_bytes(bytes(data))
    return path


def _patch_sizes(data: bytearray, at: int, *, local: bool, declared: int) -> None:
    size_at = at + (22 if local else 24)
    name_at = at + (26 if local else 28)
    name_len, extra_len = struct.unpack_from("<HH", data, name_at)
    extra_at = at + (30 if local else 46) + name_len
    if struct.unpack_from("<I", data, size_at)[0] == 0xFFFFFFFF:
        # zip64: the real sizes sit in the extra field (uncompressed first)
        end = extra_at + extra_len
        while extra_at < end:
            tag, length = struct.unpack_from("<HH", data, extra_at)
            if tag == 1:
                struct.pack_into("<Q", data, extra_at + 4, declared)
                return
            extra_at += 4 + length
    struct.pack_into("<I", data, size_at, declared)


def dense_epub(path: Path, chapter_bytes: int, seed: int = 7) -> Path:
    """An EPUB within every archive bound (its text barely compresses) whose one chapter is
    `chapter_bytes` of short paragraphs: the worst an honest-looking file can ask of MuPDF's
    layout, which holds a whole chapter at once."""
    import random

    rng = random.Random(seed)
    words = [
        "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(2, 9)))
        for _ in range(5000)
    ]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")
        z.writestr("META-INF/container.xml", _CONTAINER)
        z.writestr("OEBPS/content.opf", _opf(1))
        with z.open("OEBPS/ch0.xhtml", "w", force_zip64=True) as fh:
            fh.write(_HEAD.encode())
            written = len(_HEAD)
            while written < chapter_bytes:
                para = ("<p>" + " ".join(rng.choices(words, k=40)) + "</p>").encode()
                fh.write(para)
                written += len(para)
            fh.write(b"</body></html>")
    return path


def pdf_string_bomb(path: Path, string_bytes: int) -> Path:
    """A one-page PDF whose content stream (Flate, ~1000:1) shows one string of `string_bytes`
    letters: MuPDF's lexer holds the whole string to show it. No xref table: MuPDF repairs it
    on open, as it would a damaged file."""
    import zlib

    head = b"BT /F1 12 Tf 72 720 Td ("
    tail = b") Tj ET"
    packer = zlib.compressobj(9)
    chunks = [packer.compress(head)]
    block = b"a" * (1 << 20)
    left = string_bytes
    while left > 0:
        chunks.append(packer.compress(block[: min(left, len(block))]))
        left -= len(block)
    chunks.append(packer.compress(tail))
    chunks.append(packer.flush())
    stream = b"".join(chunks)
    font = b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>"
    path.write_bytes(
        b"%PDF-1.4\n"
        b"1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n"
        b"2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n"
        b"3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R"
        b"/Resources<</Font<</F1 " + font + b">>>>>> endobj\n"
        b"4 0 obj <</Length "
        + str(len(stream)).encode()
        + b"/Filter/FlateDecode>>\nstream\n"
        + stream
        + b"\nendstream endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n"
    )
    return path
