"""The machine a run measured on, and RESULTS.md rendered from a run's numbers."""

from __future__ import annotations

import os
import platform
from datetime import datetime
from pathlib import Path
from typing import Any

import duckdb
import psutil
import pyarrow as pa

from benchmarks import graph


def machine() -> dict[str, Any]:
    model = platform.processor() or "unknown"
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return {
        "cpu_model": model,
        "cores": os.cpu_count(),
        "ram_gib": round(psutil.virtual_memory().total / 2**30, 1),
        "os": platform.platform(),
        "python": platform.python_version(),
        "duckdb": duckdb.__version__,
        "pyarrow": pa.__version__,
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def _mib(value: float) -> str:
    return f"{value:,.0f} MiB"


def render(results: dict[str, Any], started: datetime, finished: datetime) -> str:
    m = results["machine"]
    scale = results["scale"]
    d, u = results["decay"], results["upsert"]
    lines = [
        "# Benchmarks: the knowledge graph (issue 2)",
        "",
        "Written by `make bench` (`python -m benchmarks`); every number below comes from one run.",
        "",
        f"- Date: {started:%Y-%m-%d %H:%M} to {finished:%H:%M} UTC; scale `{scale['name']}`.",
        f"- Machine: {m['cpu_model']}, {m['cores']} cores, {m['ram_gib']} GiB RAM, {m['os']}.",
        f"- Python {m['python']}, duckdb {m['duckdb']}, pyarrow {m['pyarrow']}.",
        f"- Load average at start {m['load_average']}, at end {results['load_average_end']}. "
        "The machine was shared with other engineers' work while this ran (2 cores for about "
        "six people), so absolute times are noisy; the decay ratio is measured side by side, "
        "store and bare alternating on fresh copies of one graph, for that reason.",
        "",
        "## Targets",
        "",
        "| What | Measured | Target | Met |",
        "|---|---|---|---|",
    ]
    for what, measured, target, met in graph.targets(results):
        lines.append(f"| {what} | {measured} | {target} | {'yes' if met else 'NO'} |")
    lines += [
        "",
        "## decay_stale_facts against a bare UPDATE",
        "",
        f"{d['claims']:,} claims; {d['rows']:,} of them ({d['rows'] / d['claims']:.0%}) are due "
        "(below 0.6, not opinion, above the floor, unretrieved for 90 days and not halved in the "
        "last 90). `DuckStore.decay_stale_facts` (confidence halved with the floor, level "
        "recomputed, decayed_at stamped, one statement) runs against `UPDATE claims SET "
        "confidence = confidence * 0.5` with the same WHERE, each on its own fresh copy of the "
        "same graph file, each in its own process; the time is the statement alone (commit "
        "included, opening the file not).",
        "",
        "| Round | Order | Store s | Bare s | Ratio | Rows |",
        "|---|---|---|---|---|---|",
    ]
    for i, r in enumerate(d["rounds"], 1):
        lines.append(
            f"| {i} | {' then '.join(r['order'])} | {r['store']['seconds']:.2f} | "
            f"{r['bare']['seconds']:.2f} | {r['ratio']:.2f} | {r['store']['rows']:,} |"
        )
    lines += [
        f"| mean | | {d['store_seconds']:.2f} | {d['bare_seconds']:.2f} | {d['ratio']:.2f} | |",
        "",
        f"Peak memory: store {_mib(d['store_peak_rss_mib'])}, bare {_mib(d['bare_peak_rss_mib'])}.",
        "",
        "## Bulk upsert of entities from Arrow",
        "",
        f"`DuckStore.upsert_entities` with one Arrow table of {u['rows']:,} entities (id, kind, "
        "label, aliases; a third carry an alias) into a new graph, then the same table again.",
        "",
        "| | Seconds | Rows/s |",
        "|---|---|---|",
        f"| first ingest | {u['seconds']:.2f} | {u['rows_per_s']:,.0f} |",
        f"| re-ingest | {u['reingest_seconds']:.2f} | {u['reingest_rows_per_s']:,.0f} |",
        "",
        f"Re-ingest: {u['reingest']['inserted']} inserted, {u['reingest']['updated']} updated, "
        f"{u['reingest']['unchanged']:,} unchanged; entities {u['entities_before']:,} before and "
        f"{u['entities_after']:,} after; content checksum equal: {u['checksum_equal']}. "
        f"Peak memory (the Arrow table included): {_mib(u['peak_rss_mib'])}.",
        "",
        "## Claim lookup by subject, warm",
        "",
        "`DuckStore.claims_by_subject` is an `UPDATE ... RETURNING` (a retrieval bumps confidence "
        f"and retrieved_at), so each lookup is a committed write. {scale['warmup']} warm-up "
        f"lookups, then {scale['lookups']:,} timed ones on random subjects, in one process on an "
        "open store; the time includes turning the rows into `Claim` models.",
        "",
        "| Claims | p50 ms | p99 ms | mean ms | max ms | claims per lookup | peak memory |",
        "|---|---|---|---|---|---|---|",
    ]
    for n, r in sorted(results["lookup"].items(), key=lambda kv: int(kv[0])):
        lines.append(
            f"| {int(n):,} | {r['p50_ms']:.2f} | {r['p99_ms']:.2f} | {r['mean_ms']:.2f} | "
            f"{r['max_ms']:.1f} | {r['claims_per_lookup']:.1f} | {_mib(r['peak_rss_mib'])} |"
        )
    lines += [
        "",
        "## Setup: the generated graphs",
        "",
        "The graphs are generated in SQL with `INSERT ... SELECT FROM range()` straight into the "
        "migrated schema (indexes included), not through the persisters: this is setup, not "
        "measured. Mix: 10% facts at 0.9; 35% beliefs 0.5 to 0.84; 25% grounded hypotheses (2% "
        "at the 0.05 floor); 20% hints (peer, interaction, inference) 0.05 to 0.3; 5% user "
        "corrections at 0.4; 5% opinions. Created over the last two years, last retrieved at a "
        "uniform time since; 30% of the claims unretrieved for 90 days were already halved once. "
        f"About {graph.CLAIMS_PER_SUBJECT} claims per subject, subjects scattered through the "
        "table. The graphs live under benchmarks/work/ and are deleted at the end of the run.",
        "",
        "| Claims | Entities | Build s | File | Peak memory |",
        "|---|---|---|---|---|",
    ]
    for n, b in sorted(results["builds"].items(), key=lambda kv: int(kv[0])):
        lines.append(
            f"| {int(n):,} | {b['entities']:,} | {b['seconds']:.1f} | {_mib(b['file_mib'])} | "
            f"{_mib(b['peak_rss_mib'])} |"
        )
    lines += [
        "",
        "Peak memory is each step's own resident-set high-water mark (`getrusage` maxrss in its "
        "own subprocess), the Python interpreter and imports included.",
    ]
    notes = results.get("notes")
    if notes:
        lines += ["", "## Notes", "", *notes]
    return "\n".join(lines) + "\n"
