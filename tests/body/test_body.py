"""The body model: real probes of real parts, failure history, rates, persistence, and trouble
feeding the safety and energy drives."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from resident.body import TROUBLE, Body, Status, body_file, default_probes
from resident.body.probes import probe_gpu
from resident.clock import ManualClock
from resident.config import (
    BodySettings,
    FlowSettings,
    LanguageModelSettings,
    Settings,
)
from resident.config_council import CouncilProvider, CouncilSettings
from resident.daemon.boot import boot
from resident.errors import InvalidInput
from resident.events import read_events
from resident.memory.duck_store import DuckStore

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


class Endpoint:
    """A real HTTP server on 127.0.0.1 whose answer the test sets."""

    def __init__(self) -> None:
        self.status = 200
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.send_response(endpoint.status)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(b"{}")

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def endpoint() -> Iterator[Endpoint]:
    ep = Endpoint()
    yield ep
    ep.close()


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _with(settings: Settings, **sections: object) -> Settings:
    return settings.model_copy(update=sections)


def _body(settings: Settings, store: DuckStore) -> Body:
    file = body_file(settings)
    return Body(settings, file, file.load(), default_probes(settings, store, None))


def test_every_part_is_probed_for_real(
    settings: Settings, store: DuckStore, endpoint: Endpoint
) -> None:
    settings = _with(
        settings,
        language_model=LanguageModelSettings(base_url=endpoint.url + "/v1"),
        flows=FlowSettings(prefect_port=endpoint.port),
        council=CouncilSettings(
            providers={
                "anthropic": CouncilProvider(
                    family="anthropic",
                    wire="anthropic",
                    base_url=endpoint.url,
                    model="m",
                    api_key_env="ANTHROPIC_API_KEY",
                )
            }
        ),
    )
    body = _body(settings, store)
    assert set(body.probes) == {
        "cpu",
        "memory",
        "disk",
        "gpu",
        "python",
        "graph",
        "prefect_api",
        "language_model",
        "council:anthropic",
    }
    body.probe(T0)
    summary = body.summary()
    for part in (
        "memory",
        "disk",
        "python",
        "graph",
        "prefect_api",
        "language_model",
        "council:anthropic",
    ):
        assert summary[part] == "ok", (part, body.record(part).last)
    assert summary["gpu"] in ("ok", "absent")  # absent is not trouble
    assert summary["cpu"] in ("ok", "degraded")  # a busy machine may really be overloaded
    assert "heartbeat" in (body.record("graph").last.detail if body.record("graph").last else "")
    assert "duckdb" in str(body.record("python").last)


def test_failures_are_recorded_by_part_and_kind(
    settings: Settings, store: DuckStore, endpoint: Endpoint
) -> None:
    settings = _with(
        settings,
        language_model=LanguageModelSettings(base_url=endpoint.url),
        flows=FlowSettings(prefect_port=_closed_port()),
    )
    body = _body(settings, store)
    parts = ["language_model", "prefect_api"]
    body.probe(T0, parts)
    endpoint.status = 500
    body.probe(T0.replace(minute=5), parts)
    endpoint.status = 404
    body.probe(T0.replace(minute=10), parts)
    endpoint.status = 200
    body.probe(T0.replace(minute=15), parts)

    model = body.record("language_model")
    assert (model.probes, model.failures) == (4, 2)
    assert model.by_kind == {"server_error": 1, "http_error": 1}
    assert (model.last_failure_at, model.last_failure_kind) == (T0.replace(minute=10), "http_error")
    assert model.last is not None and model.last.status is Status.OK
    prefect = body.record("prefect_api")
    assert (prefect.probes, prefect.failures, prefect.by_kind) == (4, 4, {"unreachable": 4})
    rates = [(r.part, r.kind, r.rate) for r in body.failure_rates()]
    assert rates == [
        ("prefect_api", "unreachable", 1.0),
        ("language_model", "http_error", 0.25),
        ("language_model", "server_error", 0.25),
    ]


def test_disk_python_and_graph_fail_when_they_really_do(
    settings: Settings, store: DuckStore
) -> None:
    strict = _with(
        settings,
        body=BodySettings(
            disk_failed_below_gb=1e9,
            disk_degraded_below_gb=1e9,
            packages=("duckdb", "no-such-package-for-max"),
        ),
        graph=settings.graph.model_copy(update={"file": "missing.duckdb"}),
    )
    body = _body(strict, store)
    body.probe(T0, ["disk", "python", "graph"])
    kinds = {
        p: (body.record(p).last.status, body.record(p).last_failure_kind)  # type: ignore
        for p in ("disk", "python", "graph")
    }
    assert kinds == {
        "disk": (Status.FAILED, "disk_full"),
        "python": (Status.FAILED, "missing_package"),
        "graph": (Status.FAILED, "missing"),
    }
    low = _with(settings, body=BodySettings(disk_failed_below_gb=0, disk_degraded_below_gb=1e9))
    body2 = _body(low, store)
    body2.probe(T0, ["disk"])
    assert body2.record("disk").last_failure_kind == "disk_low"
    assert Status.DEGRADED in TROUBLE


def test_unknown_parts_are_refused(settings: Settings, store: DuckStore) -> None:
    with pytest.raises(InvalidInput, match="no body part"):
        _body(settings, store).probe(T0, ["spleen"])


def test_history_survives_a_restart_and_trouble_feeds_safety_and_energy(
    settings: Settings, store: DuckStore, endpoint: Endpoint
) -> None:
    settings = _with(settings, language_model=LanguageModelSettings(base_url=endpoint.url))
    clock = ManualClock(T0)
    probes = default_probes(settings, store, None)
    watched = {"language_model": probes["language_model"], "disk": probes["disk"]}
    resident = boot(settings, store, clock, probes=watched)
    before = resident.drives.state
    assert before is not None
    endpoint.status = 503
    changes = resident.check_body(clock.now())
    assert [(c.part, c.change) for c in changes] == [("language_model", "troubled")]
    hurt = resident.drives.state
    assert hurt is not None
    cfg = settings.drives
    assert hurt.levels["safety"] == pytest.approx(
        before.levels["safety"] + cfg.safety.satiation["body_trouble"]
    )
    assert hurt.levels["energy"] == pytest.approx(
        before.levels["energy"] + cfg.energy.satiation["body_trouble"]
    )
    # Still failing: no second blow for the same trouble.
    assert resident.check_body(clock.advance(minutes=5)) == []
    assert resident.drives.state == hurt
    endpoint.status = 200
    assert [c.change for c in resident.check_body(clock.advance(minutes=5))] == ["recovered"]
    events = list(read_events(resident.events.path))
    appraised = [
        (e.payload["appraised"], e.payload.get("part")) for e in events if e.kind == "appraisal"
    ]
    assert appraised == [("body_trouble", "language_model"), ("body_recovered", "language_model")]
    assert sum(e.kind == "body_probe" for e in events) == 3
    history = resident.body.record("language_model")
    resident.shutdown(clock.advance(minutes=1))

    again = boot(settings, store, clock, probes=watched)
    assert again.body.record("language_model") == history
    assert history.failures == 2 and history.by_kind == {"server_error": 2}


def test_only_due_parts_are_probed(settings: Settings, store: DuckStore) -> None:
    probes = default_probes(settings, store, None)
    clock = ManualClock(T0)
    resident = boot(
        settings, store, clock, probes={"disk": probes["disk"], "python": probes["python"]}
    )
    assert resident.body.due(clock.now()) == ["disk", "python"]
    resident.check_body(clock.now(), ["disk"])
    assert resident.body.due(clock.advance(seconds=10)) == ["python"]
    resident.check_due(clock.now())
    assert resident.body.due(clock.now()) == []
    clock.advance(seconds=settings.body.probe_interval_s)
    assert resident.body.due(clock.now()) == ["disk", "python"]


def _fake_smi(directory: Path, script: str) -> None:
    # No GPU on this machine: a stand-in nvidia-smi with the real tool's CSV output (captured
    # from `nvidia-smi --query-gpu=name,memory.used,memory.total,temperature.gpu
    # --format=csv,noheader,nounits`) exercises the parsing and the failure paths.
    smi = directory / "nvidia-smi"
    smi.write_text("#!/bin/sh\n" + script)
    smi.chmod(0o755)


def test_the_gpu_probe_reads_nvidia_smi(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setenv("PATH", str(bin_dir))
    assert probe_gpu(settings).status is Status.ABSENT
    _fake_smi(bin_dir, "echo 'NVIDIA H200, 1024, 143771, 34'\n")
    ok = probe_gpu(settings)
    assert (ok.status, ok.detail) == (Status.OK, "NVIDIA H200 (1024/143771 MiB, 34 C)")
    _fake_smi(
        bin_dir, "echo 'NVIDIA-SMI has failed because it could not communicate' >&2\nexit 9\n"
    )
    failed = probe_gpu(settings)
    assert (failed.status, failed.kind) == (Status.FAILED, "driver_error")
    assert "could not communicate" in failed.detail
    _fake_smi(bin_dir, "exec /bin/sleep 5\n")
    slow = probe_gpu(settings.model_copy(update={"body": BodySettings(gpu_timeout_s=0.2)}))
    assert (slow.status, slow.kind) == (Status.FAILED, "timeout")
