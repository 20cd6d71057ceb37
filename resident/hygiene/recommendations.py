"""Recommendations as they live in the graph (table recommendations, migrations 001 and 005):
what the self-evaluation files and the owner accepts or rejects. A status is only a person's
verdict; accepting a recommendation applies nothing. The records live with the graph's other
records (resident.records); this module turns findings into them."""

from __future__ import annotations

from resident.hygiene.rules import Finding
from resident.records import (
    RECOMMENDATION_STATUSES,
    FiledCounts,
    FiledFinding,
    Recommendation,
    RecommendationStatus,
)

__all__ = [
    "RECOMMENDATION_STATUSES",
    "FiledCounts",
    "FiledFinding",
    "Recommendation",
    "RecommendationStatus",
    "filed",
]


def filed(f: Finding) -> FiledFinding:
    """A finding as the graph owner files it."""
    return FiledFinding(
        id=f.id,
        kind=f.kind,
        target=f.target,
        detail=f.detail,
        action=f.action,
        evidence=dict(f.evidence),
    )
