"""The budgeted reading child: it reads documents in turn, as a fresh child would, and a document
it could not read ends it, so the next document is read by a fresh one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pymupdf
import pytest

from resident.config import Settings
from resident.errors import CorruptDocument, EncryptedDocument
from resident.literature import Distillation, distill_checked
from resident.literature.sandbox import close_children, data_limits, idle_children
from resident.places import Policy
from tests.literature.books import license_text, make_pdf


@pytest.fixture
def shelf(tmp_path: Path) -> Iterator[Path]:
    close_children()
    text = license_text()
    make_pdf(tmp_path / "gpl.pdf", text)
    (tmp_path / "preamble.txt").write_text(text[: len(text) // 5], encoding="utf-8")
    locked = pymupdf.open()
    locked.new_page().insert_text((50, 50), "secret words")
    locked.save(
        str(tmp_path / "locked.pdf"),
        encryption=pymupdf.PDF_ENCRYPT_AES_256,
        owner_pw="o",
        user_pw="u",
    )
    (tmp_path / "broken.pdf").write_bytes(b"%PDF-1.7\n" + bytes(range(256)) * 40)
    yield tmp_path
    close_children()


def _read(shelf: Path, name: str, settings: Settings) -> Distillation:
    return distill_checked(shelf / name, settings, Policy((shelf.resolve(),)))


def _same(d: Distillation) -> dict[str, object]:
    """A distillation without its timing."""
    return d.model_dump(exclude={"seconds"})


def test_one_child_reads_documents_in_turn_as_fresh_children_would(
    shelf: Path, settings: Settings
) -> None:
    first = _read(shelf, "preamble.txt", settings)
    (child,) = idle_children()
    after_another = _read(shelf, "gpl.pdf", settings)
    assert idle_children() == [child]  # the pipeline was not loaded again
    close_children()
    fresh = _read(shelf, "gpl.pdf", settings)
    assert idle_children() != [child]
    assert _same(after_another) == _same(fresh)
    assert first.title != fresh.title and fresh.title == "GNU General Public License"


@pytest.mark.parametrize(
    ("bad", "error"), [("locked.pdf", EncryptedDocument), ("broken.pdf", CorruptDocument)]
)
def test_a_refused_document_ends_its_child_and_the_next_reads_in_a_fresh_one(
    shelf: Path, settings: Settings, bad: str, error: type[Exception]
) -> None:
    before = _read(shelf, "gpl.pdf", settings)
    (child,) = idle_children()
    with pytest.raises(error, match=bad):
        _read(shelf, bad, settings)
    assert idle_children() == []
    after = _read(shelf, "gpl.pdf", settings)
    (fresh,) = idle_children()
    assert fresh != child
    assert _same(after) == _same(before)


MiB = 1 << 20


def test_the_data_limit_leaves_the_budget_room_for_the_mapped_libraries() -> None:
    # A loaded child with 75 MiB of libraries resident and a 333 MiB data segment, under the
    # default 1024 MiB: what it may allocate plus what it maps stays within the budget, and it
    # retires halfway between where it started and its limit.
    data, retire = data_limits(1024 * MiB, 75 * MiB, 333 * MiB)
    assert data + 75 * MiB < 1024 * MiB
    assert 333 * MiB < retire < data
    assert retire - 333 * MiB == pytest.approx((data - 333 * MiB) / 2, abs=1)


def test_a_budget_with_no_room_beside_the_loaded_pipeline_reads_nothing() -> None:
    # A pipeline whose data segment already fills what the budget leaves: the retirement line
    # is 0 and the child refuses every document, saying so, rather than failing mid-page.
    assert data_limits(512 * MiB, 170 * MiB, 570 * MiB)[1] == 0
    assert data_limits(100 * MiB, 170 * MiB, 10 * MiB) == (0, 0)
