"""The hygiene tests' fixture graph, built once per session from real ingested data (hp.obo and
GeoNames cities from their packages, and a conversation with a booted MAX), and a snapshot of it
that tests copy before they break it."""

from __future__ import annotations

import sys
from pathlib import Path as _Path

# The fixture graph's builder lives with the benchmark that measures on it (benchmarks/ is not an
# installed package): the repository root goes on the path for it.
sys.path.insert(0, str(_Path(__file__).resolve().parents[2]))
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.hygiene import build_real_graph  # noqa: E402
from resident.config import Settings, load_settings
from resident.memory.duck_store import DuckStore


@pytest.fixture(scope="session")
def real_settings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Settings]:

    data = tmp_path_factory.mktemp("real-graph")
    settings = load_settings(data_dir=data, env={})
    build_real_graph(settings)
    yield settings


@pytest.fixture(scope="session")
def real_snapshot(real_settings: Settings) -> Path:
    with DuckStore.open(real_settings) as graph:
        return graph.snapshot(real_settings.data_dir / "snapshots" / "fixture.duckdb")


@pytest.fixture
def real_copy(real_settings: Settings, tmp_path: Path) -> Settings:
    """A writable copy of the fixture graph in this test's own data directory."""
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(real_settings.graph_path, data / real_settings.graph_path.name)
    return load_settings(data_dir=data, env={})
