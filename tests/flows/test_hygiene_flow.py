"""schema-self-evaluation as a real Prefect flow run over a real graph (hp.obo, its annotations
and a conversation): recommendations filed, the artifact with findings, laws and the Data Docs link;
then a broken expectation fails the run (its findings found again, not filed twice) and shows
in `resident status`."""

from __future__ import annotations

import sys
from pathlib import Path as _Path

# The fixture graph's builder lives with the benchmark that measures on it (benchmarks/ is not an
# installed package): the repository root goes on the path for it.
sys.path.insert(0, str(_Path(__file__).resolve().parents[2]))
import json
from pathlib import Path

import anyio
import pytest

from benchmarks.hygiene import build_real_graph  # noqa: E402
from resident.config import load_settings
from resident.errors import HygieneError
from resident.hygiene.run import LAST_RUN, status_line, work_dir

pytestmark = pytest.mark.slow


def _artifact(key: str) -> str:
    from prefect.client.orchestration import get_client

    async def latest() -> str:
        async with get_client() as client:
            found = await client.read_latest_artifacts()
            return str(next(a.data for a in found if a.key == key))

    return anyio.run(latest)


def test_weekly_run_files_reports_and_fails_loudly(
    flow_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from flows.hygiene import schema_self_evaluation

    s = load_settings()
    # The README's steps: ingest hpo-obo, ingest hpoa (its sweep earns FACTs), then the
    # self-evaluation, which must find every law kept.
    build_real_graph(s, sources=("hpo-obo", "hpoa"))
    first = schema_self_evaluation()
    assert first["ok"] and first["new"] > 0 and first["seen_again"] == 0
    assert first["docs"] and Path(first["docs"]).is_file()
    markdown = _artifact("schema-self-evaluation")
    assert "all laws hold" in markdown and "## Findings" in markdown
    assert "hint_class_capped" in markdown and "Data Docs: [" in markdown
    assert status_line(s).startswith("schema hygiene: ok at ")

    monkeypatch.setenv("RESIDENT_HYGIENE__MIN_DISTINCT_CONFIDENCES", "1000")
    with pytest.raises(HygieneError, match="claims.confidence"):
        schema_self_evaluation()
    last = json.loads((work_dir(s) / LAST_RUN).read_text())
    # The failing run still filed what it found: the same recommendations, found again.
    assert last["ok"] is False and last["new"] == 0 and last["seen_again"] == first["new"]
    assert status_line(s).startswith("schema hygiene: FAILED at ")
    assert "LAWS BROKEN" in _artifact("schema-self-evaluation")
