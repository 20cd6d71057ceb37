"""The council benchmark at its quick size, so its code cannot rot."""

from __future__ import annotations

from pathlib import Path

from benchmarks import council


def test_council_benchmark_quick(tmp_path: Path) -> None:
    out = tmp_path / "RESULTS-council.md"
    assert council.main(["--quick", "--out", str(out)]) == 0
    text = out.read_text()
    assert "| questions in the nightly run | 12 |" in text
    assert "| any key found in the graph file | False |" in text
    assert "second run, an hour later: questions / calls / time | 0 / 0 /" in text


def test_council_security_benchmark_holds(tmp_path: Path) -> None:
    """The hostile-provider report (benchmarks/RESULTS-security.md, "## The council"): every
    attack held, and another section of the file is left as it was."""
    from benchmarks import council_security

    out = tmp_path / "RESULTS-security.md"
    out.write_text("# Security\n\n## The council\n\nSTALE-SECTION\n\n## Reading\n\nkept\n")
    assert council_security.main(["--out", str(out), "--deadline", "3"]) == 0
    text = out.read_text()
    assert "**NO**" not in text and "STALE-SECTION" not in text and "## Reading\n\nkept" in text
    assert text.count("## The council") == 1
