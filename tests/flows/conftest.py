"""Flows under prefect_test_harness: one temporary Prefect server for the whole session (it takes
seconds to start), and a data directory per test that the flows find through RESIDENT_DATA_DIR."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def prefect_server() -> Iterator[None]:
    from prefect.testing.utilities import prefect_test_harness

    with prefect_test_harness(server_startup_timeout=120):
        yield


@pytest.fixture
def flow_env(prefect_server: None, data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The flows' settings: this test's data directory, quick retries."""
    for key in [k for k in os.environ if k.startswith("RESIDENT_")]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("RESIDENT_DATA_DIR", str(data_dir))
    monkeypatch.setenv("RESIDENT_FLOWS__RETRY_BACKOFF_SECONDS", "0.5")
    return data_dir
