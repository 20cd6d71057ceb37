"""The daemon benchmarks of issue 4: turn latency without a language model on a 1M-claim graph
(p50/p99, alone and while decay_stale_facts sweeps the whole graph through the graph API),
boot-to-ready with a 1M and a 10M-claim graph (flat in graph size), and the idle daemon's memory.

Every number is measured against the real thing: `resident up` in a subprocess, spoken to over
HTTP on 127.0.0.1, on graphs built by benchmarks.graph.build_graph.
`python -m benchmarks daemon [--scale tiny|small|full]` writes benchmarks/RESULTS-daemon.md at
full scale (the default), benchmarks/work/RESULTS-daemon-<scale>.md otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import psutil

from benchmarks._runner import run_step
from benchmarks.graph import CLAIMS_PER_SUBJECT, NOW
from resident.memory.remote import RemoteGraph

HERE = Path(__file__).resolve().parent
RESIDENT = str(Path(sys.executable).with_name("resident"))

TARGET_TURN_P99_MS = 50.0
TARGET_BOOT_S = 3.0
#: "Flat in graph size": boot-to-ready on 10x the claims may take at most this much longer.
TARGET_BOOT_RATIO = 1.5
#: Seconds a daemon sits idle before its memory is read.
IDLE_SECONDS = 5.0


@dataclass(frozen=True)
class Scale:
    name: str
    turn_claims: int
    boot_claims: tuple[int, int]
    turns: int
    warmup: int
    boots: int


SCALES = {
    "tiny": Scale("tiny", 20_000, (2_000, 20_000), 200, 20, 2),
    "small": Scale("small", 100_000, (100_000, 1_000_000), 600, 50, 3),
    "full": Scale("full", 1_000_000, (1_000_000, 10_000_000), 2000, 100, 5),
}


class Daemon:
    """`resident up` on a graph directory, timed from Popen to the first healthy answer."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        env = {k: v for k, v in os.environ.items() if not k.startswith("RESIDENT_")}
        self.log = open(data_dir / "daemon.out", "ab")  # noqa: SIM115 - closed in stop()
        started = time.perf_counter()
        self.proc = subprocess.Popen(
            [RESIDENT, "up", "--data-dir", str(data_dir), "--port", "0", "--no-flows"],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        self.url, self.token = self._wait_ready(started)
        self.ready_seconds = time.perf_counter() - started

    def _wait_ready(self, started: float) -> tuple[str, str]:
        info_path = self.data_dir / "daemon.json"
        client: httpx.Client | None = None
        while time.perf_counter() - started < 300:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"resident up exited {self.proc.returncode}; see {self.data_dir / 'daemon.out'}"
                )
            if client is None:
                try:
                    info = json.loads(info_path.read_text())
                    token = json.loads((self.data_dir / "tokens.json").read_text())["owner"]
                except (FileNotFoundError, json.JSONDecodeError, KeyError):
                    time.sleep(0.002)
                    continue
                if info.get("pid") != self.proc.pid:
                    time.sleep(0.002)
                    continue
                client = httpx.Client(
                    base_url=info["url"], headers={"Authorization": f"Bearer {token}"}
                )
            try:
                if client.get("/healthz").status_code == 200:
                    client.close()
                    return str(info["url"]), str(token)
            except httpx.TransportError:
                pass
            time.sleep(0.002)
        raise RuntimeError("resident up was not ready after 300 s")

    def client(self) -> httpx.Client:
        return httpx.Client(
            base_url=self.url, timeout=120, headers={"Authorization": f"Bearer {self.token}"}
        )

    def rss_mib(self) -> float:
        return psutil.Process(self.proc.pid).memory_info().rss / 2**20

    def service_token(self) -> str:
        return str(json.loads((self.data_dir / "tokens.json").read_text())["service"])

    def stop(self) -> float:
        started = time.perf_counter()
        self.proc.send_signal(signal.SIGTERM)
        code = self.proc.wait(300)
        self.log.close()
        if code != 0:
            raise RuntimeError(f"resident up exited {code} on SIGTERM")
        return time.perf_counter() - started


