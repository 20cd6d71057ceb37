"""The machine a run measured on, and RESULTS.md rendered from a run's numbers."""

from __future__ import annotations

import os
import platform
import subprocess
from datetime import datetime
from pathlib import Path
from typing import Any

import duckdb
import psutil
import pyarrow as pa

from benchmarks import graph
from benchmarks._runner import REPO_ROOT


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
        "niceness": os.nice(0),
        "commit": os.environ.get("BENCH_COMMIT") or _git_commit(),
    }


def _git_commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "resident", "benchmarks", "config"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=10,
    )
    return out.stdout.strip() + (" (with uncommitted changes)" if dirty.stdout.strip() else "")


#: What each decay contender's UPDATE writes (benchmarks.graph.bare_set_clauses).
DECAY_SETS = {
    "store": "`DuckStore.decay_stale_facts`: confidence halved with the floor (one column)",
    "bare": "`confidence = confidence * 0.5`",
    "same_set": "the store's own SET, run bare",
    "floor": "confidence halved with the floor",
}
#: What each timed WHERE selects (benchmarks.graph.DECAY_WHERES).
DECAY_WHERE_TEXT = {
    "store": "the store's (and every bare UPDATE's): stale, and a span ended since the last run",
    "stale": "the stale test alone (below 0.6, above the floor, no rung, unretrieved 90 days)",
}


#: What the numbers above mean, and what profiling changed in the store (see git log).
NOTES = [
    "- The decay target compares `decay_stale_facts` with an UPDATE that writes one column, "
    "and since migration 011 decay writes one column too: the halved confidence. It wrote "
    "three once (the level as well; ratio 2.35, this file at commit 476ca6f), then two "
    "(confidence and `decayed_at`, when a claim was last halved, so that it halved at most once "
    "per 90 days; ratio 1.62 at 10M claims, 1.87-1.91 at 1M): a DuckDB UPDATE costs about as "
    "much again for each column it writes, whatever its type. Now nothing per claim records a "
    "halving: a claim is due when the end of the latest 90-day span since its last retrieval "
    "(retrieved_at + k x 90 days) came after the last finished decay run, which the store keeps "
    "once, in the one row of `decay_runs` (`epistemic.decay_due`). So it halves at most once "
    "per span however often decay runs, and a retrieval starts its spans again.",
    "- Every bare UPDATE has the store's WHERE, so all touch the same rows; the `select` table "
    "shows what that WHERE costs to evaluate next to the stale test alone: its span test is in "
    "the bare UPDATE's time as much as in the store's. `same_set` is the store's own statement "
    "run bare: the gap between it and `store` is all the store adds on top of DuckDB (its "
    "transaction, and reading and writing the one row of decay_runs).",
    "- Changes to the store that came out of profiling these benchmarks: the claims table has "
    "no two-column CHECK on object_entity/object_literal (DuckDB 2.0 added both columns to "
    "every UPDATE of claims and, object_entity being indexed, ran each UPDATE as a delete plus "
    "an insert through all three indexes: decay over 1M claims took about a minute instead of "
    "under 1 s); retrieval is an UPDATE then a SELECT in one transaction instead of UPDATE ... "
    "RETURNING (which DuckDB also runs as a delete plus an insert); `DuckStore.open` no longer "
    "leaves a query result open (an open result holds its transaction, so DuckDB kept every "
    "later update's old versions: lookups slowed down and memory grew with each one, and "
    "CHECKPOINT was refused); the bulk entity upsert stages a batch without repeated ids as a "
    "view instead of copying it.",
    "- Wall times on this shared machine include waiting for a core; CPU time (decay) and CPU "
    "per lookup show the work itself.",
]


