"""The schema self-evaluation on a real ingested graph: HPO (hp.obo), its disease annotations
(phenotype.hpoa), GeoNames cities and a conversation, then on a synthetic 10M-claim graph.

`python -m benchmarks.hygiene [--quick] [--large N]` writes benchmarks/RESULTS-hygiene.md:
seconds per step (snapshot, dbt build, each rule, Great Expectations, filing) and the findings
counts. --quick ingests hp.obo and GeoNames only and skips the large graph. `build_real_graph`
is also the fixture graph of the hygiene tests and CI gates.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from resident.config import Settings, load_settings

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "RESULTS-hygiene.md"
T0 = datetime(2026, 1, 1, tzinfo=UTC)
#: What Ana and Bob tell MAX: facts, a preference, a place, a birthday and a correction.
CONVERSATION = (
    ("Hi, I'm Ana.", "ana"),
    ("Aspirin treats headache", "ana"),
    ("Ibuprofen treats headache", "ana"),
    ("I live in Lisbon", "ana"),
    ("Ana's birthday is 3 May", "ana"),
    ("I'm Bob", "bob"),
    ("The capital of Australia is Sydney", "bob"),
    ("No, that's wrong: the capital of Australia is Canberra", "ana"),
)


def build_real_graph(
    settings: Settings,
    sources: Sequence[str] = ("hpo-obo", "hpoa", "geonames-cities15000"),
    now: datetime = T0,
) -> dict[str, float]:
    """Ingest `sources` into a new graph at settings.graph_path and hold a real conversation
    with a booted MAX (spaCy rules, no language model); seconds per step. The default is the
    README's own ingest (hp.obo, then its annotations, whose promotion sweep earns the FACTs
    dbt's law judges) and GeoNames."""
    from resident.clock import ManualClock
    from resident.daemon.boot import boot
    from resident.ingest import ingest
    from resident.language import converse
    from resident.memory.duck_store import DuckStore

    seconds: dict[str, float] = {}
    with DuckStore.open(settings, create=True) as graph:
        for source in sources:
            start = time.perf_counter()
            ingest(graph, source, now, settings)
            seconds[f"ingest {source}"] = time.perf_counter() - start
        start = time.perf_counter()
        clock = ManualClock(now)
        resident = boot(settings, graph, clock, probes={})
        people: dict[str, str | None] = {}
        for text, who in CONVERSATION:
            turn = converse(
                resident,
                text,
                people.get(who),
                clock.advance(minutes=1),
                resident.session.new_correlation_id(),
            )
            people[who] = turn.person_id or people.get(who)
        seconds["conversation"] = time.perf_counter() - start
    return seconds


def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        model = next(
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        )
        cpu = model
    except (OSError, StopIteration):
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


def _commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            cwd=HERE,
            timeout=10,
        ).stdout.strip()
    except OSError:
        return "unknown"