def _percentile(values: list[float], q: float) -> float:
    ranked = sorted(values)
    return ranked[min(len(ranked) - 1, round(q * (len(ranked) - 1)))]


def _summary(ms: list[float]) -> dict[str, float]:
    if not ms:
        return {"n": 0, "p50_ms": float("nan"), "p99_ms": float("nan"), "max_ms": float("nan")}
    return {
        "n": len(ms),
        "p50_ms": round(statistics.median(ms), 2),
        "p99_ms": round(_percentile(ms, 0.99), 2),
        "max_ms": round(max(ms), 2),
    }


def turn_texts(i: int, entities: int, rng: random.Random) -> tuple[str, str]:
    """The i-th turn of the mix: (kind, text). Questions and statements hit the graph."""
    kind = ("greeting", "how_are_you", "facts_question", "statement", "question")[i % 5]
    if kind == "greeting":
        return kind, "Hello"
    if kind == "how_are_you":
        return kind, "How are you?"
    if kind == "facts_question":
        return kind, f"What do you know about entity {rng.randrange(entities)}?"
    if kind == "statement":
        return kind, f"Tonic {i} treats ache {i % 97}"
    return kind, f"What treats ache {rng.randrange(97)}?"


def measure_turns(
    daemon: Daemon, entities: int, turns: int, warmup: int, seed: int, keep_going: Any = None
) -> list[tuple[str, float, float, float]]:
    """Turns one after another as Bench (a person): (kind, start, round trip ms at the client,
    turn ms inside the daemon from its Server-Timing header) for each turn after the warm-up.
    With `keep_going`, turns go on while it returns True (at least `turns` of them)."""
    rng = random.Random(seed)
    timed: list[tuple[str, float, float, float]] = []
    with daemon.client() as client:
        client.post("/v1/converse", json={"text": "I'm Bench"}).raise_for_status()
        i = 0
        while i < warmup + turns or (keep_going is not None and keep_going()):
            kind, text = turn_texts(i + seed * 100_000, entities, rng)
            started = time.perf_counter()
            resp = client.post("/v1/converse", json={"text": text, "person": "Bench"})
            ms = (time.perf_counter() - started) * 1000
            resp.raise_for_status()
            if i >= warmup:
                timed.append((kind, started, ms, _server_turn_ms(resp)))
            i += 1
    return timed


def _server_turn_ms(resp: httpx.Response) -> float:
    for part in resp.headers.get("server-timing", "").split(","):
        name, _, dur = part.strip().partition(";dur=")
        if name == "turn":
            return float(dur)
    raise RuntimeError("no Server-Timing turn duration on a converse answer")


def summarize(timed: list[tuple[str, float, float, float]]) -> dict[str, Any]:
    by_kind: dict[str, list[float]] = {}
    for kind, _, ms, _ in timed:
        by_kind.setdefault(kind, []).append(ms)
    return {
        "all": _summary([t[2] for t in timed]),
        "server_turn": _summary([t[3] for t in timed]),
        "by_kind": {k: _summary(v) for k, v in sorted(by_kind.items())},
    }


def turns_during_decay(daemon: Daemon, entities: int, seed: int) -> dict[str, Any]:
    """Turns while decay_stale_facts runs over the whole graph through the graph API; only the
    turns that started while the sweep ran are counted."""
    window: dict[str, float] = {}
    decay: dict[str, Any] = {}

    def run_decay() -> None:
        with RemoteGraph(daemon.url, daemon.service_token()) as graph:
            window["start"] = time.perf_counter()
            # A year past the build's "now": most low-confidence claims are stale by then.
            counts = graph.decay_stale_facts(NOW + timedelta(days=365))
            window["end"] = time.perf_counter()
            decay.update(seconds=round(window["end"] - window["start"], 3), rows=counts.decayed)

    sweeper = threading.Thread(target=run_decay)
    sweeper.start()
    timed = measure_turns(daemon, entities, 5, 0, seed, keep_going=sweeper.is_alive)
    sweeper.join()
    during = [t for t in timed if window["start"] <= t[1] <= window["end"]]
    return {"decay": decay, "turns": summarize(during) if during else None}


