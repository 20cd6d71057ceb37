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

#: Stable id prefixes (docs/architecture.md): ontology ids, drug codes, places, people, concepts.
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
    # Documents MAX has read: doc:<sha256 of the file> (resident.literature).
    "doc",
)
# \Z, not $: `$` also matches before a trailing newline, so "is_a\n" passed here and failed in
# the database's CHECK (migration 001 holds the same patterns; tests hold the two equal).
ENTITY_ID_RE = re.compile(rf"^({'|'.join(ID_PREFIXES)}):[^\s]+\Z")
PREDICATE_RE = re.compile(r"^[a-z][a-z0-9_]{0,63}\Z")
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


#: The roles a statement's other arguments are kept under (migration 009), beside its claim.
QUALIFIER_ROLES = frozenset(
    {
        "agent",
        "theme",
        "recipient",
        "location",
        "destination",
        "origin",
        "time",
        "duration",
        "quantity",
        "age",
        "companion",
        "instrument",
        "purpose",
        "manner",
        "modality",
        "change",
        "source_text",
    }
)


class Qualifier(_Record):
    """One argument of a statement that is not its claim's subject or object: "with his
    family" is (companion, "his family"), "to Jasper" is (destination, "Jasper")."""

    role: str = Field(min_length=1, max_length=32)
    value: str = Field(min_length=1, max_length=512)
    #: The entity the value names, when it names one MAX holds.
    entity_id: str | None = None

    @field_validator("role")
    @classmethod
    def _role(cls, v: str) -> str:
        if v not in QUALIFIER_ROLES:
            raise ValueError(f"qualifier role {v!r} is not one of {sorted(QUALIFIER_ROLES)}")
        return v

    @field_validator("entity_id")
    @classmethod
    def _entity(cls, v: str | None) -> str | None:
        return None if v is None else check_entity_id(v)


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
    #: When what the claim says happened (valid time), as resolved from what was said.
    occurred_at: datetime | None = None

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


class StatementWrite(_Record):
    """One statement to store: its main claim and the qualifiers for its other roles."""

    claim: NewClaim
    qualifiers: tuple[Qualifier, ...] = ()


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
    session_id: str | None = None
    correlation_id: str | None = None
    #: When what the claim says happened (valid time); None when nothing was said about it.
    occurred_at: datetime | None = None
    #: When what the claim says stopped being true (migration 010); None while it holds.
    valid_to: datetime | None = None

    def valid_at(self, when: datetime) -> bool:
        """Does what the claim says still hold at `when`?"""
        return self.valid_to is None or self.valid_to > when

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


# -- sleep consolidation (replay buffer, duplicate candidates) ------------------------------

Kind = Literal["learned", "retrieved", "corrected", "conflict_resolved", "gap_closed"]


class Experience(BaseModel):
    id: str
    kind: Kind
    claim_id: str | None
    subject: str
    predicate: str
    object: str
    confidence: float = Field(ge=0.0, le=1.0)
    surprise: float = Field(ge=0.0, le=1.0)
    recorded_at: datetime


class DuplicateCandidate(BaseModel):
    """Two entities the learner finds near-identical (cosine of their embeddings): for the
    hygiene self-evaluation to judge; nothing is merged."""

    entity_a: str
    entity_b: str
    similarity: float
    model: str


class Promotion(_Record):
    """One claim promote_to_fact raised, and the independent origins that earned it."""

    claim_id: str
    statement: str
    origins: tuple[str, ...]


class PromotionReport(_Record):
    """What one sweep for earned FACTs did: how many, why (tallied by the kinds of origin
    behind each, e.g. `database:omim + publication`), and a sample of the promotions."""

    now: datetime
    candidates: int
    promoted: int
    refused: int
    already_fact: int
    reasons: dict[str, int]
    sample: tuple[Promotion, ...]
    seconds: float


class Ladder(_Record):
    """The graph's epistemic ladder: claims per rung and provenance class, and the confidence
    histogram (ten bins over 0..1, the last closed)."""

    rungs: dict[str, dict[str, int]]
    histogram: list[int]

    @property
    def total(self) -> int:
        return sum(sum(by_class.values()) for by_class in self.rungs.values())

    def count(self, rung: str) -> int:
        return sum(self.rungs.get(rung, {}).values())


# -- the model council (council_sittings, migration 006) ----------------------------------


class QuestionKind(StrEnum):
    #: "Is this statement true?": supported | refuted | unknown.
    STATEMENT = "statement"
    #: "What is the <predicate> of <subject>?": a value | unknown.
    VALUE = "value"


class Verdict(StrEnum):
    SUPPORTED = "supported"
    REFUTED = "refuted"
    UNKNOWN = "unknown"
    VALUE = "value"


class Agreement(StrEnum):
    #: Providers of enough different vendor families gave one verdict and none contradicted it.
    AGREED = "agreed"
    #: Readable answers contradict each other.
    SPLIT = "split"
    #: Too few families answered (one answer, none, only "unknown", failures).
    INSUFFICIENT = "insufficient"


