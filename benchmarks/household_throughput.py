"""The exploration loop's throughput (issue 26, point 6): gaps per second when it re-verifies a
queue it cannot settle (the steady state of a long-lived household) and on benchmarks/ingest.py's
mixed queue (two gaps in three settle something), with filler claims so the graph holds CLAIMS.
Each queue is built in one child process and explored in another. Results: RESULTS-household.md.

    .venv/bin/python -m benchmarks.household_throughput [CLAIMS] [GAPS] [re-verify|mixed ...]
"""

from __future__ import annotations

from typing import Any


def reverify_queue(graph_dir: str, claims: int, gaps: int) -> dict[str, Any]:
    """A graph of `claims` claims whose `gaps` due gaps each ask about a statement one grounded
    source makes: the loop can settle none of them, so each run re-verifies them all (the
    steady state of a long-lived household's queue)."""
    import duckdb

    from benchmarks.ingest import NOW, settings_for
    from resident.memory.schema import migrate

    settings = settings_for(graph_dir)
    migrate(settings.graph_path)
    con = duckdb.connect(str(settings.graph_path))
    ts = NOW.replace(tzinfo=None)
    per = max(1, claims // max(gaps, 1))
    try:
        con.execute("BEGIN TRANSACTION")
        con.execute(
            "INSERT INTO entities SELECT 'concept:s' || i, 'thing', 'subject ' || i, [], $t, $t "
            "FROM range($n) r(i)",
            {"t": ts, "n": gaps},
        )
        con.execute(
            "INSERT INTO entities SELECT 'concept:o' || i, 'thing', 'object ' || i, [], $t, $t "
            "FROM range($n) r(i)",
            {"t": ts, "n": per},
        )
        # Per subject: one grounded claim per object, `per` predicates' worth of claims; the
        # gap asks about `related_to`, which one source states.
        con.execute(
            "INSERT INTO claims (id, subject, predicate, object_entity, object_literal, "
            "confidence, rung, provenance, created_at, retrieved_at) "
            "SELECT 'c_' || s.i || '_' || o.i, 'concept:s' || s.i, "
            "CASE WHEN o.i = 0 THEN 'related_to' ELSE 'mentions' END, 'concept:o' || o.i, NULL, "
            "0.7, NULL, 'ingest:a@1', $t, $t FROM range($g) s(i), range($p) o(i)",
            {"t": ts, "g": gaps, "p": per},
        )
        con.execute(
            "INSERT INTO curiosity_gaps (id, subject, predicate, question, priority, attempts, "
            "status, claim_id, next_attempt_at, created_at, updated_at, note) "
            "SELECT 'g_' || i, 'concept:s' || i, 'related_to', 'what is s' || i || ' related "
            "to?', 50, 0, 'open', NULL, $t, $t, $t, NULL FROM range($g) r(i)",
            {"t": ts, "g": gaps},
        )
        con.execute("COMMIT")
        con.execute("CHECKPOINT")
        total = con.execute("SELECT count(*) FROM claims").fetchone()
    finally:
        con.close()
    return {"claims": total[0] if total else 0, "gaps": gaps}


def mixed_queue(graph_dir: str, claims: int, gaps: int) -> dict[str, Any]:
    """benchmarks/ingest.py's mixed queue of `gaps` gaps (one in three promoted, one left open,
    one a conflict resolved: two in three settle something), with filler claims on other
    subjects so the graph holds `claims` in all."""
    import duckdb

    from benchmarks.ingest import NOW, build_gap_queue, settings_for

    built = build_gap_queue(graph_dir, gaps)
    filler = max(0, claims - built["counts"]["claims"])
    con = duckdb.connect(str(settings_for(graph_dir).graph_path))
    try:
        ts = NOW.replace(tzinfo=None)
        con.execute(
            "INSERT INTO entities SELECT 'concept:f' || i, 'thing', 'filler ' || i, [], $t, $t "
            "FROM range($n) r(i)",
            {"t": ts, "n": filler // 10 + 1},
        )
        con.execute(
            "INSERT INTO claims (id, subject, predicate, object_entity, object_literal, "
            "confidence, rung, provenance, created_at, retrieved_at) "
            "SELECT 'c_f' || i, 'concept:f' || (i // 10), 'related_to', 'concept:o0', NULL, 0.3, "
            "NULL, 'interaction:unknown', $t, $t FROM range($n) r(i)",
            {"t": ts, "n": filler},
        )
        con.execute("CHECKPOINT")
        total = con.execute("SELECT count(*) FROM claims").fetchone()
    finally:
        con.close()
    return {"claims": total[0] if total else 0, "gaps": gaps}


QUEUES = {"re-verify": "reverify_queue", "mixed": "mixed_queue"}


def measure(kind: str, work_dir: str, claims: int, gaps: int) -> dict[str, Any]:
    """Build the `kind` queue in one child process, run the loop over it in another (so the
    peak RSS is the loop's own)."""
    from pathlib import Path

    from benchmarks._runner import run_step

    graph_dir = Path(work_dir) / kind
    graph_dir.mkdir(parents=True, exist_ok=True)
    built = run_step(
        f"benchmarks.household_throughput:{QUEUES[kind]}",
        graph_dir=str(graph_dir),
        claims=claims,
        gaps=gaps,
    )
    explored = explore_built(kind, str(graph_dir), gaps)
    return {"build_peak_rss_mib": built["peak_rss_mib"], **explored}


def explore_built(kind: str, graph_dir: str, gaps: int) -> dict[str, Any]:
    """The loop over a queue already built in `graph_dir` (once: it settles what it can), in a
    child process; with the graph's claims and the load average before and after."""
    import os

    import duckdb

    from benchmarks._runner import run_step
    from benchmarks.ingest import settings_for

    con = duckdb.connect(str(settings_for(graph_dir).graph_path), read_only=True)
    try:
        row = con.execute("SELECT count(*) FROM claims").fetchone()
    finally:
        con.close()
    load_before = os.getloadavg()[0]
    explored = run_step("benchmarks.ingest:explore_queue", graph_dir=graph_dir, gaps=gaps)
    return {
        "queue": kind,
        "claims": row[0] if row else 0,
        **explored,
        "load_average": [round(load_before, 1), round(os.getloadavg()[0], 1)],
    }


if __name__ == "__main__":
    import json
    import sys
    import tempfile
    from datetime import UTC, datetime

    claims = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    gaps = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    for kind in sys.argv[3:] or list(QUEUES):
        with tempfile.TemporaryDirectory() as d:
            started = datetime.now(UTC).isoformat(timespec="seconds")
            print(json.dumps({"started": started, **measure(kind, d, claims, gaps)}), flush=True)
