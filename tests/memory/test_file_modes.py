"""The graph, its WAL and its snapshots are created 0600 in 0700 folders whatever the umask."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from resident.config import load_settings
from resident.memory.duck_store import DuckStore
from resident.records import Entity, NewClaim

NOW = datetime(2026, 3, 1, tzinfo=UTC)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def loose_umask() -> Iterator[None]:
    old = os.umask(0o002)
    yield
    os.umask(old)


def test_graph_wal_and_snapshot_are_private(tmp_path: Path, loose_umask: None) -> None:
    data = tmp_path / "fresh" / "data"
    settings = load_settings(data_dir=data, env={})
    store = DuckStore.open(settings, create=True)
    try:
        store.set_checkpoint_threshold(1024)
        store.upsert_entities([Entity(id="concept:a", kind="concept", label="A")], NOW)
        store.add_claim(
            NewClaim(
                subject="concept:a",
                predicate="is",
                object_literal="b",
                confidence=0.2,
                provenance="interaction:unknown",
            ),
            NOW,
        )
        wal = Path(f"{settings.graph_path}.wal")
        assert wal.exists() and _mode(wal) == 0o600
        snap = store.snapshot(data / "snapshots" / "graph.duckdb")
        assert _mode(snap) == 0o600 and _mode(snap.parent) == 0o700
    finally:
        store.close()
    assert _mode(settings.graph_path) == 0o600 and _mode(data) == 0o700


def test_an_existing_graph_with_loose_modes_is_tightened(tmp_path: Path, loose_umask: None) -> None:
    settings = load_settings(data_dir=tmp_path / "data", env={})
    DuckStore.open(settings, create=True).close()
    os.chmod(settings.graph_path, 0o644)
    os.chmod(settings.data_dir, 0o755)
    DuckStore.open(settings).close()
    assert _mode(settings.graph_path) == 0o600 and _mode(settings.data_dir) == 0o700
