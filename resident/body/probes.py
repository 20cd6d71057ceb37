"""Health probes for each part of MAX's body: each looks at the real thing and says ok, degraded,
failed, absent (a part this machine does not have) or unconfigured (nothing to look at)."""

from __future__ import annotations

import importlib.metadata
import platform
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

import httpx
import psutil

from resident.config import Settings
from resident.memory.client import GraphStore

GB = 1024**3


class Status(StrEnum):
    OK = "ok"
    DEGRADED = "degraded"
    FAILED = "failed"
    ABSENT = "absent"
    UNCONFIGURED = "unconfigured"


#: Statuses that count as trouble: a failure in the part's history, a push on safety and energy.
TROUBLE = frozenset({Status.DEGRADED, Status.FAILED})


@dataclass(frozen=True)
class Finding:
    """What one probe saw. `kind` names the failure (None unless the part is in trouble)."""

    status: Status
    detail: str
    kind: str | None = None


#: A probe looks at its part at time `now`.
Probe = Callable[[datetime], Finding]


def probe_cpu(settings: Settings) -> Finding:
    cores = psutil.cpu_count() or 1
    load = psutil.getloadavg()[0] / cores
    detail = f"{cores} cores, 1-minute load {load:.2f} per core"
    if load >= settings.body.cpu_degraded_at:
        return Finding(Status.DEGRADED, detail, "overloaded")
    return Finding(Status.OK, detail)


def probe_memory(settings: Settings) -> Finding:
    mem = psutil.virtual_memory()
    used = mem.percent / 100.0
    detail = f"{used:.0%} of {mem.total / GB:.1f} GB in use"
    if used >= settings.body.memory_degraded_at:
        return Finding(Status.DEGRADED, detail, "memory_pressure")
    return Finding(Status.OK, detail)


def probe_disk(settings: Settings) -> Finding:
    path = settings.data_dir
    try:
        free = shutil.disk_usage(path).free / GB
    except OSError as exc:
        return Finding(Status.FAILED, f"{path}: {exc.strerror}", "unreadable")
    detail = f"{free:.1f} GB free under {path}"
    if free < settings.body.disk_failed_below_gb:
        return Finding(Status.FAILED, detail, "disk_full")
    if free < settings.body.disk_degraded_below_gb:
        return Finding(Status.DEGRADED, detail, "disk_low")
    return Finding(Status.OK, detail)


def probe_gpu(settings: Settings) -> Finding:
    smi = shutil.which("nvidia-smi")
    if smi is None:
        return Finding(Status.ABSENT, "no nvidia-smi on PATH: no NVIDIA GPU to use")
    try:
        out = subprocess.run(
            [
                smi,
                "--query-gpu=name,memory.used,memory.total,temperature.gpu",
                "--format=csv,noheader,nounits",
            ],
            capture_output=True,
            text=True,
            timeout=settings.body.gpu_timeout_s,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return Finding(Status.FAILED, "nvidia-smi did not answer in time", "timeout")
    except OSError as exc:
        return Finding(Status.FAILED, f"nvidia-smi: {exc.strerror}", "driver_error")
    if out.returncode != 0:
        why = (out.stderr or out.stdout).strip().splitlines()
        return Finding(Status.FAILED, why[0] if why else f"exit {out.returncode}", "driver_error")
    gpus = []
    for line in out.stdout.strip().splitlines():
        name, used, total, temp = (x.strip() for x in line.split(","))
        gpus.append(f"{name} ({used}/{total} MiB, {temp} C)")
    if not gpus:
        return Finding(Status.ABSENT, "nvidia-smi lists no GPU")
    return Finding(Status.OK, "; ".join(gpus))


def probe_python(settings: Settings) -> Finding:
    versions, missing = [], []
    for name in settings.body.packages:
        try:
            versions.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            missing.append(name)
    detail = f"Python {platform.python_version()}; " + ", ".join(versions)
    if missing:
        return Finding(Status.FAILED, f"missing {', '.join(missing)}; {detail}", "missing_package")
    return Finding(Status.OK, detail)


def probe_graph(
    settings: Settings, graph: GraphStore, session_id: str | None, now: datetime
) -> Finding:
    path = settings.graph_path
    if not path.exists():
        return Finding(Status.FAILED, f"{path} does not exist", "missing")
    size = path.stat().st_size / GB
    try:
        # The heartbeat is a real write read back (a graph that cannot be written is not
        # healthy); a GraphStore without one is at least read.
        beat = getattr(graph, "heartbeat", None)
        if callable(beat):
            beats, _ = beat("resident", session_id, now)
            detail = f"{size:.3f} GB, heartbeat {beats} written and read back"
        else:
            counts = graph.counts()
            detail = f"{size:.3f} GB, " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
    except Exception as exc:  # any failure of the graph is the finding itself
        return Finding(Status.FAILED, f"{type(exc).__name__}: {exc}", "unreadable")
    return Finding(Status.OK, detail)


def probe_http(url: str, timeout_s: float, *, healthy_below: int = 400) -> Finding:
    """GET `url`: a status below `healthy_below` is ok, 5xx is failed, others degraded."""
    if not url:
        return Finding(Status.UNCONFIGURED, "no endpoint configured")
    try:
        response = httpx.get(url, timeout=timeout_s)
    except httpx.TimeoutException:
        return Finding(Status.FAILED, f"{url}: no answer in {timeout_s} s", "timeout")
    except httpx.HTTPError as exc:
        return Finding(Status.FAILED, f"{url}: {type(exc).__name__}", "unreachable")
    detail = f"{url}: HTTP {response.status_code}"
    if response.status_code < healthy_below:
        return Finding(Status.OK, detail)
    if response.status_code >= 500:
        return Finding(Status.FAILED, detail, "server_error")
    return Finding(Status.DEGRADED, detail, "http_error")
