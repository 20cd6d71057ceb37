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
