"""The epistemic rules written as SQL, beside the store that runs them. Each mirrors a pure
function of resident.cognition.epistemic; tests hold the two equal
(tests/memory/test_sql_mirrors.py, tests/cognition/test_epistemic.py)."""

from __future__ import annotations

from datetime import timedelta

from resident.cognition import epistemic
from resident.config import Settings
from resident.memory.rows import (
    CLAIM_COLUMNS,
)

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


def _bump_sql(settings: Settings) -> str:
    """SET clause for epistemic.retrieval_bump; the two are checked equal in the tests."""
    bump = settings.epistemic.retrieval_bump
    period_us = epistemic.bump_period(settings.epistemic) // timedelta(microseconds=1)
    conf = (
        f"CASE WHEN rung IS NOT NULL THEN confidence "
        f"WHEN epoch_us($now::TIMESTAMP) - epoch_us(retrieved_at) < {period_us} THEN confidence "
        f"ELSE greatest(confidence, least(confidence + {bump}, {_cap_sql(settings)})) END"
    )
    return f"confidence = {conf}, retrieved_at = $now"


def _decay_sql(settings: Settings) -> str:
    """decay_stale_facts in one set-based statement; mirrors epistemic.decay_step."""
    d = settings.decay
    conf = f"greatest(confidence * {d.factor}, {d.floor})"
    return (
        f"UPDATE claims SET confidence = {conf}, decayed_at = $now "
        f"WHERE rung IS NULL AND confidence < {d.threshold} "
        f"AND confidence > {d.floor} "
        f"AND retrieved_at <= $cutoff AND (decayed_at IS NULL OR decayed_at <= $cutoff)"
    )
