"""The diagnoser's body model: every part of MAX's hardware and software, its health, its
failure history and where it tends to fail; written through to body.json after every probe."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta

from pydantic import BaseModel, ConfigDict, Field

from resident.body.probes import (
    TROUBLE,
    Finding,
    Probe,
    Status,
    probe_cpu,
    probe_disk,
    probe_gpu,
    probe_graph,
    probe_http,
    probe_memory,
    probe_python,
)
from resident.config import Settings
from resident.errors import InvalidInput
from resident.memory.client import GraphStore
from resident.state.statefile import Held, Loaded, StateFile

BODY_FILE = "body.json"


class Reading(BaseModel):
    """One probe of one part."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    status: Status
    detail: str
    kind: str | None = None
    checked_at: datetime
    latency_ms: float = Field(ge=0.0)


class PartRecord(BaseModel):
    """A part's last reading and its failure history. Degraded and failed readings both count
    as failures, by kind."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    last: Reading | None = None
    probes: int = Field(default=0, ge=0)
    failures: int = Field(default=0, ge=0)
    by_kind: dict[str, int] = Field(default_factory=dict)
    last_failure_at: datetime | None = None
    last_failure_kind: str | None = None

    @property
    def troubled(self) -> bool:
        return self.last is not None and self.last.status in TROUBLE

    def after(self, reading: Reading) -> PartRecord:
        if reading.status not in TROUBLE:
            return self.model_copy(update={"last": reading, "probes": self.probes + 1})
        kind = reading.kind or "unknown"
        return self.model_copy(
            update={
                "last": reading,
                "probes": self.probes + 1,
                "failures": self.failures + 1,
                "by_kind": {**self.by_kind, kind: self.by_kind.get(kind, 0) + 1},
                "last_failure_at": reading.checked_at,
                "last_failure_kind": kind,
            }
        )


class BodyState(BaseModel):
    """Everything in body.json."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    parts: dict[str, PartRecord] = Field(default_factory=dict)


class FailureRate(BaseModel):
    """How often a part failed in one way: failures of this kind over all its probes."""

    model_config = ConfigDict(frozen=True)

    part: str
    kind: str
    failures: int
    probes: int
    rate: float


class Change(BaseModel):
    """A part that went into trouble (`troubled`) or came out of it (`recovered`) on a probe."""

    model_config = ConfigDict(frozen=True)

    part: str
    change: str
    status: Status
    kind: str | None


def body_file(settings: Settings) -> StateFile[BodyState]:
    return StateFile(settings.state_dir / BODY_FILE, BodyState, "body")


def default_probes(
    settings: Settings, graph: GraphStore, session_id: str | None
) -> dict[str, Probe]:
    """The parts of MAX's body and how to look at each."""
    body = settings.body
    model_url = settings.language_model.base_url.rstrip("/")
    probes: dict[str, Probe] = {
        "cpu": lambda now: probe_cpu(settings),
        "memory": lambda now: probe_memory(settings),
        "disk": lambda now: probe_disk(settings),
        "gpu": lambda now: probe_gpu(settings),
        "python": lambda now: probe_python(settings),
        "graph": lambda now: probe_graph(settings, graph, session_id, now),
        "prefect_api": lambda now: probe_http(
            f"http://127.0.0.1:{settings.flows.prefect_port}/api/health", body.http_timeout_s
        ),
        "language_model": lambda now: probe_http(
            f"{model_url}/models" if model_url else "", body.http_timeout_s
        ),
    }
    for name, provider in sorted(settings.council.providers.items()):
        # A provider that answers at all (even 401 without a key) is reachable; 5xx is not.
        probes[f"council:{name}"] = _reachable(provider.base_url, body.http_timeout_s)
    return probes


def _reachable(url: str, timeout_s: float) -> Probe:
    """A probe of `url` that counts any answer below 500 as reachable."""

    def probe(now: datetime) -> Finding:
        return probe_http(url, timeout_s, healthy_below=500)

    return probe


class Body(Held[BodyState]):
    """The body model. Probes run on demand (`probe`) and on a schedule (the daemon's
    housekeeping calls `Resident.check_due`, which probes the parts `due` says are due);
    each probe round is one write of body.json. With body.json unknown the history starts again
    from nothing (the boot event says so) since parts can always be looked at afresh."""

    def __init__(
        self,
        settings: Settings,
        file: StateFile[BodyState],
        loaded: Loaded[BodyState],
        probes: Mapping[str, Probe],
    ) -> None:
        super().__init__(file, loaded)
        self.settings = settings
        self.probes = dict(probes)
        # Probes may take seconds (HTTP timeouts): one round at a time, outside anyone else's lock.
        self._lock = threading.Lock()

    def _current(self) -> BodyState:
        return self.state if self.state is not None else BodyState()

    def record(self, part: str) -> PartRecord:
        return self._current().parts.get(part, PartRecord())

    def due(self, now: datetime) -> list[str]:
        """Parts not probed within the last probe_interval_s (or never)."""
        interval = timedelta(seconds=self.settings.body.probe_interval_s)
        out = []
        for part in self.probes:
            last = self.record(part).last
            if last is None or now - last.checked_at >= interval:
                out.append(part)
        return out

    def probe(self, now: datetime, parts: Iterable[str] | None = None) -> list[Change]:
        """Probe `parts` (all by default), record the readings, write body.json once, and say
        which parts went into or out of trouble."""
        names = list(self.probes) if parts is None else list(parts)
        unknown = [p for p in names if p not in self.probes]
        if unknown:
            raise InvalidInput(
                f"no body part {', '.join(unknown)}; parts: {', '.join(self.probes)}"
            )
        with self._lock:
            readings = {}
            for name in names:
                start = time.perf_counter()
                finding = self.probes[name](now)
                readings[name] = Reading(
                    status=finding.status,
                    detail=finding.detail,
                    kind=finding.kind,
                    checked_at=now,
                    latency_ms=(time.perf_counter() - start) * 1000.0,
                )
            state = self._current()
            parts_now = dict(state.parts)
            changes = []
            for name, reading in readings.items():
                before = parts_now.get(name, PartRecord())
                after = before.after(reading)
                parts_now[name] = after
                if after.troubled and not before.troubled:
                    changes.append(
                        Change(
                            part=name, change="troubled", status=reading.status, kind=reading.kind
                        )
                    )
                elif before.troubled and not after.troubled:
                    changes.append(
                        Change(part=name, change="recovered", status=reading.status, kind=None)
                    )
            self.commit(BodyState(parts=parts_now), now)
            return changes

    def failure_rates(self) -> list[FailureRate]:
        """Where the body tends to fail: failure rate by part and kind, highest first."""
        rates = [
            FailureRate(
                part=part,
                kind=kind,
                failures=n,
                probes=rec.probes,
                rate=n / rec.probes if rec.probes else 0.0,
            )
            for part, rec in self._current().parts.items()
            for kind, n in rec.by_kind.items()
        ]
        return sorted(rates, key=lambda r: (-r.rate, r.part, r.kind))

    def summary(self) -> dict[str, str]:
        """Each probed part's last status."""
        return {
            part: rec.last.status.value
            for part, rec in self._current().parts.items()
            if rec.last is not None
        }
