"""The model council's records: a question, each provider's answer, and the sitting that holds
them (table council_sittings, migration 005), as the graph API and `resident why` show them."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


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
