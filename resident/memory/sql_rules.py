"""The epistemic rules written as SQL, beside the store that runs them. Each mirrors a pure
function of resident.cognition.epistemic; tests hold the two equal
(tests/memory/test_sql_mirrors.py, tests/cognition/test_epistemic.py)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

import pyarrow as pa

from resident.cognition import epistemic, independence
from resident.config import Settings
from resident.errors import UnknownProvenance
from resident.memory.rows import (
    CLAIM_COLUMNS,
)

#: Bins of the confidence histogram (GraphStore.confidence_histogram, dbt's histogram mart).
HISTOGRAM_BINS = 10

# -- the rules as SQL --------------------------------------------------------------------------


def _cap_sql(settings: Settings) -> str:
    """epistemic.provenance_cap as a SQL expression over the `provenance` column."""
    rules = settings.epistemic
    hint = " OR ".join(
        f"starts_with(provenance, '{c.value}:')" for c in sorted(epistemic.HINT_CLASSES)
    )
    return (
        f"CASE WHEN {hint} THEN {rules.hint_cap} "
        f"WHEN provenance = 'user_correction' OR starts_with(provenance, 'user_correction:') "
        f"THEN {rules.correction_confidence} ELSE {rules.non_fact_ceiling} END"
    )


def _level_sql(settings: Settings) -> str:
    """A claim's level from its stored rung and confidence: the fact and opinion rungs are
    state; below them the level is epistemic.level_for(confidence), computed on read so that
    no write has to keep it in step (claims.rung, migration 001)."""
    return (
        f"CASE WHEN rung IS NOT NULL THEN rung "
        f"WHEN confidence < {settings.epistemic.belief_at} THEN 'hypothesis' ELSE 'belief' END"
    )


def _claim_select(settings: Settings) -> str:
    """The select list that reads claims in CLAIM_COLUMNS order, with the level in rung's place."""
    return CLAIM_COLUMNS.replace(" rung,", f" {_level_sql(settings)} AS level,")


def _bump_confidence_sql(settings: Settings, at: str) -> str:
    """epistemic.retrieval_bump's confidence after a retrieval at the TIMESTAMP expression
    `at`; the two are checked equal in the tests."""
    bump = settings.epistemic.retrieval_bump
    period_us = epistemic.bump_period(settings.epistemic) // timedelta(microseconds=1)
    return (
        f"CASE WHEN rung IS NOT NULL THEN confidence "
        f"WHEN epoch_us({at}) - epoch_us(retrieved_at) < {period_us} THEN confidence "
        f"ELSE greatest(confidence, least(confidence + {bump}, {_cap_sql(settings)})) END"
    )


def _retrievals_sql(settings: Settings) -> str:
    """SET clause writing pending retrievals (memory/retrievals.py) that share their first and
    last retrieval: the bump at $first, `retrieved_at` $last."""
    conf = _bump_confidence_sql(settings, "$first::TIMESTAMP")
    return f"confidence = {conf}, retrieved_at = $last"


def _decay_sql(settings: Settings) -> str:
    """decay_stale_facts in one set-based statement that writes confidence alone; mirrors
    epistemic.decay_step and decay_due. Parameters: $now, $cutoff (now less the stale span) and
    $last_run (the last finished decay run, NULL before the first): a claim is due when the
    end of the latest stale span since its retrieval, retrieved_at + k spans, came after it."""
    d = settings.decay
    span_us = timedelta(days=d.stale_after_days) // timedelta(microseconds=1)
    unretrieved_us = "epoch_us($now::TIMESTAMP) - epoch_us(retrieved_at)"
    span_end_us = f"epoch_us(retrieved_at) + {span_us} * (({unretrieved_us}) // {span_us})"
    return (
        f"UPDATE claims SET confidence = greatest(confidence * {d.factor}, {d.floor}) "
        f"WHERE rung IS NULL AND confidence < {d.threshold} "
        f"AND confidence > {d.floor} AND retrieved_at <= $cutoff "
        f"AND ($last_run::TIMESTAMP IS NULL OR {span_end_us} > epoch_us($last_run::TIMESTAMP))"
    )


# -- independence of sources (resident.cognition.independence) in SQL ---------------------------
#
# The origins themselves are never computed in SQL: origin_tables applies the Python rule once
# per distinct provenance and per distinct evidence source, and the SQL below only composes them
# as epistemic.independent_sources does. The store's promotion sweep and dbt's FACT law
# (dbt/models/marts/fact_support.py) run this same text, so the two cannot drift apart.

