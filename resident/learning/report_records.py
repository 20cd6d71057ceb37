"""The report card's month, read from the graph and MAX's own records, and the history of
cards kept on disk.

What each measure is read from:
- the quiz: the morning quiz's questions (resident.learning.quiz.quiz_items), asked of MAX
  booted on a snapshot (the caller's taker; asking is a retrieval, so never on the live graph);
  an answer is correct when the statements he rests it on include one he holds about the
  question's subject;
- calibration outcomes settled in the month: proposals confirmed or refuted (the learner's score
  at proposal time, from its ledger), conflicts settled (each side's confidence before the
  settlement: the loser's is read back from the ladder's halving) and gaps about a claim closed
  (the claim's confidence; it held up unless it lost a conflict);
- the ladder's counts (every claim's rung now), gaps opened and closed in the month, the
  learner's nights in the month (its checkpoint's runs), documents read (doc: entities) and
  people met (person: entities) first seen in the month.

The history (every month's card) is a JSON file under <data dir>/reports, replaced atomically,
so it survives restarts; the chart is written beside it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from resident.config import Settings
from resident.errors import InvalidInput
from resident.learning.checkpoint import checkpoint_path, load_checkpoint, load_ledger
from resident.learning.consolidation import all_claims
from resident.learning.quiz import QuizAnswer, QuizItem
from resident.learning.report_card import (
    MonthCard,
    NightMark,
    Outcome,
    brier,
    in_month,
    reliability,
)
from resident.memory.client import GraphStore
from resident.records import Claim

REPORTS_DIR = "reports"
HISTORY_FILE = "report_cards.json"
#: Bins of the reliability table (equal width over [0, 1]).
RELIABILITY_BINS = 5

QuizRunner = Callable[[list[QuizItem]], dict[str, QuizAnswer]]


class History(BaseModel):
    cards: list[MonthCard] = Field(default_factory=list)


def reports_dir(settings: Settings) -> Path:
    return settings.data_dir / REPORTS_DIR


def history_path(settings: Settings) -> Path:
    return reports_dir(settings) / HISTORY_FILE


def chart_path(settings: Settings, month: str) -> Path:
    return reports_dir(settings) / f"report-card-{month}.png"


def load_history(settings: Settings) -> list[MonthCard]:
    """Every month's card so far (none before the first); a damaged file is a typed error,
    never silently a new baseline."""
    path = history_path(settings)
    if not path.exists():
        return []
    try:
        return History.model_validate_json(path.read_bytes()).cards
    except ValueError as exc:
        raise InvalidInput(f"report card history {path} is unreadable: {exc}") from exc


def save_history(settings: Settings, cards: list[MonthCard]) -> Path:
    from resident.state.atomic import replace_with

    path = history_path(settings)
    path.parent.mkdir(parents=True, exist_ok=True)
    body = History(cards=cards).model_dump_json(indent=1).encode()
    replace_with(path, lambda fh: fh.write(body))
    return path


def quiz_score(items: list[QuizItem], answers: dict[str, QuizAnswer]) -> tuple[int, int]:
    """(asked, correct): correct when the answer rests on a statement held about the subject."""
    correct = sum(
        1
        for q in items
        if (a := answers.get(q.question)) is not None
        and any(h.split(" ", 1)[0] == q.subject for h in a.held)
    )
    return len(items), correct


def _rows(graph: GraphStore, table: str) -> list[dict[str, Any]]:
    return list(graph.export_table(table).read_all().to_pylist())  # type: ignore[attr-defined]


def _aware(at: datetime) -> datetime:
    """The graph stores naive UTC timestamps."""
    return at if at.tzinfo else at.replace(tzinfo=UTC)


def _utc(at: datetime | None) -> datetime | None:
    return None if at is None else _aware(at)


def ladder_counts(claims: list[Claim]) -> dict[str, int]:
    out = {"fact": 0, "belief": 0, "hypothesis": 0, "opinion": 0}
    for c in claims:
        out[c.level.value] = out.get(c.level.value, 0) + 1
    return out


def _before_settlement(claim: Claim, lost: bool) -> float:
    """The confidence a claim held before a settlement: the loser's was halved by it."""
    return min(1.0, claim.confidence * 2) if lost else claim.confidence


