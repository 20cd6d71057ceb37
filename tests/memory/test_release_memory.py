"""A night's parent waits beside its children holding the live graph: release_memory hands back
DuckDB's cache of what the snapshot copied, and changes nothing else (the graph reads the same,
a memory limit someone set stays)."""

from __future__ import annotations

from pathlib import Path

from resident.memory.duck_store import DuckStore
from tests.memory.test_duck_store import T0, arrow_claims, arrow_entities, claims, entities

USED = "SELECT sum(memory_usage_bytes) FROM duckdb_memory()"
LIMIT = "SELECT current_setting('memory_limit')"


def _filled(store: DuckStore, tmp_path: Path) -> None:
    store.upsert_bulk(arrow_entities(entities(3000)), arrow_claims(claims(3000)), T0)
    store.snapshot(tmp_path / "snapshots" / "night.duckdb")


def test_release_memory_evicts_the_cache_and_the_graph_reads_the_same(
    store: DuckStore, tmp_path: Path
) -> None:
    _filled(store, tmp_path)
    held, checksum = store.counts(), store.checksum()
    limit = store._con.execute(LIMIT).fetchone()
    cached = store._con.execute(USED).fetchone()
    assert cached is not None and cached[0] > 0
    store.release_memory()
    after = store._con.execute(USED).fetchone()
    assert after is not None and after[0] < cached[0]
    assert store._con.execute(LIMIT).fetchone() == limit
    assert (store.counts(), store.checksum()) == (held, checksum)


def test_release_memory_keeps_a_limit_someone_set(store: DuckStore, tmp_path: Path) -> None:
    _filled(store, tmp_path)
    store._con.execute("SET memory_limit = '300MB'")
    limit = store._con.execute(LIMIT).fetchone()
    store.release_memory()
    assert store._con.execute(LIMIT).fetchone() == limit
