"""The literature benchmark's steps and report on a generated PDF, so its code cannot rot
(the recorded run reads real manuals from Debian packages; the tests do not need them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.literature.books import ROOT, license_text, make_pdf


def test_literature_benchmark_steps_and_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(ROOT))
    from benchmarks.literature import (
        distill_step,
        first_pages,
        raw_extraction,
        render,
        reread_step,
    )

    pdf = make_pdf(tmp_path / "gpl.pdf", license_text())
    part = first_pages(pdf, 5, tmp_path / "gpl-5.pdf")
    raw = raw_extraction(str(part))
    assert raw["pages"] == 5 and raw["chars"] > 5000 and raw["pages_per_s"] > 0
    dist = distill_step(str(part), heap=True)
    assert dist["pages"] == 5 and dist["heap_peak_mib"] > 0 and dist["themes"]
    data = tmp_path / "data"
    data.mkdir()
    rr = reread_step(str(pdf), str(data))
    assert rr["first_changed"] > 0 and rr["reread_changed"] == 0
    assert rr["same_counts"] and rr["same_checksum"]
    results = {
        "started": "now",
        "quick": True,
        "speed": [{"doc": str(part), "raw": raw, "distilled": dist}],
        "raw_pages_per_s": raw["pages_per_s"],
        "distilled_pages_per_s": dist["pages_per_s"],
        "memory": {
            5: {"pages": 5, "peak_rss_mib": 400.0, "heap_peak_mib": 40.0, "pages_per_s": 9.0},
            14: {"pages": 14, "peak_rss_mib": 410.0, "heap_peak_mib": 41.0, "pages_per_s": 9.5},
        },
        "rss_ratio": 1.025,
        "heap_ratio": 1.025,
        "reread": rr,
    }
    text = render(results, {"cores": 2}, 5, 14)
    assert "| gpl-5.pdf | 5 |" in text and "RSS **1.02x**" in text and "same checksum: True" in text

    from benchmarks.literature_corpus import as_pdf
    from benchmarks.literature_library import theme_check

    # The theme check judges against the committed reference list: a theme, its head noun or
    # that noun's lemma counts ("naval officers" -> "officer").
    checked = theme_check({"persuasion": ["navy", "naval officers", "spoon", "marriage"]})
    row = checked["persuasion"]
    assert row["hits"] == ["navy", "naval officers", "marriage"] and row["precision"] == 0.75
    row.update(title="Persuasion", author="Jane Austen", subjects=["Anne (person)"])
    library = [
        {
            "workers": w,
            "documents": 3,
            "pages": 300,
            "seconds": 30.0 / w,
            "pages_per_s": 10.0 * w,
            "peak_tree_rss_mib": 900.0 * w,
        }
        for w in (1, 2)
    ]
    text = render({**results, "themes": checked, "library": library}, {"cores": 2}, 5, 14)
    assert "| persuasion | Persuasion / Jane Austen | 0.8 | **navy**" in text
    assert "Mean precision@10: **0.75**" in text and "| 2 | 3 | 300 | 15 | 20.0 | 1800 |" in text
    novel = tmp_path / "story.txt"
    novel.write_text("\n\n".join(license_text().split("\n\n")[:40]))
    laid_out = as_pdf(novel, tmp_path / "story.pdf")
    assert raw_extraction(str(laid_out))["pages"] >= 2


def test_the_names_check_scores_kinds_against_the_reference(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.syspath_prepend(str(ROOT))
    from benchmarks.literature_names import score

    found = [["Emma", "person"], ["Highbury", "organization"], ["Mr Knightley", "person"]]
    found += [["Hartfield", "place"], ["Oh", "name"]]  # "Oh" is not on the list: not counted
    row = score("emma", found)
    assert (row["matched"], row["right"], row["wrong"]) == (4, 3, ["Highbury (organization)"])
