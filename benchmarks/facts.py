"""The earned-FACTs benchmark (issue 16): the shipped hp.obo + phenotype.hpoa ingested, then the
sweep (`promote_earned`) that sends every claim with more than one independent grounded source
through promote_to_fact, timed against promote_to_fact called claim by claim; a second sweep and
a re-ingest (nothing may change); the ladder of the resulting graph.

`python -m benchmarks facts` writes benchmarks/RESULTS-facts.md; `--quick` reads only the first
`--lines` annotation lines (default 20,000) and writes under benchmarks/work/.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import duckdb

from resident.cognition.independence import Witness, witness_origins
from resident.config import load_settings
from resident.errors import PromotionRefused
from resident.ingest import ingest
from resident.ingest.sources import hpo_data
from resident.maintenance import ladder_markdown
from resident.memory.duck_store import DuckStore
from resident.records import Ladder

HERE = Path(__file__).resolve().parent
NOW = datetime(2026, 1, 1, tzinfo=UTC)
#: Claims promoted one by one before the sweep, for the side-by-side cost per claim.
ONE_BY_ONE = 300


def source_files(work_dir: Path, lines: int | None) -> Path:
    """The shipped phenotype.hpoa (with hp.obo beside it), or its first `lines` annotation lines."""
    data = hpo_data()
    if lines is None:
        return data / "phenotype.hpoa"
    work_dir.mkdir(parents=True, exist_ok=True)
    shutil.copy(data / "hp.obo", work_dir / "hp.obo")
    kept: list[str] = []
    body = 0
    with (data / "phenotype.hpoa").open(encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#") and not line.startswith("database_id"):
                body += 1
                if body > lines:
                    break
            kept.append(line)
    path = work_dir / "phenotype.hpoa"
    path.write_text("".join(kept), encoding="utf-8")
    return path


def multi_reference_lines(path: Path) -> int:
    """Annotation lines that cite two or more references."""
    n = 0
    with path.open(encoding="utf-8") as f:
        for line in f:
            fields = line.split("\t")
            if (
                len(fields) == 12
                and not line.startswith(("#", "database_id"))
                and len([r for r in fields[4].split(";") if r.strip()]) > 1
            ):
                n += 1
    return n


def run(work_dir: Path, lines: int | None) -> dict[str, Any]:
    path = source_files(work_dir / "source", lines)
    settings = load_settings(data_dir=work_dir / "graph", env={})
    out: dict[str, Any] = {
        "source": str(path),
        "multi_reference_lines": multi_reference_lines(path),
    }
    with DuckStore.open(settings, create=True) as graph:
        t = time.perf_counter()
        first = ingest(graph, str(path), NOW, settings, promote=False)
        out["ingest_s"] = round(time.perf_counter() - t, 2)
        out["claims"] = graph.counts()["claims"]
        out["evidence_rows"] = graph.counts()["claim_evidence"]
        out["records"] = first.records

        # Claim by claim: candidates are claims with two or more evidence rows (a cheap
        # superset of those with two independent ones); each goes through promote_to_fact.
        ids = [
            r[0]
            for r in graph._cur.execute(
                "SELECT claim_id FROM claim_evidence GROUP BY claim_id HAVING count(*) > 1 "
                "ORDER BY claim_id LIMIT ?",
                [ONE_BY_ONE],
            ).fetchall()
        ]
        promoted_single = refused_single = 0
        t = time.perf_counter()
        for claim_id in ids:
            try:
                graph.promote_to_fact(claim_id, NOW)
                promoted_single += 1
            except PromotionRefused:
                refused_single += 1
        single_s = time.perf_counter() - t
        out["one_by_one"] = {
            "claims": len(ids),
            "promoted": promoted_single,
            "refused": refused_single,
            "seconds": round(single_s, 3),
            "ms_per_claim": round(1000 * single_s / max(len(ids), 1), 2),
        }

        sweep = graph.promote_earned(NOW, sample=5)
        out["sweep"] = {
            "candidates": sweep.candidates,
            "promoted": sweep.promoted,
            "already_fact": sweep.already_fact,
            "refused": sweep.refused,
            "seconds": round(sweep.seconds, 3),
            "reasons": sweep.reasons,
            "sample": [p.model_dump() for p in sweep.sample],
        }
        again = graph.promote_earned(NOW)
        out["second_sweep"] = {"promoted": again.promoted, "seconds": round(again.seconds, 3)}

        counts, checksum = graph.counts(), graph.checksum()
        t = time.perf_counter()
        re = ingest(graph, str(path), NOW + timedelta(days=1), settings)
        out["reingest"] = {
            "seconds": round(time.perf_counter() - t, 2),
            "changed": re.changed,
            "promoted": re.promotion.promoted if re.promotion else None,
            "same_counts_and_checksum": graph.counts() == counts and graph.checksum() == checksum,
        }
        t = time.perf_counter()
        ladder = graph.ladder()
        out["ladder_s"] = round(time.perf_counter() - t, 3)
        out["ladder"] = ladder.model_dump()
        out["facts_checked"] = check_facts(graph)
    return out


def check_facts(graph: DuckStore) -> dict[str, int]:
    """Every FACT re-counted from its own statement's evidence rows with the pure rule."""
    rows = graph._cur.execute(
        "SELECT f.id, c.provenance, list(e.source) FILTER (WHERE e.source IS NOT NULL) "
        "FROM claims f JOIN claims c ON c.subject = f.subject AND c.predicate = f.predicate "
        "AND coalesce(c.object_entity, c.object_literal) = "
        "coalesce(f.object_entity, f.object_literal) AND c.rung IS DISTINCT FROM 'opinion' "
        "LEFT JOIN claim_evidence e ON e.claim_id = c.id WHERE f.rung = 'fact' "
        "GROUP BY f.id, c.id, c.provenance"
    ).fetchall()
    origins: dict[str, set[str]] = {}
    for fact_id, prov, sources in rows:
        origins.setdefault(fact_id, set()).update(
            witness_origins(Witness(prov, tuple(sources or ())))
        )
    short = sum(1 for o in origins.values() if len(o) < 2)
    return {"facts": len(origins), "with_fewer_than_two_origins": short}


