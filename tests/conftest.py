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
    return load_settings(data_dir=data_dir, env={})


@pytest.fixture
def store(settings: Settings) -> Iterator[DuckStore]:
    graph = DuckStore.open(settings, create=True)
    yield graph
    graph.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()
