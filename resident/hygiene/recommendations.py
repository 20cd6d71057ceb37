"""Recommendations as they live in the graph (table recommendations, migrations 001 and 005):
what the self-evaluation files and the owner accepts or rejects. A status is only a person's
verdict; accepting a recommendation applies nothing."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from resident.hygiene.rules import Finding, FindingKind

Status = Literal["open", "accepted", "rejected"]
STATUSES: tuple[Status, ...] = ("open", "accepted", "rejected")


class FiledFinding(BaseModel):
    """A finding on its way to the graph owner (over the wire too)."""

    id: str
    kind: FindingKind
    target: str
    detail: str
    action: str
    evidence: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def of(cls, f: Finding) -> FiledFinding:
        return cls(
            id=f.id,
            kind=f.kind,
            target=f.target,
            detail=f.detail,
            action=f.action,
            evidence=dict(f.evidence),
        )


class Recommendation(BaseModel):
    id: str
    kind: str
    target: str
    detail: str
    action: str
    evidence: dict[str, Any]
    status: Status
    created_at: datetime
    last_seen_at: datetime
    seen_count: int
    status_changed_at: datetime | None


class FiledCounts(BaseModel):
    """What one evaluation did to the table: new rows, rows found again (status kept)."""

    new: int
    seen_again: int
