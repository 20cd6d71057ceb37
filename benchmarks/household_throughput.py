"""The exploration loop's throughput (issue 26, point 6): gaps per second when it re-verifies a
queue it cannot settle (the steady state of a long-lived household) and on benchmarks/ingest.py's
mixed queue, with filler claims so the graph holds a million. Results: RESULTS-household.md.

    .venv/bin/python -m benchmarks.household_throughput [CLAIMS] [GAPS]
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


def throughput(work_dir: Any, claims: int = 1_000_000, gaps: int = 10_000) -> dict[str, Any]:
    """The exploration loop's gaps per second (issue 26, point 6) on the queue benchmarks/ingest.py
    builds (one gap in three promoted, one left open, one a conflict resolved), with filler
    claims on other subjects so the graph holds `claims` in all."""
    from pathlib import Path

    import duckdb

    from benchmarks.ingest import NOW, build_gap_queue, explore_queue, settings_for

    graph_dir = str(Path(work_dir) / "throughput")
    Path(graph_dir).mkdir(parents=True, exist_ok=True)
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
    explored = explore_queue(graph_dir, gaps)
    return {"claims": total[0] if total else 0, "gaps": gaps, **explored}


def reverify(work_dir: Any, claims: int = 1_000_000, gaps: int = 10_000) -> dict[str, Any]:
    """Gaps per second when the loop re-verifies a queue it cannot settle (see reverify_queue)."""
    from pathlib import Path

    from benchmarks.ingest import explore_queue

    graph_dir = str(Path(work_dir) / "reverify")
    Path(graph_dir).mkdir(parents=True, exist_ok=True)
    built = reverify_queue(graph_dir, claims, gaps)
    return {**built, **explore_queue(graph_dir, gaps)}


if __name__ == "__main__":
    import json
    import sys
    import tempfile

    claims = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    gaps = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    with tempfile.TemporaryDirectory() as d:
        print("re-verify", json.dumps(reverify(d, claims, gaps)), flush=True)
    with tempfile.TemporaryDirectory() as d:
        print("mixed", json.dumps(throughput(d, claims, max(1, gaps // 7))), flush=True)