def render(r: dict[str, Any]) -> str:
    s, one = r["sweep"], r["one_by_one"]
    per_claim_sweep = 1000 * s["seconds"] / max(s["candidates"], 1)
    ladder = Ladder.model_validate(r["ladder"])
    lines = [
        f"# Earned FACTs ({r['scale']})",
        "",
        f"Run {r['started']} to {r['finished']} on {r['machine']}; load average at the end "
        f"{r['load_average_end']}. duckdb {duckdb.__version__}, Python "
        f"{platform.python_version()}. Embedded graph, one process.",
        "",
        f"Source `{r['source']}`: {r['records']:,} annotation lines, "
        f"{r['multi_reference_lines']:,} of them citing two or more references. Ingest "
        f"(hp.obo + phenotype.hpoa, no promotion): {r['ingest_s']} s, {r['claims']:,} claims, "
        f"{r['evidence_rows']:,} evidence rows (one per claim and reference).",
        "",
        "## Promotion",
        "",
        "| path | claims judged | promoted | seconds | ms per claim |",
        "|---|---|---|---|---|",
        f"| promote_to_fact claim by claim (first {one['claims']} with 2+ evidence rows) | "
        f"{one['claims']} | {one['promoted']} | {one['seconds']} | {one['ms_per_claim']} |",
        f"| promote_earned sweep (set-based SQL, then promote_to_fact per claim, one UPDATE) | "
        f"{s['candidates']:,} | {s['promoted']:,} (+{s['already_fact']} already FACT) | "
        f"{s['seconds']} | {per_claim_sweep:.3f} |",
        f"| second sweep | - | {r['second_sweep']['promoted']} | "
        f"{r['second_sweep']['seconds']} | - |",
        "",
        f"Refused by promote_to_fact inside the sweep: {s['refused']}. FACTs re-counted from "
        f"their evidence rows: {r['facts_checked']['facts']:,}, of which "
        f"{r['facts_checked']['with_fewer_than_two_origins']} stand on fewer than two "
        "independent origins.",
        "",
        "Why (the kinds of independent origin behind each promoted claim):",
        "",
        "| origins | claims |",
        "|---|---|",
        *[f"| {k} | {v:,} |" for k, v in s["reasons"].items()],
        "",
        "## Re-ingest after promotion",
        "",
        f"{r['reingest']['seconds']} s; rows changed {r['reingest']['changed']}; promoted "
        f"{r['reingest']['promoted']}; counts and checksum the same: "
        f"{'yes' if r['reingest']['same_counts_and_checksum'] else 'NO'}.",
        "",
        f"## The ladder ({ladder.total:,} claims, read in {r['ladder_s']} s)",
        "",
        *ladder_markdown(ladder),
        "",
        "Confidence histogram (ten bins, 0.0 to 1.0): "
        + ", ".join(f"{n:,}" for n in ladder.histogram),
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks facts", description=__doc__)
    parser.add_argument(
        "--quick",
        action="store_true",
        help="only the first --lines annotation lines; report under work/",
    )
    parser.add_argument("--lines", type=int, default=20_000)
    parser.add_argument("--work-dir", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    scale = f"quick, first {args.lines:,} lines" if args.quick else "full"
    work_dir = args.work_dir or HERE / "work" / "facts"
    out = args.out or (
        HERE / "work" / "RESULTS-facts-quick.md" if args.quick else HERE / "RESULTS-facts.md"
    )
    shutil.rmtree(work_dir, ignore_errors=True)
    started = datetime.now(UTC)
    try:
        results = run(work_dir, args.lines if args.quick else None)
    finally:
        shutil.rmtree(work_dir, ignore_errors=True)
    results.update(
        scale=scale,
        started=started.isoformat(),
        finished=datetime.now(UTC).isoformat(),
        machine=f"{platform.machine()}, {os.cpu_count()} CPUs",
        load_average_end=[round(x, 2) for x in os.getloadavg()],
    )
    text = render(results)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    if args.quick or args.out is not None:
        out.with_suffix(".json").write_text(json.dumps(results, indent=2), encoding="utf-8")
    print(text)
    print(f"written to {out}")
    ok = (
        results["reingest"]["same_counts_and_checksum"]
        and results["reingest"]["changed"] == 0
        and results["second_sweep"]["promoted"] == 0
        and results["facts_checked"]["with_fewer_than_two_origins"] == 0
    )
    return 0 if ok else 2


if __name__ == "__main__":
    raise SystemExit(main())
