"""The ingest and exploration benchmarks of issue 5: hp.obo, phenotype.hpoa and cities15000
ingested into a fresh graph (rows/s), each ingested a second time (re-ingest time, nothing
changed), and the exploration loop's throughput on a queue of curiosity gaps (100k at full scale).

Each step runs in its own process (benchmarks._runner) on a real graph file, embedded.
`python -m benchmarks ingest [--scale tiny|small|full]` writes
benchmarks/work/RESULTS-ingest-<scale>.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import duckdb

from benchmarks._runner import run_step
from resident.config import Settings, load_settings
from resident.exploration import explore
from resident.ingest import ingest
from resident.memory.duck_store import DuckStore
from resident.memory.schema import migrate

HERE = Path(__file__).resolve().parent
NOW = datetime(2026, 1, 1, tzinfo=UTC)
SOURCES = ("hpo-obo", "hpoa", "geonames-cities15000")
#: Gap kinds in the exploration queue, one in three each: a statement two grounded sources make
#: (promoted), one source only (left open, backs off), and a conflict two sources settle.
GAP_KINDS = ("corroborated", "single", "conflict")


@dataclass(frozen=True)
class Scale:
    name: str
    gaps: int


SCALES = {
    "tiny": Scale("tiny", 3_000),
    "small": Scale("small", 20_000),
    "full": Scale("full", 100_000),
}


def settings_for(graph_dir: str | Path) -> Settings:
    return load_settings(data_dir=Path(graph_dir), env={})


def ingest_twice(graph_dir: str, source: str) -> dict[str, Any]:
    """Ingest `source` into a fresh graph, then again: timings, counts, checksums."""
    settings = settings_for(graph_dir)
    with DuckStore.open(settings, create=True) as graph:
        first = ingest(graph, source, NOW, settings)
        counts, checksum = graph.counts(), graph.checksum()
        started = time.perf_counter()
        second = ingest(graph, source, NOW + timedelta(days=1), settings)
        again_seconds = time.perf_counter() - started
        same = graph.counts() == counts and graph.checksum() == checksum
    return {
        "source": source,
        "provenances": list(first.provenances),
        "records": first.records,
        "rows": first.rows,
        "entities": first.entities.inserted,
        "claims": first.claims.inserted,
        "parse_s": round(first.parse_seconds, 2),
        "write_s": round(first.write_seconds, 2),
        "rows_per_s": round(first.rows_per_second),
        "reingest_s": round(again_seconds, 2),
        "reingest_parse_s": round(second.parse_seconds, 2),
        "reingest_write_s": round(second.write_seconds, 2),
        "reingest_changed": second.changed,
        "reingest_same_counts_and_checksum": same,
        "graph_mib": round(settings.graph_path.stat().st_size / 2**20, 1),
    }


def build_gap_queue(graph_dir: str, gaps: int) -> dict[str, Any]:
    """A graph whose curiosity_gaps hold `gaps` due gaps over as many subjects (bulk SQL: the
    benchmark measures the loop, not the filing)."""
    settings = settings_for(graph_dir)
    started = time.perf_counter()
    migrate(settings.graph_path)
    con = duckdb.connect(str(settings.graph_path))
    ts = NOW.replace(tzinfo=None)
    try:
        con.execute("BEGIN TRANSACTION")
        con.execute(
            "INSERT INTO entities SELECT 'concept:s' || i, 'thing', 'subject ' || i, [], $t, $t "
            "FROM range($n) r(i)",
            {"t": ts, "n": gaps},
        )
        con.execute(
            "INSERT INTO entities SELECT 'concept:o' || i, 'thing', 'object ' || i, [], $t, $t "
            "FROM range(2) r(i)",
            {"t": ts},
        )
        # Per subject: kind 0 (corroborated) says o0 from two sources; kind 1 (single) says o0
        # from one; kind 2 (conflict) says o0 from two sources and o1 from one, in conflict.
        con.execute(
            """
            CREATE TEMP TABLE plan AS
            SELECT i, i % 3 AS kind, 'concept:s' || i AS subject FROM range($n) r(i)""",
            {"n": gaps},
        )
        con.execute("""
            CREATE TEMP TABLE said AS
            SELECT subject, kind, obj, src FROM plan, (VALUES ('concept:o0', 'ingest:a@1'),
                ('concept:o0', 'literature:b'), ('concept:o1', 'ingest:c@1')) v(obj, src)
            WHERE (kind = 0 AND obj = 'concept:o0')
               OR (kind = 1 AND src = 'ingest:a@1')
               OR kind = 2""")
        con.execute(
            """
            INSERT INTO claims (id, subject, predicate, object_entity, object_literal,
                confidence, rung, provenance, created_at, retrieved_at, session_id,
                correlation_id) SELECT
                'c_' || left(sha256(subject || chr(31) || 'related_to' || chr(31) || obj
                    || chr(31) || regexp_replace(src, '@.*$', '')), 32),
                subject, 'related_to', obj, NULL, 0.7, NULL, src, $t, $t, NULL, NULL
            FROM said""",
            {"t": ts},
        )
        con.execute(
            """
            INSERT INTO conflicts (id, claim_a, claim_b, subject, predicate, status, winner,
                reason, created_at, resolved_at)
            SELECT 'x_' || subject, least(a.id, b.id), greatest(a.id, b.id),
                subject, 'related_to', 'open', NULL, 'contradiction', $t, NULL
            FROM plan JOIN claims a USING (subject) JOIN claims b USING (subject)
            WHERE kind = 2 AND a.provenance = 'ingest:a@1' AND b.provenance = 'ingest:c@1'""",
            {"t": ts},
        )
        con.execute(
            """
            INSERT INTO curiosity_gaps (id, subject, predicate, question, priority, attempts,
                status, claim_id, next_attempt_at, created_at, updated_at, note)
            SELECT 'g_' || i, subject, 'related_to',
                'what is ' || subject || ' related to?', 50, 0, 'open', NULL, $t, $t, $t, NULL
            FROM plan""",
            {"t": ts},
        )
        con.execute("COMMIT")
        con.execute("CHECKPOINT")
        counts = {
            t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]  # type: ignore[index]
            for t in ("claims", "conflicts", "curiosity_gaps")
        }
    finally:
        con.close()
    return {"gaps": gaps, "counts": counts, "build_s": round(time.perf_counter() - started, 2)}


def explore_queue(graph_dir: str, gaps: int) -> dict[str, Any]:
    """Run the exploration loop over the whole queue; gaps per second."""
    settings = settings_for(graph_dir)
    with DuckStore.open(settings) as graph:
        started, cpu = time.perf_counter(), time.process_time()
        report = explore(graph, NOW + timedelta(minutes=1), settings, max_gaps=gaps)
        seconds = time.perf_counter() - started
        # CPU seconds of every thread of this process: on a shared machine the wall time is
        # mostly waiting for a core.
        cpu = time.process_time() - cpu
    return {
        "examined": report.examined,
        "answered": report.answered,
        "left_open": report.left_open,
        "promoted": report.promoted,
        "resolved": report.resolved,
        "refused": len(report.refused),
        "questions_planned": report.questions_planned,
        "sweep_s": round(report.sweep.seconds, 2) if report.sweep is not None else None,
        "seconds": round(seconds, 2),
        "gaps_per_s": round(report.examined / seconds, 1) if seconds else None,
        "cpu_s": round(cpu, 2),
        "gaps_per_cpu_s": round(report.examined / cpu, 1) if cpu else None,
    }


def run(scale: Scale, work_dir: Path, log: Any = print) -> dict[str, Any]:
    results: dict[str, Any] = {"scale": {"name": scale.name, "gaps": scale.gaps}, "ingest": []}
    for source in SOURCES:
        graph_dir = work_dir / f"ingest-{source}"
        shutil.rmtree(graph_dir, ignore_errors=True)
        graph_dir.mkdir(parents=True)
        log(f"ingest {source} twice ...")
        step = run_step("benchmarks.ingest:ingest_twice", graph_dir=str(graph_dir), source=source)
        log(f"  {step}")
        results["ingest"].append(step)
        shutil.rmtree(graph_dir, ignore_errors=True)
    graph_dir = work_dir / "exploration"
    shutil.rmtree(graph_dir, ignore_errors=True)
    graph_dir.mkdir(parents=True)
    log(f"build a queue of {scale.gaps:,} gaps ...")
    results["gap_queue"] = run_step(
        "benchmarks.ingest:build_gap_queue", graph_dir=str(graph_dir), gaps=scale.gaps
    )
    log(f"  {results['gap_queue']}")
    log("exploration loop ...")
    results["exploration"] = run_step(
        "benchmarks.ingest:explore_queue", graph_dir=str(graph_dir), gaps=scale.gaps
    )
    log(f"  {results['exploration']}")
    return results


def render(results: dict[str, Any]) -> str:
    lines = [
        f"# Ingest and exploration benchmarks ({results['scale']['name']} scale)",
        "",
        f"Run {results['started']} to {results['finished']}; load average at the end "
        f"{results['load_average_end']}; {os.cpu_count()} CPUs. Embedded graph, one "
        "process per step.",
        "",
        "## Ingest into a fresh graph, then again",
        "",
        "| source | records | graph rows | parse s | write s | rows/s | re-ingest s "
        "(parse + write) | re-ingest changed | counts and checksum same | peak RSS MiB |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results["ingest"]:
        lines.append(
            f"| {r['source']} | {r['records']:,} | {r['rows']:,} | {r['parse_s']} | "
            f"{r['write_s']} | {r['rows_per_s']:,} | {r['reingest_s']} ({r['reingest_parse_s']} "
            f"+ {r['reingest_write_s']}) | {r['reingest_changed']} | "
            f"{'yes' if r['reingest_same_counts_and_checksum'] else 'NO'} | "
            f"{r['peak_rss_mib']} |"
        )
    lines += [
        "",
        "Graph rows are entities plus claims. hpoa writes its ontology (hp.obo) in the "
        "same transaction, so its rows include hp.obo's.",
        "",
    ]
    q, e = results["gap_queue"], results["exploration"]
    lines += [
        "## Exploration loop",
        "",
        f"A queue of {q['gaps']:,} due gaps, one in three each corroborated by two "
        "grounded sources, held by one, or in a conflict two sources settle "
        f"({q['counts']['claims']:,} claims, {q['counts']['conflicts']:,} conflicts; "
        f"built in {q['build_s']} s).",
        "",
        "| gaps examined | seconds | gaps/s | answered | left open | promoted | "
        "conflicts resolved | refused | peak RSS MiB |",
        "|---|---|---|---|---|---|---|---|---|",
        f"| {e['examined']:,} | {e['seconds']} | {e['gaps_per_s']} | {e['answered']:,} | "
        f"{e['left_open']:,} | {e['promoted']:,} | {e['resolved']:,} | {e['refused']} | "
        f"{e['peak_rss_mib']} |",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ingest", description=__doc__)
    parser.add_argument("--scale", default="full", choices=sorted(SCALES))
    parser.add_argument("--work-dir", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    scale = SCALES[args.scale]
    work_dir = args.work_dir or HERE / "work" / f"ingest-{scale.name}"
    # The full run is the record (benchmarks/RESULTS-ingest.md); smaller scales stay in work/.
    out = args.out or (
        HERE / "RESULTS-ingest.md"
        if scale.name == "full"
        else HERE / "work" / f"RESULTS-ingest-{scale.name}.md"
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
    ok = all(
        r["reingest_same_counts_and_checksum"] and r["reingest_changed"] == 0
        for r in results["ingest"]
    )
    return 0 if ok else 2


if __name__ == "__main__":
    raise SystemExit(main())
