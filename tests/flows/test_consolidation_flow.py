"""sleep-consolidation as a real Prefect flow run over a real graph file: two nights, a trend
of two runs in the artifact, proposals at hint, and the energy drive restored."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from resident.affect.drives import drives_file
from resident.affect.models import DriveState
from resident.config import load_settings
from resident.memory.duck_store import DuckStore
from resident.records import Entity, NewClaim

pytest.importorskip("torch")


def test_two_nights_trend_and_rest(flow_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from prefect.client.orchestration import get_client

    from flows.consolidation import sleep_consolidation

    monkeypatch.setenv("RESIDENT_LEARNING__DIM", "16")
    monkeypatch.setenv("RESIDENT_LEARNING__EPOCHS_PER_NIGHT", "40")
    monkeypatch.setenv("RESIDENT_LEARNING__BATCH", "32")
    s = load_settings()
    now = datetime.now(UTC)
    # Four clusters of five: every member is near the others of its cluster (learnable), and
    # is_a its cluster's class (a declared partial order).
    ents, claims = [], []
    for c in range(4):
        ents.append(Entity(id=f"concept:k{c}", kind="concept", label=f"k{c}", aliases=[]))
        members = [f"concept:k{c}n{i}" for i in range(5)]
        for m in members:
            ents.append(Entity(id=m, kind="concept", label=m[8:], aliases=[]))
            claims.append(_edge(m, "is_a", f"concept:k{c}"))
            claims += [_edge(m, "near", o) for o in members if o != m]
    with DuckStore.open(s, create=True) as st:
        st.upsert_entities(ents, now)
        st.upsert_claims(claims, now)
    file = drives_file(s)
    first = DriveState.first(s.drives)
    tired = first.model_copy(update={"levels": {**first.levels, "energy": 0.2}})
    file.write(tired, now)

    one = sleep_consolidation()
    two = sleep_consolidation()
    assert (one["version"], two["version"]) == (1, 2)
    assert one["quiz_stable"] and two["quiz_stable"]
    assert len(two["history"]) == 2
    assert file.load().value is not None
    assert file.load().value.levels["energy"] > 0.2  # type: ignore[union-attr]

    import anyio

    async def artifact() -> str:
        async with get_client() as client:
            found = await client.read_latest_artifacts()
            return next(a.data for a in found if a.key == "sleep-consolidation")

    markdown = anyio.run(artifact)
    assert "Trend over past nights" in markdown and "Morning quiz: stable" in markdown
    assert sum(line.startswith(f"| {now.year}-") for line in markdown.splitlines()) == 2
    with DuckStore.open(s) as st:
        rows = st._cur.execute(
            "SELECT confidence, provenance FROM claims WHERE provenance LIKE 'inference:ff@%'"
        ).fetchall()
    # Proposals only above the calibrated threshold (on so small a graph there may be none).
    assert "Calibration on the held-out edges" in markdown
    assert all(c <= s.epistemic.hint_cap for c, _ in rows)


def _edge(h: str, r: str, t: str) -> NewClaim:
    return NewClaim(
        subject=h, predicate=r, object_entity=t, confidence=0.7, provenance="ingest:test@1"
    )
