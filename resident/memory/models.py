"""The graph's records: entities, claims, evidence, conflicts, curiosity gaps.

Pydantic models, so the same shapes validate input at the edges, cross the daemon's HTTP API
and come back out of the store.
"""

from __future__ import annotations

import hashlib
import re
from datetime import datetime
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

#: Stable id prefixes (ARCHITECTURE.md): ontology ids, drug codes, places, people, concepts.
ID_PREFIXES = (
    "hp",
    "omim",
    "orpha",
    "doid",
    "uberon",
    "rxnorm",
    "atc",
    "geonames",
    "person",
    "concept",
)
ENTITY_ID_RE = re.compile(rf"^({'|'.join(ID_PREFIXES)}):[^\s]+$")
PREDICATE_RE = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
MAX_LABEL_CHARS = 1000


class Level(StrEnum):
    """The epistemic ladder's rungs; OPINION sits off the truth rungs."""

    HYPOTHESIS = "hypothesis"
    BELIEF = "belief"
    FACT = "fact"
    OPINION = "opinion"


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


EntityId = Annotated[str, Field(min_length=3, max_length=512)]


def check_entity_id(value: str) -> str:
    if not ENTITY_ID_RE.match(value):
        expected = ", ".join(p + ":" for p in ID_PREFIXES)
        raise ValueError(f"{value!r} is not a stable id; expected one of {expected}")
    return value


class Entity(_Record):
    id: EntityId
    kind: str = Field(min_length=1, max_length=64)
    label: str = Field(min_length=1, max_length=MAX_LABEL_CHARS)
    aliases: tuple[str, ...] = ()

    @field_validator("id")
    @classmethod
    def _stable_id(cls, v: str) -> str:
        return check_entity_id(v)


class NewClaim(_Record):
    """A claim as offered to the graph, before the ladder decides its rung."""

    subject: EntityId
    predicate: str
    object_entity: str | None = None
    object_literal: str | None = None
    confidence: float = Field(ge=0.0, le=1.0)
    provenance: str = Field(min_length=1, max_length=512)
    opinion: bool = False
    #: Where in the source the evidence sits (a line, a page, a sensor reading id).
    locator: str | None = Field(default=None, max_length=1000)

    @field_validator("subject")
    @classmethod
    def _subject_id(cls, v: str) -> str:
        return check_entity_id(v)

    @field_validator("object_entity")
    @classmethod
    def _object_id(cls, v: str | None) -> str | None:
        return None if v is None else check_entity_id(v)

    @field_validator("predicate")
    @classmethod
    def _predicate(cls, v: str) -> str:
        if not PREDICATE_RE.match(v):
            raise ValueError(f"predicate {v!r} must be snake_case, 1 to 64 characters")
        return v

    @model_validator(mode="after")
    def _one_object(self) -> NewClaim:
        if (self.object_entity is None) == (self.object_literal is None):
            raise ValueError("a claim needs exactly one of object_entity and object_literal")
        if self.object_literal is not None and not self.object_literal.strip():
            raise ValueError("object_literal is empty")
        return self

    @property
    def object_value(self) -> str:
        return self.object_entity if self.object_entity is not None else str(self.object_literal)


class Claim(_Record):
    """A claim as the graph holds it."""

    id: str
    subject: str
    predicate: str
    object_entity: str | None
    object_literal: str | None
    confidence: float = Field(ge=0.0, le=1.0)
    level: Level
    provenance: str
    created_at: datetime
    retrieved_at: datetime
    decayed_at: datetime | None = None
    session_id: str | None = None
    correlation_id: str | None = None

    @property
    def object_value(self) -> str:
        return self.object_entity if self.object_entity is not None else str(self.object_literal)


class Evidence(_Record):
    claim_id: str
    source: str
    locator: str | None
    recorded_at: datetime


class ConflictStatus(StrEnum):
    OPEN = "open"
    RESOLVED = "resolved"


class Conflict(_Record):
    id: str
    claim_a: str
    claim_b: str
    subject: str
    predicate: str
    status: ConflictStatus
    winner: str | None = None
    reason: str
    created_at: datetime
    resolved_at: datetime | None = None


class GapStatus(StrEnum):
    OPEN = "open"
    RESOLVED = "resolved"


class CuriosityGap(_Record):
    id: str
    subject: str
    predicate: str
    question: str
    priority: int
    attempts: int = 0
    status: GapStatus = GapStatus.OPEN
    claim_id: str | None = None
    next_attempt_at: datetime
    created_at: datetime
    updated_at: datetime
    note: str | None = None


class DecayCounts(_Record):
    decayed: int
    now: datetime


class UpsertCounts(_Record):
    inserted: int
    updated: int
    unchanged: int


def claim_id(subject: str, predicate: str, object_value: str, source_key: str) -> str:
    """Stable claim id: the same statement from the same source is the same row, forever.

    The source key drops the dataset version, so a new release of a dataset updates its claims
    in place instead of adding a second copy beside them.
    """
    digest = hashlib.sha256(
        "\x1f".join((subject, predicate, object_value, source_key)).encode("utf-8")
    ).hexdigest()
    return "c_" + digest[:32]


def short_id(prefix: str, *parts: str) -> str:
    digest = hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()
    return f"{prefix}_{digest[:24]}"


# -- schema hygiene's recommendations (resident.hygiene files them, the owner judges them) ----

RecommendationStatus = Literal["open", "accepted", "rejected"]
RECOMMENDATION_STATUSES: tuple[RecommendationStatus, ...] = ("open", "accepted", "rejected")


class FiledFinding(BaseModel):
    """A finding on its way to the graph owner (over the wire too)."""

    id: str
    kind: Literal["redundant_predicate", "orphan_entity", "duplicate_entity",
                  "missing_inverse"]
    target: str
    detail: str
    action: str
    evidence: dict[str, Any] = Field(default_factory=dict)


class Recommendation(BaseModel):
    id: str
    kind: str
    target: str
    detail: str
    action: str
    evidence: dict[str, Any]
    status: RecommendationStatus
    created_at: datetime
    last_seen_at: datetime
    seen_count: int
    status_changed_at: datetime | None


class FiledCounts(BaseModel):
    """What one evaluation did to the table: new rows, rows found again (status kept)."""

    new: int
    seen_again: int
