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

The learner's own proposals resolved against (a person answered no to his guess, a grounded edge
won the conflict, it would close a cycle: the ledger's `refuted`) are replayed too, as explicit
negatives (`refuted_negatives`): a "no" corrects his own belief as a person's correction does,
so it takes a correction's weight, times its priority (recency since it was refuted, surprise:
the score he gave it). The learner contrasts each with the held edges of its head and of its
tail (`hard_rows`), so it stops ranking it, and what resembles it, high. The ledger keeps every
refuted proposal; the night replays the `capacity` of highest priority (the buffer's bound).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from resident.learning.proposals import Proposal
from resident.records import Experience

Triple = tuple[str, str, str]


def priority(e: Experience, now: datetime) -> float:
    """Recency (halving every RECENCY_HALF_LIFE_DAYS) plus weighted surprise."""
    return _priority(e.recorded_at, e.surprise, now)


def _priority(at: datetime, surprise: float, now: datetime) -> float:
    # Imported here: the learner's child unpickles Replayed rows and never loads the graph's
    # modules (resident.memory.learning_store imports DuckDB).
    from resident.memory.learning_store import RECENCY_HALF_LIFE_DAYS, SURPRISE_WEIGHT

    age_days = max(0.0, (now - at).total_seconds() / 86400)
    return 2.0 ** (-age_days / RECENCY_HALF_LIFE_DAYS) + SURPRISE_WEIGHT * surprise


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


def refuted_negatives(
    proposals: Iterable[Proposal], now: datetime, kind_weights: Mapping[str, float], capacity: int
) -> tuple[dict[Triple, float], list[Replayed]]:
    """Tonight's explicit negatives: each refuted proposal's training weight (1 + a
    correction's kind weight times its priority), the `capacity` of highest priority; and
    their rows for the artifact, best first."""
    scored = []
    for p in proposals:
        if p.status == "refuted" and ":" in p.object_entity:
            at = p.closed_at or p.opened_at or now
            pr = _priority(at, min(1.0, max(0.0, p.score)), now)
            scored.append((pr, p.triple))
    scored.sort(key=lambda x: (-x[0], x[1]))
    weights: dict[Triple, float] = {}
    rows: list[Replayed] = []
    for pr, t in scored[: max(0, capacity)]:
        w = 1.0 + kind_weights.get("corrected", 1.0) * pr
        weights[t] = w
        rows.append(Replayed("refuted", f"{' '.join(t)} (a negative)", round(pr, 4), round(w, 4)))
    return weights, rows


#: A negative is contrasted with at most this many held edges on each side.
HARD_PER_SIDE = 4

#: One hard contrast: a held edge (h, r, t), the side corrupted (2: tail, 0: head), the refuted
#: entity in its place, and the negative's weight.
Hard = tuple[str, str, str, int, str, float]


def hard_rows(negatives: Mapping[Triple, float], held: Iterable[Triple]) -> list[Hard]:
    """Each refuted (h, r, n) as contrasts the learner trains on: for a held (h, r, t), n is
    the tail it must score below t; for a held (x, r, n), h is the head it must score below x.
    A negative whose ends hold no edge of that relation teaches nothing here."""
    by_head: dict[tuple[str, str], list[Triple]] = {}
    by_tail: dict[tuple[str, str], list[Triple]] = {}
    for h, r, t in held:
        by_head.setdefault((h, r), []).append((h, r, t))
        by_tail.setdefault((r, t), []).append((h, r, t))
    out: list[Hard] = []
    for (h, r, n), w in sorted(negatives.items()):
        for e in sorted(by_head.get((h, r), []))[:HARD_PER_SIDE]:
            if e[2] != n:
                out.append((*e, 2, n, w))
        for e in sorted(by_tail.get((r, n), []))[:HARD_PER_SIDE]:
            if e[0] != h:
                out.append((*e, 0, h, w))
    return out