#: The names origin_tables' two tables are registered under.
PROVENANCE_ORIGINS = "prov_origin"
SOURCE_ORIGINS = "source_origin"


def origin_tables(provenances: Sequence[str], sources: Sequence[str]) -> dict[str, pa.Table]:
    """The origin of each grounded provenance (the claim's own say-so, independence.
    witness_origins without rows) and of each evidence source (independence.source_origin);
    a provenance or source without an origin is left out, so it never counts."""
    own: dict[str, str] = {}
    for p in provenances:
        if not _grounded(p):
            continue
        origins = independence.witness_origins(independence.Witness(p))
        if origins:
            own[p] = next(iter(origins))
    cited = {s: o for s in sources if (o := independence.source_origin(s)) is not None}
    pair = pa.schema([("key", pa.string()), ("origin", pa.string())])
    return {
        PROVENANCE_ORIGINS: pa.table(
            {"key": list(own), "origin": list(own.values())}, schema=pair
        ).rename_columns(["provenance", "origin"]),
        SOURCE_ORIGINS: pa.table(
            {"key": list(cited), "origin": list(cited.values())}, schema=pair
        ).rename_columns(["source", "origin"]),
    }


def _grounded(provenance: str) -> bool:
    """epistemic.parse_provenance(p).grounded, False for a provenance it refuses."""
    try:
        return epistemic.parse_provenance(provenance).grounded
    except UnknownProvenance:
        return False


def witness_ctes(claims: str = "claims", evidence: str = "claim_evidence") -> str:
    """Three CTEs over `claims`, `evidence` and origin_tables' two tables:

    - `g` (id, subject, predicate, obj, own): the claims that may count (not opinions, grounded
      provenance), `obj` the object whichever kind it is;
    - `cited` (id, origin): the origins of the references a claim's evidence rows cite, other
      than its own;
    - `witness` (id, origin): a claim's origins, those it cites or else its own
      (independence.witness_origins); a statement's independent origins are the distinct
      witness origins of its claims (independence.statement_origins).
    """
    return (
        "g AS (SELECT c.id, c.subject, c.predicate, "
        "coalesce(c.object_entity, c.object_literal) AS obj, p.origin AS own "
        f"FROM {claims} c JOIN {PROVENANCE_ORIGINS} p USING (provenance) "
        "WHERE c.rung IS NULL OR c.rung = 'fact'), "
        "cited AS (SELECT g.id, so.origin FROM g "
        f"JOIN {evidence} e ON e.claim_id = g.id "
        f"JOIN {SOURCE_ORIGINS} so ON so.source = e.source AND so.origin <> g.own), "
        "witness AS (SELECT id, origin FROM cited UNION "
        "SELECT g.id, g.own FROM g ANTI JOIN cited USING (id))"
    )


def fact_support_sql(claims: str = "claims", evidence: str = "claim_evidence") -> str:
    """(claim_id, origins) for every FACT: how many independent origins its statement stands
    on (epistemic.independent_sources over the statement's claims); a FACT with none has a row
    with 0. dbt's law fact_has_independent_sources reads this."""
    return (
        f"WITH {witness_ctes(claims, evidence)}, "
        "support AS (SELECT g.subject, g.predicate, g.obj, count(DISTINCT w.origin) AS origins "
        "FROM g JOIN witness w USING (id) GROUP BY ALL) "
        "SELECT f.id AS claim_id, coalesce(s.origins, 0) AS origins "
        f"FROM {claims} f LEFT JOIN support s ON s.subject = f.subject "
        "AND s.predicate = f.predicate "
        "AND s.obj = coalesce(f.object_entity, f.object_literal) "
        "WHERE f.rung = 'fact'"
    )


def provenance_table(provenances: Sequence[str]) -> pa.Table:
    """(provenance, provenance_class, grounded, hint) for each distinct provenance, as
    epistemic.parse_provenance reads it; the class is NULL for a string it refuses. The store's
    ladder and dbt's staging model stg_provenances both join this, so neither spells the
    classes out again."""
    klass: list[str | None] = []
    for p in provenances:
        try:
            klass.append(epistemic.parse_provenance(p).klass.value)
        except UnknownProvenance:
            klass.append(None)
    hint = {c.value for c in epistemic.HINT_CLASSES}
    return pa.table(
        {
            "provenance": pa.array(list(provenances), pa.string()),
            "provenance_class": pa.array(klass, pa.string()),
            "grounded": pa.array([_grounded(p) for p in provenances], pa.bool_()),
            "hint": pa.array([k in hint for k in klass], pa.bool_()),
        }
    )