def outcomes(
    graph: GraphStore, settings: Settings, claims: dict[str, Claim], month: str
) -> list[Outcome]:
    """What came of what MAX held, settled in `month`: proposals, conflicts, gaps on claims."""
    out: list[Outcome] = []
    for p in load_ledger(settings.data_dir).proposals:
        closed = _utc(p.closed_at)
        if p.status in ("confirmed", "refuted") and closed is not None and in_month(closed, month):
            out.append(
                Outcome(
                    source="proposal",
                    confidence=min(1.0, max(0.0, p.score)),
                    held_up=p.status == "confirmed",
                    at=closed,
                    what=" ".join(p.triple),
                )
            )
    losers: set[str] = set()
    for x in _rows(graph, "conflicts"):
        if x["status"] != "resolved":
            continue
        loser = x["claim_b"] if x["winner"] == x["claim_a"] else x["claim_a"]
        losers.add(loser)
        at = _utc(x["resolved_at"])
        if not in_month(at, month) or at is None:
            continue
        for cid in (x["winner"], loser):
            if cid in claims:
                out.append(
                    Outcome(
                        source="conflict",
                        confidence=_before_settlement(claims[cid], cid == loser),
                        held_up=cid != loser,
                        at=at,
                        what=cid,
                    )
                )
    for g in _rows(graph, "curiosity_gaps"):
        at = _utc(g["updated_at"])
        cid = g.get("claim_id")
        if g["status"] == "resolved" and cid in claims and at is not None and in_month(at, month):
            out.append(
                Outcome(
                    source="gap",
                    confidence=_before_settlement(claims[cid], cid in losers),
                    held_up=cid not in losers,
                    at=at,
                    what=g["id"],
                )
            )
    return out


def nights_in(settings: Settings, month: str) -> list[NightMark]:
    """The learner's nights in `month`, from its checkpoint's runs (none before the first)."""
    ckpt = load_checkpoint(checkpoint_path(settings.data_dir))
    marks = [
        NightMark(at=_aware(datetime.fromisoformat(r["at"])), mrr=r["mrr"], hits10=r["hits10"])
        for r in (ckpt or {}).get("runs", [])
    ]
    return sorted((m for m in marks if in_month(m.at, month)), key=lambda m: m.at)


def gather(
    graph: GraphStore,
    settings: Settings,
    month: str,
    now: datetime,
    items: list[QuizItem],
    answers: dict[str, QuizAnswer],
) -> MonthCard:
    """The card for `month`, as the graph and records stand at `now`."""
    claims = all_claims(graph)
    by_id = {c.id: c for c in claims}
    settled = outcomes(graph, settings, by_id, month)
    gaps = _rows(graph, "curiosity_gaps")
    ents = _rows(graph, "entities")
    ledger = load_ledger(settings.data_dir).proposals
    asked, correct = quiz_score(items, answers)

    def first_seen(prefix: str) -> int:
        return sum(
            1 for e in ents if e["id"].startswith(prefix) and in_month(_utc(e["created_at"]), month)
        )

    by_source: dict[str, int] = {}
    for o in settled:
        by_source[o.source] = by_source.get(o.source, 0) + 1
    return MonthCard(
        month=month,
        computed_at=now,
        quiz_asked=asked,
        quiz_correct=correct,
        brier=brier(settled),
        outcomes=len(settled),
        by_source=by_source,
        reliability=reliability(settled, RELIABILITY_BINS),
        ladder=ladder_counts(claims),
        gaps_opened=sum(1 for g in gaps if in_month(_utc(g["created_at"]), month)),
        gaps_closed=sum(
            1 for g in gaps if g["status"] == "resolved" and in_month(_utc(g["updated_at"]), month)
        ),
        proposals_true=sum(
            1 for p in ledger if p.status == "confirmed" and in_month(_utc(p.closed_at), month)
        ),
        proposals_false=sum(
            1 for p in ledger if p.status == "refuted" and in_month(_utc(p.closed_at), month)
        ),
        nights=nights_in(settings, month),
        books_read=first_seen("doc:"),
        people_met=first_seen("person:"),
    )