def _s(seconds: float) -> str:
    return f"{seconds:.3g}"


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
        f"- Python {m['python']}, duckdb {m['duckdb']}, pyarrow {m['pyarrow']}; "
        f"code at commit {m['commit']}.",
        f"- Load average at start {m['load_average']}, at end {results['load_average_end']}; "
        f"run at niceness {m['niceness']}. The machine was shared with other engineers' work "
        "while this ran (2 cores for about six people), so wall times include waiting for a "
        "core and are noisy; the decay contenders are measured side by side in one run, on "
        "fresh copies of one graph, in rotating order, for that reason.",
        "",
        "## Targets",
        "",
        "| What | Measured | Target | Met |",
        "|---|---|---|---|",
    ]
    for what, measured, target, met in graph.targets(results):
        verdict = "not judged at this scale" if met is None else "yes" if met else "NO"
        lines.append(f"| {what} | {measured} | {target} | {verdict} |")
    lines += [
        "",
        "## decay_stale_facts against a bare UPDATE",
        "",
        f"{d['claims']:,} claims; {d['rows']:,} of them ({d['rows'] / d['claims']:.0%}) are due "
        "(below 0.6, neither fact nor opinion, above the floor, unretrieved for 90 days, and the "
        "end of a 90-day span since their last retrieval came after the last decay run, "
        f"{d.get('last_run_days_before', '?')} days before). "
        "Each contender runs on its own fresh copy of the same graph "
        "file, in its own process, with the same WHERE; the time is the statement alone (commit "
        "and DuckDB's automatic checkpoint included, opening the file not). CPU is the "
        "process's user+system time over the statement, which a busy neighbour disturbs less "
        f"than wall time. Medians of {len(d['rounds'])} rounds; the order rotates per round.",
        "",
        "| Contender | SET | Wall s | CPU s | Wall / bare | CPU / bare | Peak memory |",
        "|---|---|---|---|---|---|---|",
    ]
    bare = d["summary"]["bare"]
    for who, what in DECAY_SETS.items():
        r = d["summary"][who]
        lines.append(
            f"| {who} | {what} | {_s(r['seconds'])} | {_s(r['cpu_seconds'])} | "
            f"{r['seconds'] / bare['seconds']:.2f} | {r['cpu_seconds'] / bare['cpu_seconds']:.2f}"
            f" | {_mib(r['peak_rss_mib'])} |"
        )
    lines += [
        "",
        "Per round (wall seconds):",
        "",
        "| Round | " + " | ".join(DECAY_SETS) + " | store / bare |",
        "|---|" + "---|" * (len(DECAY_SETS) + 1),
    ]
    for i, r in enumerate(d["rounds"], 1):
        cells = " | ".join(_s(r[who]["seconds"]) for who in DECAY_SETS)
        lines.append(f"| {i} | {cells} | {r['ratio']:.2f} |")
    if "select" in d:
        lines += [
            "",
            "The WHERE alone, `SELECT count(*)` on the graph (median wall seconds):",
            "",
            "| WHERE | Rows | Wall s |",
            "|---|---|---|",
        ]
        for where, what in DECAY_WHERE_TEXT.items():
            sel = d["select"][where]
            lines.append(f"| {what} | {sel['rows']:,} | {_s(sel['seconds'])} |")
    lines += [
        "",
        "## Bulk upsert of entities from Arrow",
        "",
        f"`DuckStore.upsert_entities` with one Arrow table of {u['rows']:,} entities (id, kind, "
        "label, aliases; a third carry an alias) into a new graph, then the same table again.",
        "",
        "| | Seconds | Rows/s |",
        "|---|---|---|",
        f"| first ingest | {_s(u['seconds'])} | {u['rows_per_s']:,.0f} |",
        f"| re-ingest | {_s(u['reingest_seconds'])} | {u['reingest_rows_per_s']:,.0f} |",
        "",
        f"Re-ingest: {u['reingest']['inserted']} inserted, {u['reingest']['updated']} updated, "
        f"{u['reingest']['unchanged']:,} unchanged; entities {u['entities_before']:,} before and "
        f"{u['entities_after']:,} after; content checksum equal: {u['checksum_equal']}. "
        f"Peak memory (the Arrow table included): {_mib(u['peak_rss_mib'])}.",
        "",
        "## Claim lookup by subject, warm",
        "",
        "`DuckStore.claims_by_subject` bumps confidence and retrieved_at (a retrieval counts), "
        "so each lookup is a committed write: an UPDATE and a SELECT through the subject index "
        f"in one transaction. {scale['warmup']} warm-up "
        f"lookups, then {scale['lookups']:,} timed ones on random subjects, in one process on an "
        "open store; the time includes turning the rows into `Claim` models. CPU per lookup is "
        "the process's user+system time (both DuckDB threads) over the timed lookups divided by "
        "their number: what a lookup costs when nobody else wants the cores.",
        "",
        "| Claims | p50 ms | p99 ms | mean ms | max ms | CPU ms per lookup | claims per lookup "
        "| peak memory |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for n, r in sorted(results["lookup"].items(), key=lambda kv: int(kv[0])):
        lines.append(
            f"| {int(n):,} | {r['p50_ms']:.2f} | {r['p99_ms']:.2f} | {r['mean_ms']:.2f} | "
            f"{r['max_ms']:.1f} | {r['cpu_ms_per_lookup']:.2f} | {r['claims_per_lookup']:.1f} | "
            f"{_mib(r['peak_rss_mib'])} |"
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
        "uniform time since; the graph's last decay run (decay_runs) 60 days before the "
        "benchmarks' now. "
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
    lines += ["", "## Notes", "", *NOTES]
    return "\n".join(lines) + "\n"