def run(scale: Scale, work_dir: Path, log: Any = print) -> dict[str, Any]:
    results: dict[str, Any] = {"scale": asdict(scale)}
    work_dir.mkdir(parents=True, exist_ok=True)
    graphs: dict[int, Path] = {}
    for claims in sorted({scale.turn_claims, *scale.boot_claims}):
        graph_dir = work_dir / f"graph-{claims}"
        shutil.rmtree(graph_dir, ignore_errors=True)
        log(f"building a {claims:,}-claim graph")
        results[f"build_{claims}"] = run_step(
            "benchmarks.graph:build_graph", graph_dir=str(graph_dir), claims=claims
        )
        graphs[claims] = graph_dir

    # Boot-to-ready: a first boot on each graph (it also writes the first state files), then
    # restarts, alternating the graph that goes first.
    boots: dict[int, dict[str, Any]] = {
        c: {"first_s": 0.0, "restarts_s": [], "idle_rss_mib": [], "shutdown_s": []}
        for c in scale.boot_claims
    }
    for claims in scale.boot_claims:
        daemon = Daemon(graphs[claims])
        boots[claims]["first_s"] = round(daemon.ready_seconds, 3)
        boots[claims]["shutdown_s"].append(round(daemon.stop(), 3))
    for r in range(scale.boots):
        order = scale.boot_claims if r % 2 == 0 else tuple(reversed(scale.boot_claims))
        for claims in order:
            log(f"boot {r + 1}/{scale.boots} on {claims:,} claims")
            daemon = Daemon(graphs[claims])
            boots[claims]["restarts_s"].append(round(daemon.ready_seconds, 3))
            time.sleep(IDLE_SECONDS)
            boots[claims]["idle_rss_mib"].append(round(daemon.rss_mib(), 1))
            boots[claims]["shutdown_s"].append(round(daemon.stop(), 3))
    for b in boots.values():
        b["ready_median_s"] = round(statistics.median(b["restarts_s"]), 3)
        b["ready_min_s"] = min(b["restarts_s"])
        b["idle_rss_median_mib"] = round(statistics.median(b["idle_rss_mib"]), 1)
    small, large = scale.boot_claims
    results["boot"] = {str(k): v for k, v in boots.items()}
    results["boot_ratio"] = round(
        boots[large]["ready_median_s"] / boots[small]["ready_median_s"], 3
    )
    results["boot_ratio_min"] = round(boots[large]["ready_min_s"] / boots[small]["ready_min_s"], 3)

    # Turn latency on the turn graph.
    log(f"turns on {scale.turn_claims:,} claims")
    entities = max(1, scale.turn_claims // CLAIMS_PER_SUBJECT)
    daemon = Daemon(graphs[scale.turn_claims])
    try:
        results["turns"] = summarize(
            measure_turns(daemon, entities, scale.turns, scale.warmup, seed=1)
        )
        results["rss_after_turns_mib"] = round(daemon.rss_mib(), 1)
    finally:
        daemon.stop()
    # On the largest graph, where a sweep lasts long enough to talk through: turns alone,
    # then turns while decay_stale_facts sweeps the whole graph through the graph API.
    log(f"turns on {large:,} claims, alone and while decay sweeps the graph")
    entities = max(1, large // CLAIMS_PER_SUBJECT)
    daemon = Daemon(graphs[large])
    try:
        results["turns_large"] = summarize(
            measure_turns(daemon, entities, scale.turns // 4, scale.warmup, seed=3)
        )
        results["turns_during_decay"] = turns_during_decay(daemon, entities, seed=2)
    finally:
        daemon.stop()
    return results


def targets(results: dict[str, Any]) -> list[tuple[str, str, str, bool]]:
    """(what, target, measured, met) for each target of issue 4."""
    small, large = (str(c) for c in results["scale"]["boot_claims"])
    boot = results["boot"]
    turn_p99 = results["turns"]["all"]["p99_ms"]
    return [
        (
            f"turn latency p99, {results['scale']['turn_claims']:,} claims, no language model",
            f"< {TARGET_TURN_P99_MS:g} ms",
            f"{turn_p99} ms",
            turn_p99 < TARGET_TURN_P99_MS,
        ),
        (
            f"boot-to-ready, {int(large):,} claims",
            f"< {TARGET_BOOT_S:g} s",
            f"{boot[large]['ready_median_s']} s",
            boot[large]["ready_median_s"] < TARGET_BOOT_S,
        ),
        (
            f"boot-to-ready flat in graph size ({int(large):,} / {int(small):,} claims)",
            f"<= {TARGET_BOOT_RATIO:g}x",
            f"{results['boot_ratio']}x",
            results["boot_ratio"] <= TARGET_BOOT_RATIO,
        ),
    ]


def render(results: dict[str, Any]) -> str:
    scale = results["scale"]
    lines = [
        f"# Daemon benchmarks ({scale['name']} scale)",
        "",
        f"Run {results['started']} to {results['finished']}; load average at the end "
        f"{results['load_average_end']}; {os.cpu_count()} CPUs.",
        "",
        "| target | wanted | measured | met |",
        "|---|---|---|---|",
    ]
    lines += [f"| {w} | {t} | {m} | {'yes' if ok else 'NO'} |" for w, t, m, ok in targets(results)]
    lines += [
        "",
        f"## Turn latency ({scale['turn_claims']:,} claims, HTTP round trip, no language model)",
        "",
        "| turns | n | p50 ms | p99 ms | max ms |",
        "|---|---|---|---|---|",
    ]
    large = f"{scale['boot_claims'][1]:,}"
    during = results["turns_during_decay"]
    rows = [
        ("all", results["turns"]["all"]),
        ("the turn inside the daemon (Server-Timing)", results["turns"]["server_turn"]),
        *sorted(results["turns"]["by_kind"].items()),
        (f"all, {large} claims", results["turns_large"]["all"]),
    ]
    if during["turns"] is not None:
        rows.append((f"all, {large} claims, while decay sweeps the graph", during["turns"]["all"]))
    lines += [
        f"| {k} | {v['n']} | {v['p50_ms']} | {v['p99_ms']} | {v['max_ms']} |" for k, v in rows
    ]
    lines += [
        "",
        f"Decay through the graph API during those turns: {during['decay']['rows']:,} "
        f"rows in {during['decay']['seconds']} s.",
        "",
        "## Boot-to-ready and idle memory",
        "",
        "| claims | first boot s | restarts s (median, min) | idle RSS MiB (median) | shutdown s |",
        "|---|---|---|---|---|",
    ]
    for claims, b in results["boot"].items():
        lines.append(
            f"| {int(claims):,} | {b['first_s']} | {b['restarts_s']} "
            f"({b['ready_median_s']}, {b['ready_min_s']}) | {b['idle_rss_mib']} "
            f"({b['idle_rss_median_mib']}) | {b['shutdown_s']} |"
        )
    lines += [
        "",
        f"10x the claims over 1x: {results['boot_ratio']}x by the medians, "
        f"{results['boot_ratio_min']}x by the fastest boots (the least disturbed by "
        "other work on the machine).",
    ]
    lines += [
        "",
        f"RSS after the turn run: {results['rss_after_turns_mib']} MiB.",
        "Boot-to-ready is timed from process start (Popen) to the first healthy /healthz "
        "answer, which writes and reads the graph.",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.daemon", description=__doc__)
    parser.add_argument("--scale", default="full", choices=sorted(SCALES))
    parser.add_argument("--work-dir", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    scale = SCALES[args.scale]
    work_dir = args.work_dir or HERE / "work" / f"daemon-{scale.name}"
    out = args.out or (
        HERE / "RESULTS-daemon.md"
        if scale.name == "full"
        else HERE / "work" / f"RESULTS-daemon-{scale.name}.md"
    )
    started = datetime.now(UTC)
    try:
        results = run(scale, work_dir, log=lambda msg: print(msg, flush=True))
    finally:
        shutil.rmtree(work_dir, ignore_errors=True)
    results["started"], results["finished"] = started.isoformat(), datetime.now(UTC).isoformat()
    results["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    text = render(results)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    out.with_suffix(".json").write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(text)
    print(f"written to {out}")
    return 0 if all(ok for *_, ok in targets(results)) else 2


if __name__ == "__main__":
    raise SystemExit(main())
