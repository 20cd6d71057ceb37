"""Turn latency at 1M claims (issue 21): a statement, a question and "Thanks!", side by side in
one run, through the real turn function (`resident.language.converse`, what the daemon's mind
lane calls) on a booted resident with the trained spaCy pipeline and no language model, pinned
to one core (`taskset -c 0` when it is there).

`python -m benchmarks turn-latency [--claims N] [--turns N] [--graph-cache DIR] [--profile]`
builds the graph once with benchmarks.graph.build_graph into the cache folder (default
/tmp/turn21/g<claims>) and copies it for each run, so turns never change the cached graph.
It appends its section to benchmarks/RESULTS-language.md only with --write.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchmarks import graph, report

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "RESULTS-language.md"
TARGET_TURN_P99_MS = 50.0
TARGET_THANKS_P99_MS = 10.0
KINDS = ("statement", "question", "thanks")
#: Household talk the turns are made of: who, what they do, to what. Varied so that each
#: statement files new claims and each question reads claims a statement filed.
NAMES = ("Tom", "Lena", "Jonas", "Ana", "Omar", "Grace", "Felix", "Maya", "Ivan", "Rosa")
DOINGS = (
    ("loves", "love", ("hiking", "chess", "jazz", "gardening", "cooking", "swimming")),
    ("plays", "play", ("the violin", "the piano", "football", "tennis", "the drums")),
    ("visits", "visit", ("Lisbon", "Berlin", "his aunt", "the museum", "the lake")),
    ("likes", "like", ("tea", "mangoes", "cats", "old films", "poetry", "rain")),
)


def turn_text(kind: str, i: int) -> str:
    """The i-th turn of a kind: a statement, a question about something stated, or thanks."""
    name = NAMES[i % len(NAMES)]
    says, verb, things = DOINGS[(i // len(NAMES)) % len(DOINGS)]
    if kind == "statement":
        return f"{name} {says} {things[i % len(things)]}."
    if kind == "question":
        return f"What does {name} {verb}?"
    return "Thanks!"


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def summary(ms: list[float]) -> dict[str, float]:
    return {
        "n": len(ms),
        "p50_ms": round(statistics.median(ms), 2),
        "p99_ms": round(_percentile(ms, 0.99), 2),
        "max_ms": round(max(ms), 2),
    }


def cached_graph(cache: Path, claims: int) -> tuple[Path, dict[str, Any]]:
    """The graph file of `claims` claims in `cache`, built on first use."""
    info = cache / "build.json"
    path = graph.settings_for(cache).graph_path
    if not info.exists():
        if cache.exists() and any(cache.iterdir()):
            # Never clear a folder someone else may use: a half-built cache is removed by hand.
            raise SystemExit(f"{cache} holds no finished graph ({info.name} missing): remove it")
        built = graph.build_graph(str(cache), claims)
        info.write_text(json.dumps(built))
    if not path.exists():
        raise SystemExit(f"{path} is missing though {info} says it was built: remove {cache}")
    return path, json.loads(info.read_text())


def measure(data_dir: Path, turns: int, warmup: int, profile: bool) -> dict[str, Any]:
    """Boot MAX on `data_dir` and time `turns` turns of each kind, interleaved."""
    from resident.clock import SystemClock
    from resident.config import load_settings
    from resident.daemon.boot import boot
    from resident.language import converse, language_for
    from resident.language.pipeline import resolve_pipeline_name
    from resident.memory.duck_store import DuckStore

    settings = load_settings(data_dir=data_dir, env={})
    if settings.language_model.base_url:
        raise SystemExit("a language model is configured; this benchmark runs without one")
    store = DuckStore.open(settings)
    clock = SystemClock()
    resident = boot(settings, store, clock, probes={})
    language_for(resident).warm()

    def say(text: str, person: str | None) -> Any:
        return converse(resident, text, person, clock.now(), resident.session.new_correlation_id())

    person = say("Hi, I'm Bench.", None).person_id
    timed: dict[str, list[float]] = {k: [] for k in KINDS}
    intents: dict[str, set[str]] = {k: set() for k in KINDS}
    profiles = {k: cProfile.Profile() for k in KINDS} if profile else {}
    for i in range(warmup + turns):
        for kind in KINDS:
            text = turn_text(kind, i)
            prof = profiles.get(kind) if i >= warmup else None
            started = time.perf_counter()
            if prof is not None:
                prof.enable()
            turn = say(text, person)
            if prof is not None:
                prof.disable()
            ms = (time.perf_counter() - started) * 1000
            if i >= warmup:
                timed[kind].append(ms)
                intents[kind].add(turn.intent)
    claims = store.counts().get("claims")
    resident.shutdown(clock.now())
    store.close()
    out: dict[str, Any] = {
        "pipeline": resolve_pipeline_name(settings.language.pipeline),
        "claims_after": claims,
        "kinds": {k: {**summary(v), "intents": sorted(intents[k])} for k, v in timed.items()},
    }
    if profile:
        out["profiles"] = {k: _top(p) for k, p in profiles.items()}
    return out


def _top(prof: cProfile.Profile, lines: int = 25) -> str:
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).sort_stats("cumulative").print_stats(lines)
    return buf.getvalue()


def _pinned(argv: list[str]) -> bool:
    """Re-run this command under `taskset -c 0` unless it already is (True: it was re-run)."""
    if os.environ.get("TURN_LATENCY_PINNED") or shutil.which("taskset") is None:
        return False
    env = {**os.environ, "TURN_LATENCY_PINNED": "1"}
    cmd = ["taskset", "-c", "0", sys.executable, "-m", "benchmarks", "turn-latency", *argv]
    raise SystemExit(subprocess.run(cmd, env=env).returncode)


def render(results: dict[str, Any]) -> str:
    m = results["machine"]
    kinds = results["kinds"]

    def row(kind: str, target: float) -> str:
        k = kinds[kind]
        mark = "met" if k["p99_ms"] <= target else "missed"
        return (
            f"| {kind} | {k['n']} | {k['p50_ms']} | {k['p99_ms']} | {k['max_ms']} | "
            f"<= {target:g} ms: {mark} | {', '.join(k['intents'])} |"
        )

    lines = [
        "",
        "## Turn latency at 1M claims (issue 21)",
        "",
        f"`python -m benchmarks turn-latency --write` on {results['finished'][:16]} UTC: "
        f"{results['graph']['claims']:,} claims over {results['graph']['entities']:,} entities "
        "(benchmarks.graph.build_graph), the real turn function (`converse`, what the mind lane "
        f"calls) on a booted resident, pipeline `{results['pipeline']}`, no language model, "
        f"pinned: {results['pinned']}. Machine: {m['cpu_model']}, {m['cores']} cores shared "
        f"with other work; load average {m['load_average']} at the start and "
        f"{results['load_average_end']} at the end (not a quiet core: the targets are for one).",
        "",
        "| turn | n | p50 ms | p99 ms | max ms | target | intents |",
        "|---|---|---|---|---|---|---|",
        row("statement", TARGET_TURN_P99_MS),
        row("question", TARGET_TURN_P99_MS),
        row("thanks", TARGET_THANKS_P99_MS),
        "",
        "Each turn makes at most one durable write: a statement its graph transaction, which "
        "carries its claims, its events and the mood and drives it changes "
        "(resident/memory/turn_store.py, resident/state/journal.py); a question the event "
        "log's fsync (its retrieval bump waits for the next other write or housekeeping: "
        'resident/memory/retrievals.py); "Thanks!" none (its lines reach the OS before the '
        "reply, the disk with the log's next sync), and it is read at the tokenizer "
        "(resident/language/social.py).",
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog="python -m benchmarks turn-latency", description=__doc__)
    parser.add_argument("--claims", type=int, default=1_000_000)
    parser.add_argument("--turns", type=int, default=300, help="timed turns of each kind")
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--graph-cache", type=Path, default=None)
    parser.add_argument("--profile", action="store_true", help="cProfile each kind's turns")
    parser.add_argument("--write", action="store_true", help=f"append the section to {RESULTS}")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    _pinned(argv)
    cache = args.graph_cache or Path(f"/tmp/turn21/g{args.claims}")
    started = datetime.now(UTC)
    machine = report.machine()
    graph_file, built = cached_graph(cache, args.claims)
    with tempfile.TemporaryDirectory(prefix="turn-latency-") as tmp:
        data_dir = Path(tmp) / "data"
        data_dir.mkdir()
        target = graph.settings_for(data_dir).graph_path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(graph_file, target)
        results = measure(data_dir, args.turns, args.warmup, args.profile)
    results.update(
        machine=machine,
        graph=built,
        pinned="taskset -c 0" if os.environ.get("TURN_LATENCY_PINNED") else "no",
        started=started.isoformat(),
        finished=datetime.now(UTC).isoformat(),
        load_average_end=[round(x, 2) for x in os.getloadavg()],
    )
    profiles = results.pop("profiles", None)
    if profiles:
        for kind, text in profiles.items():
            print(f"--- cProfile, {kind} turns ---\n{text}")
    text = render(results)
    print(text)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    if args.write:
        with RESULTS.open("a", encoding="utf-8") as fh:
            fh.write(text)
    kinds = results["kinds"]
    missed = (
        kinds["statement"]["p99_ms"] > TARGET_TURN_P99_MS
        or kinds["question"]["p99_ms"] > TARGET_TURN_P99_MS
        or kinds["thanks"]["p99_ms"] > TARGET_THANKS_P99_MS
    )
    return 2 if missed else 0
