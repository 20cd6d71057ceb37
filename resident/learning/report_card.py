"""The monthly report card's arithmetic (pure): is MAX a little better each month?

A month's card (`MonthCard`) holds what was measured that month: his answer accuracy on his own
morning quiz, his calibration (the Brier score and a reliability table of the confidence he held
against what came of it: gaps verified or refuted, conflicts settled, proposals confirmed or
refuted), the ladder's counts, gaps opened and closed, proposals found true or false, the
learner's held-out MRR night by night, books read and people met. The cards form a history, one
per month; the first month is the baseline every later month is compared with (`trends`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Literal

from pydantic import BaseModel, Field

#: The metrics a trend is drawn for, with which way is better.
METRICS: dict[str, Literal["up", "down"]] = {
    "quiz_accuracy": "up",
    "brier": "down",
    "mrr": "up",
    "gaps_opened": "up",
    "gaps_closed": "up",
    "proposals_true": "up",
    "proposals_false": "down",
    "books_read": "up",
    "people_met": "up",
}

Source = Literal["gap", "conflict", "proposal"]


class Outcome(BaseModel):
    """One thing MAX held with a confidence, and what came of it (True: it held up)."""

    source: Source
    confidence: float = Field(ge=0.0, le=1.0)
    held_up: bool
    at: datetime
    what: str = ""


class Bin(BaseModel):
    """One row of the reliability table: confidences in [lo, hi)."""

    lo: float
    hi: float
    count: int
    mean_confidence: float
    held_up: float


class NightMark(BaseModel):
    at: datetime
    mrr: float
    hits10: float


class MonthCard(BaseModel):
    month: str
    computed_at: datetime
    quiz_asked: int = 0
    quiz_correct: int = 0
    brier: float | None = None
    outcomes: int = 0
    by_source: dict[str, int] = Field(default_factory=dict)
    reliability: list[Bin] = Field(default_factory=list)
    ladder: dict[str, int] = Field(default_factory=dict)
    gaps_opened: int = 0
    gaps_closed: int = 0
    proposals_true: int = 0
    proposals_false: int = 0
    nights: list[NightMark] = Field(default_factory=list)
    books_read: int = 0
    people_met: int = 0

    @property
    def quiz_accuracy(self) -> float | None:
        return self.quiz_correct / self.quiz_asked if self.quiz_asked else None

    @property
    def mrr(self) -> float | None:
        """The month's last night's held-out MRR (where the learner ended the month)."""
        return self.nights[-1].mrr if self.nights else None

    def value(self, metric: str) -> float | None:
        v = getattr(self, metric)
        return None if v is None else float(v)


class Trend(BaseModel):
    """One metric over the months: each month's value, its change on the month before and on
    the baseline (the first month), and whether the latest month is better than the baseline
    (strictly; None when there is nothing to compare yet)."""

    metric: str
    better: Literal["up", "down"]
    months: list[str]
    values: list[float | None]
    change_on_previous: float | None
    change_on_baseline: float | None
    improved: bool | None


def month_of(at: datetime) -> str:
    """'YYYY-MM' of an instant, in UTC (the card's months are UTC months)."""
    at = at if at.tzinfo else at.replace(tzinfo=UTC)
    return f"{at.astimezone(UTC):%Y-%m}"


def month_bounds(month: str) -> tuple[datetime, datetime]:
    """[start, end) of a 'YYYY-MM' month in UTC; a malformed month raises ValueError."""
    start = datetime.strptime(month, "%Y-%m").replace(tzinfo=UTC)
    end = (
        start.replace(year=start.year + 1, month=1)
        if start.month == 12
        else start.replace(month=start.month + 1)
    )
    return start, end


def previous_month(month: str) -> str:
    start, _ = month_bounds(month)
    return f"{start.year - 1}-12" if start.month == 1 else f"{start.year}-{start.month - 1:02d}"


def in_month(at: datetime | None, month: str) -> bool:
    if at is None:
        return False
    return month_of(at) == month


def brier(outcomes: Iterable[Outcome]) -> float | None:
    """Mean squared gap between confidence and outcome (0 is perfect, 0.25 is always saying
    0.5); None when nothing came of anything yet."""
    sq = [(o.confidence - (1.0 if o.held_up else 0.0)) ** 2 for o in outcomes]
    return sum(sq) / len(sq) if sq else None


def reliability(outcomes: Iterable[Outcome], bins: int = 5) -> list[Bin]:
    """Confidence in `bins` equal-width bins over [0, 1] (1.0 falls in the last): per bin, how
    many, their mean confidence and the share that held up. Empty bins are left out."""
    if bins < 1:
        raise ValueError("bins must be at least 1")
    rows: list[list[Outcome]] = [[] for _ in range(bins)]
    for o in outcomes:
        rows[min(bins - 1, int(o.confidence * bins))].append(o)
    out = []
    for i, row in enumerate(rows):
        if row:
            out.append(
                Bin(
                    lo=i / bins,
                    hi=(i + 1) / bins,
                    count=len(row),
                    mean_confidence=sum(o.confidence for o in row) / len(row),
                    held_up=sum(o.held_up for o in row) / len(row),
                )
            )
    return out


def upsert(history: Sequence[MonthCard], card: MonthCard) -> list[MonthCard]:
    """The history with `card` in its month's place (a month recomputed replaces its card),
    in month order."""
    kept = {c.month: c for c in history}
    kept[card.month] = card
    return [kept[m] for m in sorted(kept)]


def trends(history: Sequence[MonthCard]) -> list[Trend]:
    """Every metric of METRICS over the months of `history` (the first month the baseline)."""
    cards = sorted(history, key=lambda c: c.month)
    months = [c.month for c in cards]
    out = []
    for metric, better in METRICS.items():
        values = [c.value(metric) for c in cards]
        known = [v for v in values if v is not None]
        last = values[-1] if values else None
        prev = values[-2] if len(values) > 1 else None
        base = known[0] if known else None
        on_prev = None if last is None or prev is None else last - prev
        on_base = None if last is None or base is None or len(known) < 2 else last - base
        improved = None if on_base is None else (on_base > 0 if better == "up" else on_base < 0)
        out.append(
            Trend(
                metric=metric,
                better=better,
                months=months,
                values=values,
                change_on_previous=on_prev,
                change_on_baseline=on_base,
                improved=improved,
            )
        )
    return out
