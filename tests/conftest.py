"""Shared fixtures: a settings object on a temporary data directory, a fresh graph, a clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from resident.config import Settings, load_settings
from resident.memory.duck_store import DuckStore

T0 = datetime(2026, 1, 1, tzinfo=UTC)


class Clock:
    """An injected clock: tests move time by hand."""

    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> datetime:
        self.now += timedelta(**kwargs)
        return self.now


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    path = tmp_path / "data"
    path.mkdir()
    return path


@pytest.fixture
def settings(data_dir: Path) -> Settings:
    # The daemon abandons a turn whose reading passes conversation.read_budget_s (5 s), its guard
    # against a pathological turn. On a loaded machine a sound turn can pass 5 s, and a test of
    # what MAX understands would then fail for the machine's speed (seen at load 16). The bound
    # has its own tests (tests/language/test_bound24.py, tests/daemon/test_bound24.py), which set
    # their own budget; here it is as generous as the eval's.
    return load_settings(data_dir=data_dir, env={"RESIDENT_CONVERSATION__READ_BUDGET_S": "600"})


@pytest.fixture
def store(settings: Settings) -> Iterator[DuckStore]:
    graph = DuckStore.open(settings, create=True)
    yield graph
    graph.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()