def large_graph(settings: Settings, claims: int, now: datetime) -> float:
    """A synthetic graph of `claims` claims over claims/10 entities, written straight into the
    file in set-based SQL (the ingest path is measured elsewhere): mostly grounded beliefs, a
    share of hint-class claims, an inverse pair half mirrored, two near-synonym predicates,
    orphans and duplicated labels, so every rule has work. Seconds to build."""
    import duckdb

    from resident.memory.schema import migrate

    migrate(settings.graph_path, now)
    start = time.perf_counter()
    entities = max(claims // 10, 100)
    ts = now.replace(tzinfo=None)
    with duckdb.connect(str(settings.graph_path)) as con:
        con.execute(
            """
            INSERT INTO entities
            SELECT 'concept:e' || i, CASE WHEN i % 50 = 0 THEN 'person' ELSE 'concept' END,
                   'entity ' || CASE WHEN i % 997 = 0 THEN i - 1 ELSE i END, [], $ts, $ts
            FROM range($n) t(i)""",
            {"n": entities, "ts": ts},
        )
        con.execute(
            """
            INSERT INTO claims (id, subject, predicate, object_entity, object_literal,
                                confidence, rung, provenance, created_at, retrieved_at)
            SELECT 'c' || i,
                   'concept:e' || (hash(i, 1) % ($e * 0.99)::BIGINT),
                   CASE WHEN i % 20 = 0 THEN 'parent_of' WHEN i % 20 = 1 THEN 'child_of'
                        WHEN i % 20 = 2 THEN 'likes' WHEN i % 20 = 3 THEN 'like'
                        ELSE 'related_to' END,
                   'concept:e' || (hash(i, 2) % ($e * 0.99)::BIGINT), NULL,
                   CASE WHEN i % 10 = 0 THEN 0.3 ELSE 0.5 + (hash(i, 3) % 34) / 100.0 END,
                   NULL,
                   CASE WHEN i % 10 = 0 THEN 'interaction:person:e' || (i % 50)
                        ELSE 'ingest:synthetic@1' END,
                   $ts, $ts
            FROM range($n) t(i)""",
            {"n": claims, "e": entities, "ts": ts},
        )
        # Mirror half the parent_of claims as child_of, and every `likes` as `like`.
        con.execute("""
            INSERT INTO claims (id, subject, predicate, object_entity, object_literal,
                                confidence, rung, provenance, created_at, retrieved_at)
            SELECT 'm' || id, object_entity, 'child_of', subject, NULL, confidence, NULL,
                   provenance, created_at, retrieved_at
            FROM claims WHERE predicate = 'parent_of' AND hash(id) % 2 = 0
            UNION ALL
            SELECT 'l' || id, subject, 'like', object_entity, NULL, confidence, NULL,
                   provenance, created_at, retrieved_at
            FROM claims WHERE predicate = 'likes'""")
        con.execute("CHECKPOINT")
    return time.perf_counter() - start


def _evaluate(graph: Any, settings: Settings, now: datetime) -> tuple[Any, float]:
    """Snapshot through the owner, then the self-evaluation; the report and its seconds."""
    from resident.hygiene.run import self_evaluate
    from resident.maintenance import take_snapshot

    start = time.perf_counter()
    snapshot = take_snapshot(graph, settings, now).path
    report = self_evaluate(graph, settings, now, snapshot, time.perf_counter() - start)
    return report, time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.hygiene", description=__doc__)
    ap.add_argument("--quick", action="store_true", help="hp.obo and GeoNames only, no large graph")
    ap.add_argument(
        "--large", type=int, default=10_000_000, help="claims in the synthetic graph (0: skip)"
    )
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args(argv)
    os.environ.setdefault("DBT_SEND_ANONYMOUS_USAGE_STATS", "false")
    from resident.hygiene.rules import FINDING_KINDS
    from resident.memory.duck_store import DuckStore

    sources = (
        ("hpo-obo", "geonames-cities15000")
        if args.quick
        else ("hpo-obo", "hpoa", "geonames-cities15000")
    )
    lines = [
        "# Schema self-evaluation benchmark",
        "",
        f"`python -m benchmarks.hygiene{' --quick' if args.quick else ''}`, "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, commit {_commit()}; {_machine()}. "
        "Machine shared with other sessions: absolute seconds are upper bounds.",
    ]
    runs: list[tuple[str, Settings, dict[str, float]]] = []
    with tempfile.TemporaryDirectory(prefix="max-hygiene-") as tmp:
        real = load_settings(data_dir=Path(tmp) / "real", env={})
        built = build_real_graph(real, sources)
        runs.append((f"real graph ({', '.join(sources)}, a conversation)", real, built))
        large_n = 0 if args.quick else args.large
        if large_n:
            big = load_settings(data_dir=Path(tmp) / "large", env={})
            runs.append(
                (
                    f"synthetic graph, {large_n:,} claims",
                    big,
                    {"build": large_graph(big, large_n, T0)},
                )
            )
        for title, settings, built in runs:
            with DuckStore.open(settings) as graph:
                first, first_s = _evaluate(graph, settings, T0 + timedelta(days=7))
                again, again_s = _evaluate(graph, settings, T0 + timedelta(days=14))
            lines += [
                "",
                f"## {title}",
                "",
                f"{first.graph['entities']:,} entities, {first.graph['claims']:,} claims. "
                "Built in " + ", ".join(f"{k} {v:.1f} s" for k, v in built.items()) + ".",
                "",
                f"Whole evaluation: **{first_s:.1f} s** (second run {again_s:.1f} s). Laws: "
                f"{len(first.dbt.laws)} dbt tests, {len(first.dbt.broken)} broken; "
                f"{len(first.gx.checks)} expectations, "
                f"{sum(not c.success for c in first.gx.checks)} failed.",
                "",
                "| step | seconds (first run) |",
                "|---|---|",
                *(f"| {k} | {v:.2f} |" for k, v in first.seconds.items()),
                "",
                "| finding | count | filed new (1st run) | found again (2nd run) |",
                "|---|---|---|---|",
                *(
                    f"| {k} | {first.totals.get(k, 0)} | "
                    f"{sum(f.kind == k for f in first.findings)} | "
                    f"{sum(f.kind == k for f in again.findings)} |"
                    for k in FINDING_KINDS
                ),
                "",
                f"Filed: {first.filed.new} new on the first run; the second run filed "
                f"{again.filed.new} new and found {again.filed.seen_again} again. "
                "GX rates: " + ", ".join(f"{k} {v:.4f}" for k, v in first.gx.rates.items()) + ".",
            ]
            print("\n".join(lines[-16:]), flush=True)
    out = args.out or (HERE / "work" / "RESULTS-hygiene.md" if args.quick else RESULTS)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
