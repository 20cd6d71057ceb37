"""The replay buffer: a bounded store of recent experience that sleep consolidation replays.

Rows live in the graph (table replay_buffer, migration 004), written through the graph owner,
so they survive restarts. Priority mixes recency and surprise (how far the learner's belief was
from what happened); when the buffer passes learning.replay_capacity the lowest-priority rows go.
The buffer is working memory, not claim history: trimming it never touches a claim.

What a night does with the replayed rows (`plan_replay`, pure): every replayed statement is
trained with more weight, by its kind (consolidation.replay_weights: a correction most, then a
settled conflict, a closed gap) times its priority. A row of kind `corrected` names the belief
MAX was corrected on: that statement is withdrawn from the night's positives (it was wrong), and
the correction that replaced it (the user_correction claim with the same subject and relation)
is replayed in its place with the correction's weight.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from resident.records import Experience

Triple = tuple[str, str, str]


def priority(e: Experience, now: datetime) -> float:
    """Recency (halving every RECENCY_HALF_LIFE_DAYS) plus weighted surprise."""
    # Imported here: the learner's child unpickles Replayed rows and never loads the graph's
    # modules (resident.memory.learning_store imports DuckDB).
    from resident.memory.learning_store import RECENCY_HALF_LIFE_DAYS, SURPRISE_WEIGHT

    age_days = max(0.0, (now - e.recorded_at).total_seconds() / 86400)
    return 2.0 ** (-age_days / RECENCY_HALF_LIFE_DAYS) + SURPRISE_WEIGHT * e.surprise


@dataclass(frozen=True)
class Replayed:
    """One replayed row as the artifact shows it."""

    kind: str
    statement: str
    priority: float
    weight: float


@dataclass
class ReplayPlan:
    #: Training weight multiplier per statement (1 for what was not replayed).
    weights: dict[Triple, float] = field(default_factory=dict)
    #: Statements MAX was corrected on: never a positive tonight.
    withdrawn: set[Triple] = field(default_factory=set)
    rows: list[Replayed] = field(default_factory=list)


def plan_replay(
    items: Iterable[Experience],
    now: datetime,
    kind_weights: Mapping[str, float],
    corrections: Mapping[tuple[str, str], Sequence[Triple]],
) -> ReplayPlan:
    """Weights and withdrawals for tonight's training from the replayed rows (best first).

    `corrections` maps (subject, relation) to the user_correction statements the graph holds
    for it. Rows about a literal (no entity object) teach the link learner nothing."""
    plan = ReplayPlan()
    for e in items:
        p = priority(e, now)
        w = 1.0 + kind_weights.get(e.kind, 1.0) * p
        if e.kind == "corrected":
            old = (e.subject, e.predicate, e.object)
            targets = [c for c in corrections.get((e.subject, e.predicate), ()) if c != old]
            if ":" in e.object:
                plan.withdrawn.add(old)
        else:
            targets = [(e.subject, e.predicate, e.object)] if ":" in e.object else []
        for t in targets:
            plan.weights[t] = max(plan.weights.get(t, 1.0), w)
        what = " ".join((e.subject, e.predicate, e.object)).strip()
        if e.kind == "corrected":
            what = f"{what} (withdrawn; replayed: {', '.join(' '.join(t) for t in targets)})"
        plan.rows.append(Replayed(e.kind, what, round(p, 4), round(w, 4)))
    for t in plan.withdrawn:
        plan.weights.pop(t, None)
    return plan
