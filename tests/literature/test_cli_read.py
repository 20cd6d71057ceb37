"""`resident read` from the command line: the same reading, a progress bar, a typed refusal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pymupdf

from tests.literature.books import license_text, make_pdf

BIN = Path(sys.executable).parent


def _read(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RESIDENT_")}
    return subprocess.run(
        [str(BIN / "resident"), "--data-dir", str(data), "read", *args],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


def test_resident_read_a_pdf_then_again(tmp_path: Path) -> None:
    pdf = make_pdf(tmp_path / "gpl.pdf", license_text())
    data = tmp_path / "data"
    first = _read(data, str(pdf))
    assert first.returncode == 0, first.stdout + first.stderr
    assert first.stdout.startswith("Read \u201cGNU General Public License\u201d by Free Software")
    assert "Themes: patent license" in first.stdout and "Excerpts:" in first.stdout
    again = _read(data, str(pdf), "--json")
    assert again.returncode == 0, again.stderr
    report = json.loads(again.stdout)
    assert report["claims"]["inserted"] == report["claims"]["updated"] == 0


def test_resident_read_refuses_an_encrypted_pdf(tmp_path: Path) -> None:
    locked = tmp_path / "locked.pdf"
    doc = pymupdf.open()
    doc.new_page().insert_text((50, 50), "a locked text")
    doc.save(str(locked), encryption=pymupdf.PDF_ENCRYPT_AES_256, owner_pw="o", user_pw="u")
    done = _read(tmp_path / "data", str(locked))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "error:" in done.stderr and "locked.pdf: it is encrypted" in done.stderr
