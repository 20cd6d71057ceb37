"""The language benchmark runs end to end on its first conversation, and its scoring is right
on hand-made cases (so the numbers in RESULTS-language.md mean what they say)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
# The benchmarks folder is not a package the tests import from (only run): load the module.
_spec = importlib.util.spec_from_file_location(
    "language_bench", REPO_ROOT / "benchmarks" / "language.py"
)
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
sys.modules["language_bench"] = bench  # dataclasses look their module up while defining
_spec.loader.exec_module(bench)
StoredClaim, junk, matches, token_f1 = bench.StoredClaim, bench.junk, bench.matches, bench.token_f1


def test_scoring() -> None:
    key = ("c", 0, 0)
    assert matches(StoredClaim("Lena", "lives_in", "Porto", key), ["lena", "live", "Porto", True])
    assert not matches(
        StoredClaim("Lena", "not_likes", "jazz", key), ["Lena", "like", "jazz", True]
    )
    assert matches(StoredClaim("Lea", "does", "running", key), ["Lea", "run", "running", True])
    assert not matches(StoredClaim("Sam", "reads", "Walden", key), ["Sam", "read", "Dune", True])
    assert junk(StoredClaim("Thanks, Sam", "appreciates", "support", key))
    assert junk(StoredClaim("Ana", "visits", "my mom", key))
    assert not junk(StoredClaim("Ana", "visits", "mom", key))
    assert token_f1("the cello", "cello") == 1.0 and token_f1("", "Porto") == 0.0


def test_language_benchmark_runs_quick(tmp_path: Path) -> None:
    out = tmp_path / "RESULTS-language.md"
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks.language", "--quick", "--out", str(out)],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
    )
    assert proc.returncode in (0, 2), proc.stdout[-3000:] + proc.stderr[-3000:]
    text = out.read_text()
    assert "claim precision" in text and "turn p50 / p99" in text