class Outcome(StrEnum):
    #: Agreed "supported" or an agreed value: peer:<model> claims written, capped at hint.
    APPLIED = "applied"
    #: Agreed "refuted": recorded on the sitting and the gap; the graph holds no negations.
    NOTED = "noted"
    #: Not agreed: a curiosity gap filed (none was open) or kept open with the split noted.
    GAP_FILED = "gap_filed"
    GAP_KEPT = "gap_kept"


class Question(BaseModel):
    """One question as it leaves the house: rendered from a claim or a gap, never with a
    person's data (Rule 8)."""

    model_config = ConfigDict(frozen=True)

    kind: QuestionKind
    subject: str
    predicate: str
    object_entity: str | None = None
    object_literal: str | None = None
    claim_id: str | None = None
    gap_id: str | None = None
    #: The text each provider is sent (with the shared system prompt).
    text: str
    #: sha256 of the kind and text: the cache key, with the model.
    key: str

    @property
    def object_value(self) -> str | None:
        return self.object_entity if self.object_entity is not None else self.object_literal


class PanelAnswer(BaseModel):
    """One provider's answer to one question: a readable verdict, or why there is none."""

    model_config = ConfigDict(frozen=True)

    provider: str
    family: str
    model: str
    verdict: Verdict | None = None
    value: str | None = None
    reason: str = ""
    #: Why the answer counts for nothing (no key, timeout, rate limit, unreadable ...).
    error: str | None = None
    calls: int = 0
    tokens: int = 0
    cost_usd: float = 0.0
    cached: bool = False

    @property
    def readable(self) -> bool:
        return self.error is None and self.verdict is not None


class Sitting(BaseModel):
    """One question put to the council: every answer, the agreement, what was done, the cost."""

    model_config = ConfigDict(frozen=True)

    id: str
    question_key: str
    kind: QuestionKind
    subject: str
    predicate: str
    object: str | None = None
    claim_id: str | None = None
    gap_id: str | None = None
    question: str
    answers: list[PanelAnswer]
    agreement: Agreement
    #: The agreed verdict ("supported", "refuted" or "value:<normalised value>").
    verdict: str | None = None
    outcome: Outcome
    #: Claims written (peer:<model>, at most the hint confidence).
    applied: list[str] = Field(default_factory=list)
    note: str
    calls: int = 0
    tokens: int = 0
    cost_usd: float = 0.0
    seconds: float = 0.0
    sat_at: datetime
    session_id: str | None = None
    correlation_id: str | None = None


# -- schema hygiene's recommendations (resident.hygiene files them, the owner judges them) ----

RecommendationStatus = Literal["open", "accepted", "rejected"]
RECOMMENDATION_STATUSES: tuple[RecommendationStatus, ...] = ("open", "accepted", "rejected")


class FiledFinding(BaseModel):
    """A finding on its way to the graph owner (over the wire too)."""

    id: str
    kind: Literal["redundant_predicate", "orphan_entity", "duplicate_entity", "missing_inverse"]
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


class QuestionStatus(StrEnum):
    PENDING = "pending"
    ASKED = "asked"
    ANSWERED = "answered"
    UNANSWERED = "unanswered"


class HouseQuestion(_Record):
    """A question MAX means to ask one person about one curiosity gap (migration 010)."""

    id: str
    gap_id: str
    person_id: str
    subject: str
    predicate: str
    claim_ids: list[str]
    #: The person asked is the one the claim is about.
    first_hand: bool
    text: str
    status: QuestionStatus = QuestionStatus.PENDING
    created_at: datetime
    asked_at: datetime | None = None
    answered_at: datetime | None = None
    answer: str | None = None


class GapContext(_Record):
    """What the exploration loop reads for one gap, in one batch read (issue 26, point 6): the
    claims with its subject and predicate, the conflicts touching them, their evidence rows'
    sources by claim id."""

    gap_id: str
    claims: list[Claim]
    conflicts: list[Conflict]
    evidence: dict[str, list[str]]


class GapAttempt(_Record):
    """One attempt at a gap, written with the rest of its batch."""

    gap_id: str
    resolved: bool
    note: str


class ClaimWrite(_Record):
    """A claim's confidence and level as a batch of the exploration loop leaves them, with
    what they were when the batch read them (the store writes only if they still are)."""

    id: str
    confidence: float
    level: Level
    read_confidence: float
    read_level: Level


class GapSettlement(_Record):
    """What one batch of the exploration loop writes, decided by the rules gap by gap
    (resident.cognition.settling) and applied by the store in one transaction: the claims it
    promoted or lowered, the conflicts it resolved, each resolution's winner as it stood (for
    the replay buffer), the questions it filed and every gap's attempt."""

    attempts: list[GapAttempt]
    claims: list[ClaimWrite] = Field(default_factory=list)
    conflicts: list[Conflict] = Field(default_factory=list)
    winners: list[Claim] = Field(default_factory=list)
    questions: list[HouseQuestion] = Field(default_factory=list)
