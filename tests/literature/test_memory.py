"""What a reading leaves in a real DuckDB graph, and what MAX says about it afterwards."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import pytest

from resident.clock import ManualClock
from resident.config import Settings
from resident.daemon.boot import Resident, boot
from resident.errors import EncryptedDocument, ImageOnlyDocument
from resident.language import converse
from resident.language.bookshelf import ReadingKind, reading_question
from resident.literature import read_document, remember
from resident.memory.duck_store import DuckStore
from resident.records import Entity, Level
from tests.literature.books import license_text, make_pdf, shingle_hits, shingles

T0 = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture
def gpl(tmp_path: Path) -> Path:
    return make_pdf(tmp_path / "gpl.pdf", license_text())


def _strings(graph_file: Path) -> str:
    """Every value of every table of a DuckDB file, decoded (its pages may be compressed)."""
    con = duckdb.connect(str(graph_file), read_only=True)
    try:
        out = []
        for (table,) in con.execute("SELECT table_name FROM duckdb_tables()").fetchall():
            for row in con.execute(f'SELECT * FROM "{table}"').fetchall():
                out.append(" ".join(str(v) for v in row))
        return "\n".join(out)
    finally:
        con.close()


def test_reading_writes_the_document_and_rereading_changes_nothing(
    gpl: Path, settings: Settings, store: DuckStore
) -> None:
    report = read_document(store, gpl, T0, settings)
    d = report.distillation
    doc = store.get_entity(d.doc_id)
    assert doc.kind == "document" and doc.label == "GNU General Public License"
    claims = store.peek_claims(d.doc_id)
    assert claims and {c.provenance for c in claims} == {f"literature:{d.doc_id}"}
    assert all(c.level is Level.BELIEF for c in claims)  # grounded, 0.7
    by_pred = {c.predicate for c in claims}
    assert {
        "title",
        "author",
        "year",
        "page_count",
        "content_hash",
        "theme",
        "mentions",
        "has_chapter",
        "taught_word",
        "excerpt",
        "moral_care",
        "moral_purity",
    } <= by_pred
    excerpts = [c.object_literal for c in claims if c.predicate == "excerpt"]
    assert 0 < len(excerpts) <= settings.literature.max_excerpts
    assert report.new_words and len(report.new_words) <= settings.literature.max_new_words
    before = (store.counts(), store.checksum())
    again = read_document(store, gpl, datetime(2026, 2, 1, tzinfo=UTC), settings)
    # Same content hash: not distilled again, recalled from the graph.
    assert again.skipped and again.distillation.title == d.title
    assert [t.phrase for t in again.distillation.themes] == [t.phrase for t in d.themes]
    assert again.distillation.excerpts == tuple(
        e.model_copy(update={"score": 0.0}) for e in d.excerpts
    )
    assert again.claims.inserted == again.claims.updated == 0
    # Writing the same distillation again picks the same new words and changes nothing.
    rewritten = remember(store, d, datetime(2026, 2, 1, tzinfo=UTC), settings)
    assert rewritten.entities.inserted == rewritten.entities.updated == 0
    assert rewritten.claims.inserted == rewritten.claims.updated == 0
    assert [w.word for w in rewritten.new_words] == [w.word for w in report.new_words]
    assert (store.counts(), store.checksum()) == before


def test_a_new_edition_is_a_new_document(
    gpl: Path, tmp_path: Path, settings: Settings, store: DuckStore
) -> None:
    first = read_document(store, gpl, T0, settings).distillation.doc_id
    second_path = make_pdf(tmp_path / "gpl-2nd.pdf", license_text(), lines_per_page=40)
    second = read_document(store, second_path, T0, settings).distillation.doc_id
    assert first != second
    assert store.get_entity(first).label == store.get_entity(second).label


def test_subjects_link_to_entities_the_graph_already_has(
    tmp_path: Path, settings: Settings, store: DuckStore
) -> None:
    store.upsert_entities(
        [
            Entity(id="geonames:2267057", kind="place", label="Lisbon"),
            Entity(id="person:ana-silva", kind="person", label="Ana Silva"),
        ],
        T0,
    )
    story = tmp_path / "lisbon.txt"
    line = (
        "In the morning Ana Silva walked through Lisbon to the harbour, where ship {} waited "
        "for the tide and the sailors argued about fairness and loyalty."
    )
    story.write_text(
        "Title: Letters from Lisbon\n\n" + "\n\n".join(line.format(i) for i in range(40))
    )
    report = read_document(store, story, T0, settings)
    assert report.linked["Lisbon"] == "geonames:2267057"
    mentions = {c.object_entity for c in store.peek_claims(report.distillation.doc_id, "mentions")}
    assert "geonames:2267057" in mentions
    assert store.get_entity("geonames:2267057").label == "Lisbon"  # not renamed, not duplicated
    # The Ana Silva of the story is not the Ana Silva of the house.
    assert "person:ana-silva" not in mentions


def test_the_verbatim_body_never_reaches_the_graph(gpl: Path, settings: Settings) -> None:
    store = DuckStore.open(settings, create=True)
    try:
        report = read_document(store, gpl, T0, settings)
        snapshot = store.snapshot(settings.data_dir / "snapshots" / "after-reading.duckdb")
    finally:
        store.close()
    wanted = shingles(license_text())
    excerpts = " ".join(e.text for e in report.distillation.excerpts)
    for graph_file in (settings.graph_path, snapshot):
        hits = shingle_hits(_strings(graph_file), wanted)
        hits |= shingle_hits(graph_file.read_bytes().decode("utf-8", "ignore"), wanted)
        assert hits, "the excerpts themselves must be found: the search works"
        assert all(h in excerpts for h in hits), sorted(h for h in hits if h not in excerpts)[:3]


def test_bad_files_write_nothing(tmp_path: Path, settings: Settings, store: DuckStore) -> None:
    import pymupdf

    locked = tmp_path / "locked.pdf"
    doc = pymupdf.open()
    doc.new_page().insert_text((50, 50), "secret words " * 20)
    doc.save(str(locked), encryption=pymupdf.PDF_ENCRYPT_AES_256, owner_pw="o", user_pw="u")
    scan = tmp_path / "scan.pdf"
    doc = pymupdf.open()
    doc.new_page()
    doc.save(str(scan))
    before = (store.counts(), store.checksum())
    with pytest.raises(EncryptedDocument):
        read_document(store, locked, T0, settings)
    with pytest.raises(ImageOnlyDocument):
        read_document(store, scan, T0, settings)
    assert (store.counts(), store.checksum()) == before


@pytest.mark.parametrize(
    ("text", "kind", "title"),
    [
        ("What have you read?", ReadingKind.LIST, None),
        ("what books have you read", ReadingKind.LIST, None),
        ("What is Pride and Prejudice about?", ReadingKind.ABOUT, "Pride and Prejudice"),
        ("What's \u201cMoby Dick\u201d about?", ReadingKind.ABOUT, "Moby Dick"),
        ("What did the GPL teach you?", ReadingKind.TAUGHT, "the GPL"),
        ("Give me a quote from Emma.", ReadingKind.QUOTE, "Emma"),
        ("Tell me a passage from 'Walden'", ReadingKind.QUOTE, "Walden"),
    ],
)
def test_reading_questions_parse(text: str, kind: ReadingKind, title: str | None) -> None:
    q = reading_question(text)
    assert q is not None and (q.kind, q.title) == (kind, title)


def test_not_reading_questions() -> None:
    for text in ("What does aspirin treat?", "Hello", "What is the capital of France?"):
        q = reading_question(text)
        # "What is X?" is the bookshelf's only when a book names X (the conversation asks).
        assert q is None or q.kind in (ReadingKind.ABOUT, ReadingKind.SUBJECT)


class _Max:
    def __init__(self, settings: Settings) -> None:
        self.graph = DuckStore.open(settings, create=True)
        self.clock = ManualClock(T0)
        self.resident: Resident = boot(settings, self.graph, self.clock, probes={})

    def say(self, text: str) -> str:
        now = self.clock.advance(minutes=1)
        turn = converse(self.resident, text, None, now, self.resident.session.new_correlation_id())
        return turn.reply

    def close(self) -> None:
        self.resident.shutdown(self.clock.now())
        self.graph.close()


@pytest.fixture
def max_(settings: Settings) -> Iterator[_Max]:
    m = _Max(settings)
    yield m
    m.close()


def test_max_answers_about_what_he_read(gpl: Path, settings: Settings, max_: _Max) -> None:
    assert max_.say("What have you read?") == "I haven't read anything yet."
    report = read_document(max_.graph, gpl, T0, settings)
    listed = max_.say("What have you read?")
    assert "I have read 1 document: \u201cGNU General Public License\u201d" in listed
    # Grounded at 0.7; the retrieval that answers bumps it a little (never into FACT).
    assert "by Free Software Foundation, 2007" in listed and "confidence 0.7" in listed
    about = max_.say("What is the GNU General Public License about?")
    assert "is about patent license" in about and "permission" in about
    assert "source: \u201cGNU General Public License\u201d" in about and "read 2026-01-01" in about
    taught = max_.say("What did GNU General Public License teach you?")
    first_word = sorted(w.word for w in report.new_words)[0]
    assert "new words:" in taught and first_word in taught and "p. " in taught
    assert "authority" in taught  # the strongest foundation
    quotes = {max_.say("Give me a quote from the GNU General Public License") for _ in range(2)}
    assert len(quotes) == 2  # the least recently quoted comes next
    excerpts = {e.text: e.page for e in report.distillation.excerpts}
    for q in quotes:
        text = q.split("\u201d (")[0].lstrip("\u201c")
        assert text in excerpts and f"p. {excerpts[text]}" in q
    assert "haven't read anything called" in max_.say("Give me a quote from Walden")
    # "What is X about?" for something that is not a document stays an ordinary question.
    assert "haven't read" not in max_.say("What is aspirin about?")
