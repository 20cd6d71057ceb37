"""The literature flow under prefect_test_harness on a real graph file: a real document read,
re-read without growth, the inbox read once per file, the fan-out on a local Dask cluster, and
no 12-word run of the body anywhere under the data directory or in a temp file it left."""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

import duckdb
import pytest
from prefect.client.orchestration import get_client
from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterKey

from flows.literature import literature
from resident.config import load_settings
from resident.errors import EncryptedDocument
from tests.literature.books import license_text, make_epub, make_pdf, shingle_hits, shingles


def _artifacts(key: str, flow_run_id: str | None = None) -> list[str]:
    with get_client(sync_client=True) as client:
        found = client.read_artifacts(
            artifact_filter=ArtifactFilter(key=ArtifactFilterKey(any_=[key]))
        )
    return [str(a.data) for a in found if flow_run_id in (None, str(a.flow_run_id))]


def _decoded(path: Path) -> str:
    """A DuckDB file's values, decoded (its pages may be compressed); '' for other files."""
    try:
        con = duckdb.connect(str(path), read_only=True)
    except duckdb.Error:
        return ""
    try:
        rows = []
        for (table,) in con.execute("SELECT table_name FROM duckdb_tables()").fetchall():
            found = con.execute(f'SELECT * FROM "{table}"').fetchall()
            rows += [" ".join(map(str, r)) for r in found]
        return "\n".join(rows)
    except duckdb.Error:  # a damaged file another test made on purpose: its raw bytes still count
        return ""
    finally:
        con.close()


def _search(files: list[Path], wanted: set[str]) -> dict[Path, set[str]]:
    found: dict[Path, set[str]] = {}
    for f in files:
        try:
            raw = f.read_bytes()
        except OSError:
            continue
        text = raw.decode("utf-8", "ignore")
        if f.suffix == ".duckdb":
            text += "\n" + _decoded(f)
        hits = shingle_hits(text, wanted)
        if hits:
            found[f] = hits
    return found


def test_read_reread_and_nothing_verbatim_survives(
    flow_env: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Flows read only the inbox and literature.roots: this test's folder is one.
    monkeypatch.setenv("RESIDENT_LITERATURE__ROOTS", json.dumps([str(tmp_path)]))
    # The reading gets a temp dir of its own: the machine's shared one holds other runs' files.
    private_tmp = _private_temp_dir(tmp_path, monkeypatch)
    started = time.time()
    book = make_pdf(tmp_path / "gpl.pdf", license_text(), blank_pages=(3,))
    first = literature(path=str(book))
    assert len(first["read"]) == 1 and first["refused"] == []
    read = first["read"][0]
    assert read["claims"]["inserted"] > 50 and read["excerpts"] == 5
    again = literature(path=str(book))
    # Same content hash: recalled from the graph, not distilled again, nothing written.
    assert again["read"] == [] and again["already_read"] == [read["doc_id"]]
    assert (again["counts"], again["checksum"]) == (first["counts"], first["checksum"])
    # The artifact hangs on the run the caller started (the one the CLI prints), not a subflow.
    learned = _artifacts("literature", first["flow_run_id"])
    assert learned and "## Moral salience" in learned[-1] and "## New words" in learned[-1]
    assert "## Themes" in learned[-1] and "what the document says" in learned[-1]
    assert "Already read" not in learned[-1]
    assert _artifacts("literature", again["flow_run_id"])
    assert _artifacts("literature-progress")

    # Every file under the data directory (graph, events, logs, state), every file in the
    # reading's temp dir and every file of the harness's Prefect database written since the
    # reading began.
    settings = load_settings(data_dir=flow_env, env={})
    files = [p for p in flow_env.rglob("*") if p.is_file()]
    for root in (private_tmp, _harness_db_dir()):
        files += [
            p
            for p in root.rglob("*")
            if p.is_file() and p.stat().st_mtime >= started - 1 and not p.is_symlink()
        ]
    assert any(p.parent == _harness_db_dir() for p in files), "the Prefect database is searched"
    assert settings.graph_path in files
    wanted = shingles(license_text())
    excerpts = " ".join(" ".join(e.split()) for e in _excerpts(settings.graph_path))
    hits = _search(files, wanted)
    leaked = {f: {h for h in hs if h not in excerpts} for f, hs in hits.items()}
    assert not {f: hs for f, hs in leaked.items() if hs}
    assert hits, "the excerpts themselves are found: the search can fail"
    control = tmp_path / "control.txt"
    control.write_text(license_text())
    assert len(_search([control], wanted)[control]) > 100


def _private_temp_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temp dir for the code under test alone (tempfile's and any child process's)."""
    private = tmp_path / "tmp"
    private.mkdir()
    monkeypatch.setenv("TMPDIR", str(private))
    monkeypatch.setattr(tempfile, "tempdir", str(private))
    return private


def _harness_db_dir() -> Path:
    """The folder of the test harness's Prefect database (its runs, logs and artifacts)."""
    from prefect.settings import PREFECT_SERVER_DATABASE_CONNECTION_URL

    url = PREFECT_SERVER_DATABASE_CONNECTION_URL.value()
    return Path(url.split(":///", 1)[1]).parent


def _excerpts(graph_file: Path) -> list[str]:
    con = duckdb.connect(str(graph_file), read_only=True)
    try:
        return [
            r[0]
            for r in con.execute(
                "SELECT object_literal FROM claims WHERE predicate = 'excerpt'"
            ).fetchall()
        ]
    finally:
        con.close()


def test_a_bad_document_fails_the_run_and_writes_nothing(
    flow_env: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Flows read only the inbox and literature.roots: this test's folder is one.
    monkeypatch.setenv("RESIDENT_LITERATURE__ROOTS", json.dumps([str(tmp_path)]))
    import pymupdf

    locked = tmp_path / "locked.pdf"
    doc = pymupdf.open()
    doc.new_page().insert_text((50, 50), "a locked text")
    doc.save(str(locked), encryption=pymupdf.PDF_ENCRYPT_AES_256, owner_pw="o", user_pw="u")
    with pytest.raises(EncryptedDocument, match="locked.pdf: it is encrypted"):
        literature(path=str(locked))
    settings = load_settings(data_dir=flow_env, env={})
    if settings.graph_path.exists():
        con = duckdb.connect(str(settings.graph_path), read_only=True)
        try:
            assert con.execute("SELECT count(*) FROM claims").fetchall()[0][0] == 0
        finally:
            con.close()


def test_the_inbox_on_a_local_dask_cluster(
    flow_env: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RESIDENT_LITERATURE__TASK_RUNNER", "dask")
    inbox = flow_env / "inbox"
    inbox.mkdir()
    make_pdf(inbox / "gpl.pdf", license_text())
    make_epub(inbox / "gpl.epub", license_text())
    (inbox / "notes.txt").write_text("Title: Notes\n\n" + " ".join(license_text().split()[:900]))
    bad = inbox / "broken.pdf"
    bad.write_bytes(b"%PDF-1.7\n" + bytes(range(256)) * 8)
    first = literature()
    assert sorted(r["title"] for r in first["read"]) == [
        "GNU General Public License",
        "GNU General Public License",
        "Notes",
    ]
    assert [r["error"] for r in first["refused"]] == ["corrupt_document"]
    second = literature()
    assert second["read"] == []  # each file once, by content hash
    assert second["checksum"] == first["checksum"]
