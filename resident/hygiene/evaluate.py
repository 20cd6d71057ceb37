"""The self-evaluation's IO: SQL over a graph snapshot (opened read-only) that pulls the counts
the rules in resident.hygiene.rules judge. Never the live graph file: the snapshot is a
consistent copy the owner published, and nothing here can write to it."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import duckdb

from resident.config import HygieneSettings
from resident.errors import HygieneError
from resident.hygiene import rules
from resident.hygiene.rules import (
    Finding,
    InverseGap,
    LearnedDuplicate,
    NameCollision,
    OrphanEntity,
    PredicateOverlap,
)
from resident.records import ID_PREFIXES

T = TypeVar("T")

#: A claim's object as one comparable value: an entity id, or a literal marked as such.
_OBJECT = "coalesce(object_entity, '\"' || object_literal)"
#: Names are compared lower-cased with every run of non-alphanumerics as one space.
_NORMALISE = "trim(regexp_replace(lower({}), '[^a-z0-9]+', ' ', 'g'))"
_XREF = rf"({'|'.join(ID_PREFIXES)}):\S+"


@dataclass
class Evaluation:
    """What one evaluation found: findings per rule (capped at max_findings_per_rule for
    filing), the full counts, and seconds per step."""

    findings: dict[str, list[Finding]]
    totals: dict[str, int]
    graph: dict[str, int]
    seconds: dict[str, float] = field(default_factory=dict)
    common_names_skipped: int = 0

    def filed(self, cap: int) -> list[Finding]:
        return [f for kind in rules.FINDING_KINDS for f in self.findings.get(kind, [])[:cap]]


def open_snapshot(path: Path) -> duckdb.DuckDBPyConnection:
    if not path.is_file():
        raise HygieneError(f"no snapshot at {path}")
    return duckdb.connect(str(path), read_only=True)


def evaluate_snapshot(path: Path, settings: HygieneSettings) -> Evaluation:
    """Run every rule over the snapshot at `path`."""
    con = open_snapshot(path)
    try:
        return evaluate(con, settings)
    finally:
        con.close()


def evaluate(con: duckdb.DuckDBPyConnection, settings: HygieneSettings) -> Evaluation:
    seconds: dict[str, float] = {}

    def timed(name: str, fn: Callable[[], T]) -> T:
        start = time.perf_counter()
        try:
            return fn()
        finally:
            seconds[name] = time.perf_counter() - start

    tables = {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
    graph = {
        "entities": _scalar(con, "SELECT count(*) FROM entities"),
        "claims": _scalar(con, "SELECT count(*) FROM claims"),
    }
    # Distinct entity-to-entity and literal triples: the pair sets predicates are compared on.
    timed(
        "triples",
        lambda: con.execute(
            f"CREATE TEMP TABLE hyg_triples AS SELECT DISTINCT subject, predicate, {_OBJECT} AS "
            "object, object_entity IS NOT NULL AS to_entity FROM claims "
            "WHERE rung IS DISTINCT FROM 'opinion'"
        ),
    )
    try:
        overlaps = timed("redundant_predicate", lambda: predicate_overlaps(con))
        redundant = rules.redundant_predicates(
            overlaps,
            settings.redundant_overlap,
            settings.redundant_min_shared,
            settings.inverse_pairs,
        )
        gaps = timed("missing_inverse", lambda: inverse_gaps(con, settings))
        missing = rules.missing_inverses(gaps)
    finally:
        con.execute("DROP TABLE IF EXISTS temp.hyg_triples")
    orphans, orphan_total = timed("orphan_entity", lambda: orphan_entities(con, settings))
    orphan_findings = rules.orphan_entities(orphans, settings.orphan_excepted_kinds)

    def duplicates() -> tuple[list[Finding], int]:
        collisions = name_collisions(con, settings)
        learned = (
            learned_duplicates(con, settings.duplicate_min_similarity)
            if "duplicate_candidates" in tables
            else []
        )
        return rules.duplicate_entities(
            collisions, learned, settings.duplicate_min_similarity, settings.duplicate_max_group
        )

    dup_findings, skipped = timed("duplicate_entity", duplicates)
    findings = {
        "redundant_predicate": redundant,
        "orphan_entity": orphan_findings,
        "duplicate_entity": dup_findings,
        "missing_inverse": missing,
    }
    totals = {kind: len(found) for kind, found in findings.items()}
    totals["orphan_entity"] = max(totals["orphan_entity"], orphan_total)
    return Evaluation(
        findings=findings, totals=totals, graph=graph, seconds=seconds, common_names_skipped=skipped
    )


def _scalar(con: duckdb.DuckDBPyConnection, sql: str, params: Any = None) -> int:
    rows = con.execute(sql, params).fetchall()
    return int(rows[0][0]) if rows and rows[0][0] is not None else 0


def predicate_overlaps(con: duckdb.DuckDBPyConnection) -> list[PredicateOverlap]:
    """Shared (subject, object) pairs of every two predicates, the same way round and (entity
    objects only) the other way round. Needs the temp table hyg_triples."""
    rows = con.execute("""
        WITH sizes AS (SELECT predicate, count(*) AS n FROM hyg_triples GROUP BY predicate),
        same AS (
            SELECT a.predicate AS a, b.predicate AS b, count(*) AS shared, false AS inverted
            FROM hyg_triples a JOIN hyg_triples b
              ON a.subject = b.subject AND a.object = b.object AND a.predicate < b.predicate
            GROUP BY ALL),
        inverse AS (
            SELECT a.predicate AS a, b.predicate AS b, count(*) AS shared, true AS inverted
            FROM hyg_triples a JOIN hyg_triples b
              ON a.subject = b.object AND a.object = b.subject AND a.predicate < b.predicate
            WHERE a.to_entity AND b.to_entity
            GROUP BY ALL)
        SELECT o.a, o.b, o.shared, sa.n, sb.n, o.inverted
        FROM (SELECT * FROM same UNION ALL SELECT * FROM inverse) o
        JOIN sizes sa ON sa.predicate = o.a JOIN sizes sb ON sb.predicate = o.b
        ORDER BY o.a, o.b, o.inverted
    """).fetchall()
    return [
        PredicateOverlap(
            a=r[0],
            b=r[1],
            shared=int(r[2]),
            count_a=int(r[3]),
            count_b=int(r[4]),
            inverted=bool(r[5]),
        )
        for r in rows
    ]


def inverse_gaps(con: duckdb.DuckDBPyConnection, settings: HygieneSettings) -> list[InverseGap]:
    """For each declared inverse pair in use both ways, each direction's claims without their
    mirror. A pair of which only one side is ever stored is a design (derive the other at read
    time), not rot, and is left alone. Needs the temp table hyg_triples."""
    gaps = []
    for forward, inverse in settings.inverse_pairs:
        in_use = con.execute(
            "SELECT count(*) FILTER (predicate = $f), count(*) FILTER (predicate = $i) "
            "FROM hyg_triples WHERE predicate IN ($f, $i) AND to_entity",
            {"f": forward, "i": inverse},
        ).fetchall()[0]
        if not in_use[0] or not in_use[1]:
            continue
        for p, q in ((forward, inverse), (inverse, forward)):
            missing_sql = (
                "FROM hyg_triples a WHERE a.predicate = $p AND a.to_entity AND NOT EXISTS ("
                "SELECT 1 FROM hyg_triples b WHERE b.predicate = $q AND b.subject = a.object "
                "AND b.object = a.subject)"
            )
            total = _scalar(
                con, "SELECT count(*) FROM hyg_triples WHERE predicate = $p AND to_entity", {"p": p}
            )
            missing = _scalar(con, f"SELECT count(*) {missing_sql}", {"p": p, "q": q})
            sample = con.execute(
                f"SELECT a.subject, a.object {missing_sql} ORDER BY 1, 2 LIMIT $n",
                {"p": p, "q": q, "n": settings.inverse_sample},
            ).fetchall()
            gaps.append(
                InverseGap(
                    forward=p,
                    inverse=q,
                    total=total,
                    missing=missing,
                    sample=tuple((str(s), str(o)) for s, o in sample),
                )
            )
    return gaps


def orphan_entities(
    con: duckdb.DuckDBPyConnection, settings: HygieneSettings
) -> tuple[list[OrphanEntity], int]:
    """Entities with no claim in or out (excepted kinds left out), the first
    max_findings_per_rule by id, and how many there are in all."""
    query = """
        FROM entities e
        WHERE e.kind NOT IN (SELECT unnest($excepted::VARCHAR[]))
          AND NOT EXISTS (SELECT 1 FROM claims c WHERE c.subject = e.id)
          AND NOT EXISTS (SELECT 1 FROM claims c WHERE c.object_entity = e.id)
    """
    params = {"excepted": list(settings.orphan_excepted_kinds)}
    total = _scalar(con, f"SELECT count(*) {query}", params)
    rows = con.execute(
        f"SELECT e.id, e.kind, e.label {query} ORDER BY e.id LIMIT $n",
        {**params, "n": settings.max_findings_per_rule},
    ).fetchall()
    return [OrphanEntity(id=r[0], kind=r[1], label=r[2]) for r in rows], total


def name_collisions(
    con: duckdb.DuckDBPyConnection, settings: HygieneSettings
) -> list[NameCollision]:
    """Normalised labels and aliases shared within a kind, and cross-reference ids (an alias
    such as `OMIM:123456`, or another entity's own id) carried by two entities of any kind.
    Groups above duplicate_max_group come back with no members (only counted)."""
    names = (
        "SELECT id, kind, label AS name FROM entities "
        "UNION ALL SELECT id, kind, unnest(aliases) AS name FROM entities"
    )
    normalised = _NORMALISE.format("name")
    rows = con.execute(
        f"""
        WITH names AS ({names}),
        by_name AS (
            SELECT kind, {normalised} AS name, list(DISTINCT id ORDER BY id) AS ids
            FROM names WHERE kind NOT IN (SELECT unnest($excluded::VARCHAR[]))
            GROUP BY kind, {normalised}
            HAVING count(DISTINCT id) > 1 AND {normalised} <> ''),
        xrefs AS (
            SELECT lower(trim(name)) AS xref, id FROM names
            WHERE regexp_full_match(lower(trim(name)), $xref)
            UNION SELECT id, id FROM entities),
        by_xref AS (
            SELECT '*' AS kind, xref AS name, list(DISTINCT id ORDER BY id) AS ids
            FROM xrefs GROUP BY xref HAVING count(DISTINCT id) > 1)
        SELECT kind, name, CASE WHEN len(ids) <= $max THEN ids ELSE [] END, false, len(ids)
        FROM by_name
        UNION ALL
        SELECT kind, name, CASE WHEN len(ids) <= $max THEN ids ELSE [] END, true, len(ids)
        FROM by_xref
        ORDER BY 4, 1, 2
    """,
        {
            "excluded": list(settings.duplicate_excluded_kinds),
            "xref": _XREF,
            "max": settings.duplicate_max_group,
        },
    ).fetchall()
    return [
        NameCollision(
            name=r[1], kind=r[0], entities=tuple(r[2]), cross_reference=bool(r[3]), size=int(r[4])
        )
        for r in rows
    ]


def learned_duplicates(
    con: duckdb.DuckDBPyConnection, min_similarity: float
) -> list[LearnedDuplicate]:
    rows = con.execute(
        "SELECT entity_a, entity_b, similarity, model FROM duplicate_candidates "
        "WHERE similarity >= ? ORDER BY entity_a, entity_b",
        [min_similarity],
    ).fetchall()
    return [
        LearnedDuplicate(entity_a=a, entity_b=b, similarity=float(s), model=m)
        for a, b, s, m in rows
    ]
