"""The house's pieces that need no running server: environment, deployments, schedules, port."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from flows.deployments import deployments
from resident.config import load_settings
from resident.errors import ConfigError, HouseError
from resident.house.prefect import DEPLOYMENTS, prefect_env, start_server
from resident.maintenance import SnapshotReport, take_snapshot
from resident.memory.duck_store import DuckStore


def test_prefect_env_keeps_prefect_home_and_database_under_the_data_dir(data_dir: Path) -> None:
    settings = load_settings(data_dir=data_dir, env={})
    env = prefect_env(settings, Path("config/resident.toml"))
    assert env["PREFECT_HOME"] == str(data_dir / "prefect")
    assert env["PREFECT_API_DATABASE_CONNECTION_URL"].endswith(f"{data_dir}/prefect/prefect.db")
    assert env["PREFECT_API_URL"] == "http://127.0.0.1:4210/api"
    assert env["PREFECT_SERVER_API_HOST"] == "127.0.0.1"
    assert env["PREFECT_SERVER_ANALYTICS_ENABLED"] == "false" and env["DO_NOT_TRACK"] == "1"
    assert env["RESIDENT_DATA_DIR"] == str(data_dir)
    assert Path(env["RESIDENT_CONFIG"]).is_absolute()


def test_every_deployment_with_its_schedule_from_config(data_dir: Path) -> None:
    settings = load_settings(
        data_dir=data_dir,
        env={
            "RESIDENT_FLOWS__DECAY_CRON": "0 4 * * *",
            "RESIDENT_FLOWS__TIMEZONE": "Europe/Lisbon",
        },
    )
    found = {(d.flow_name, d.name): d for d in deployments(settings)}
    assert set(found) == set(DEPLOYMENTS)
    nightly = found[("decay-stale-facts", "nightly")].schedules
    assert [(s.schedule.cron, s.schedule.timezone) for s in nightly] == [  # type: ignore[union-attr]
        ("0 4 * * *", "Europe/Lisbon")
    ]
    hourly = found[("exploration-loop", "hourly")].schedules
    assert [s.schedule.cron for s in hourly] == ["17 * * * *"]  # type: ignore[union-attr]
    assert found[("ingest", "adhoc")].schedules == []
    assert found[("ingest", "adhoc")].entrypoint == "flows.ingest.ingest"


@pytest.mark.parametrize(
    ("key", "value"), [("DECAY_CRON", "61 3 * * *"), ("TIMEZONE", "Mars/Olympus_Mons")]
)
def test_bad_schedule_is_a_config_error(data_dir: Path, key: str, value: str) -> None:
    settings = load_settings(data_dir=data_dir, env={f"RESIDENT_FLOWS__{key}": value})
    with pytest.raises(ConfigError, match=f"flows.{key.lower()}"):
        deployments(settings)


def test_short_cron_refused_at_load(data_dir: Path) -> None:
    with pytest.raises(ConfigError, match="five-field cron"):
        load_settings(data_dir=data_dir, env={"RESIDENT_FLOWS__EXPLORATION_CRON": "@hourly"})


def test_server_refuses_a_taken_port(data_dir: Path) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        settings = load_settings(data_dir=data_dir, env={"RESIDENT_FLOWS__PREFECT_PORT": str(port)})
        with pytest.raises(HouseError, match=f"port {port} on 127.0.0.1 is taken"):
            start_server(settings)


def test_snapshots_keep_the_newest(store: DuckStore, data_dir: Path) -> None:
    settings = load_settings(data_dir=data_dir, env={"RESIDENT_FLOWS__SNAPSHOT_KEEP": "2"})
    folder = data_dir / "snapshots"
    folder.mkdir()
    for stamp in ("20250101T000000Z", "20250102T000000Z"):
        (folder / f"graph-{stamp}.duckdb").write_bytes(b"old")
    (folder / "notes.txt").write_text("not ours: never removed")
    from datetime import UTC, datetime

    report: SnapshotReport = take_snapshot(store, settings, datetime(2026, 1, 1, tzinfo=UTC))
    assert report.path == folder / "graph-20260101T000000Z.duckdb"
    assert [p.name for p in report.removed] == ["graph-20250101T000000Z.duckdb"]
    assert sorted(p.name for p in folder.iterdir()) == [
        "graph-20250102T000000Z.duckdb",
        "graph-20260101T000000Z.duckdb",
        "notes.txt",
    ]
