"""What a consolidation night may propose, and how its proposals live and die (pure rules).

- Partial orders (`hygiene.acyclic_relations`: is_a, part_of): a candidate link is never the
  reverse of a held edge, never one that closes a cycle, and never one the held edges already
  entail (a grandparent is no news); `order_verdict` says which.
- Calibration (`calibrate`): the learner's candidates for the (head, relation) pairs it knows are
  scored against the held-out edges; the threshold is the lowest score at which the candidates
  above it are at least `precision_target` precise (with enough of them to say so). No threshold
  reaches the target: nothing is proposed that night.
- The ledger (`Ledger`): every proposal ever made, open until a grounded source confirms it, the
  held edges refute it (it would now close a cycle or reverse an edge) or it is left unconfirmed
  for `proposal_ttl_nights` nights (decayed). A closed proposal is never made again; at most
  `max_pending_proposals` are open at once.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

Triple = tuple[str, str, str]
Status = Literal["open", "confirmed", "refuted", "decayed"]


class OrderIndex:
    """The held edges of the declared partial orders, with memoised reachability."""

    def __init__(self, edges: Iterable[Triple], relations: Iterable[str]) -> None:
        self.relations = frozenset(relations)
        self.succ: dict[tuple[str, str], set[str]] = {}
        for h, r, t in edges:
            if r in self.relations:
                self.succ.setdefault((r, h), set()).add(t)
        self._up: dict[tuple[str, str], frozenset[str]] = {}

    def above(self, r: str, node: str) -> frozenset[str]:
        """Every node reachable from `node` along r (its ancestors under r), iteratively."""
        key = (r, node)
        if key in self._up:
            return self._up[key]
        seen: set[str] = set()
        stack = list(self.succ.get(key, ()))
        while stack:
            x = stack.pop()
            if x in seen:
                continue
            seen.add(x)
            if (r, x) in self._up:
                seen |= self._up[(r, x)]
                continue
            stack.extend(self.succ.get((r, x), ()))
        out = frozenset(seen)
        self._up[key] = out
        return out

    def path(self, r: str, start: str, goal: str) -> list[str]:
        """A chain start -> ... -> goal along r (the witness of a cycle), or [] when none."""
        prev: dict[str, str] = {}
        frontier, seen = [start], {start}
        while frontier:
            nxt = []
            for x in frontier:
                for y in sorted(self.succ.get((r, x), ())):
                    if y in seen:
                        continue
                    prev[y] = x
                    if y == goal:
                        chain = [y]
                        while chain[-1] != start:
                            chain.append(prev[chain[-1]])
                        return chain[::-1]
                    seen.add(y)
                    nxt.append(y)
            frontier = nxt
        return []


def order_verdict(index: OrderIndex, h: str, r: str, t: str) -> str | None:
    """Why h r t may not be proposed under a declared partial order, or None when it may."""
    if r not in index.relations:
        return None
    if h == t:
        return "a self-loop"
    if t in index.succ.get((r, h), ()):
        return "already held"
    if h in index.succ.get((r, t), ()):
        return f"the reverse of the held edge {t} {r} {h}"
    if h in index.above(r, t):
        return f"it would close a cycle ({' -> '.join(index.path(r, t, h))} -> {t})"
    if t in index.above(r, h):
        return f"the held {r} edges already entail it"
    return None


@dataclass(frozen=True)
class Calibration:
    """The night's threshold and the held-out precision at it."""

    threshold: float | None
    precision: float
    support: int
    candidates: int
    positives: int
    #: (threshold, precision, support) at a few points of the curve, for the artifact.
    curve: tuple[tuple[float, float, int], ...] = ()
    #: Whose candidates: the learner's, or the names' subsumption ranked with it.
    scorer: str = "learner"
    #: The precision's lower bound (Wilson, one-sided 90%) at the threshold's support: how
    #: little the candidates above it may be worth, given how few they are.
    lower: float = 0.0
    #: Which rule set the threshold: "held-out" (the calibration alone), "answers (...)"
    #: (scaled by what was answered about earlier proposals) or "exploration"
    #: (resident.learning.answers).
    rule: str = "held-out"
    #: The precision the answers estimate at the threshold (None: the held-out rule's own).
    estimate: float | None = None
    #: Whose candidates, by name alone (the `scorer` above may carry the rule's label).
    source: str = ""
    #: Each relation's calibration scores, highest first, where the scorer's proposals record
    #: their rank depth (resident.learning.depth_floor); empty for the others.
    ranked: tuple[tuple[str, tuple[float, ...]], ...] = ()


def wilson_lower(hits: int, n: int, z: float = 1.2816) -> float:
    """The one-sided lower confidence bound of a share of `hits` in `n` (Wilson's interval; z
    1.2816: 90%)."""
    if n <= 0 or hits <= 0:
        return 0.0
    p = hits / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, (centre - spread) / (1 + z * z / n))


def calibrate(scored: Sequence[tuple[float, bool]], target: float, min_support: int) -> Calibration:
    """The lowest score whose candidates at or above it are at least `target` precise, with at
    least `min_support` of them (the most recall at the precision asked for)."""
    ranked = sorted(scored, key=lambda x: -x[0])
    positives = sum(1 for _, ok in ranked if ok)
    best: tuple[float, float, int] | None = None
    curve: list[tuple[float, float, int]] = []
    tp = 0
    marks = {min_support, 10, 20, 50, 100, 200, 500, 1000}
    for k, (score, ok) in enumerate(ranked, 1):
        tp += ok
        # Ties: a threshold sits only where the score changes, so ties share one verdict.
        if k < len(ranked) and ranked[k][0] == score:
            continue
        prec = tp / k
        if k in marks or k == len(ranked):
            curve.append((score, round(prec, 4), k))
        if k >= min_support and prec >= target:
            best = (score, prec, k)
    if best is None:
        top = curve[0] if curve else (0.0, 0.0, 0)
        return Calibration(None, top[1], 0, len(ranked), positives, tuple(curve))
    lower = round(wilson_lower(round(best[1] * best[2]), best[2]), 4)
    return Calibration(
        best[0], round(best[1], 4), best[2], len(ranked), positives, tuple(curve), lower=lower
    )


class Entailed:
    """The truth a candidate of a partial order is calibrated by: a held-out edge, or an edge
    the held edges (`known` and `held_out` together) entail, as a proposal is judged true when
    the full graph holds or entails it. A relation that is no partial order: held-out only."""

    def __init__(self, known: Iterable[Triple], held_out: Iterable[Triple], orders: Iterable[str]):
        self.held_out = set(held_out)
        self.index = OrderIndex([*known, *self.held_out], orders)

    def __call__(self, h: str, r: str, t: str) -> bool:
        if (h, r, t) in self.held_out:
            return True
        return r in self.index.relations and t in self.index.above(r, h)


def calibrate_by_relation(
    scored: Sequence[tuple[float, str, bool]], target: float, min_support: int
) -> dict[str, Calibration]:
    """`calibrate` for each relation's (score, relation, true) candidates by themselves."""
    by: dict[str, list[tuple[float, bool]]] = {}
    for score, r, ok in scored:
        by.setdefault(r, []).append((score, ok))
    return {r: calibrate(xs, target, min_support) for r, xs in sorted(by.items())}


def pooled(cals: Mapping[str, Calibration], scorer: str) -> Calibration:
    """One calibration standing for several relations' (for the night's report and trail): the
    lowest of their thresholds, the precision and support of all candidates above their own
    relation's threshold together; with one relation, that relation's calibration."""
    if len(cals) == 1:
        (only,) = cals.values()
        return replace(only, scorer=scorer)
    found = [c for c in cals.values() if c.threshold is not None]
    total = sum(c.candidates for c in cals.values())
    positives = sum(c.positives for c in cals.values())
    if not found:
        return Calibration(None, 0.0, 0, total, positives, scorer=scorer)
    support = sum(c.support for c in found)
    hits = round(sum(c.precision * c.support for c in found))
    return Calibration(
        min(c.threshold for c in found if c.threshold is not None),
        round(hits / support, 4),
        support,
        total,
        positives,
        scorer=scorer,
        lower=round(wilson_lower(hits, support), 4),
        rule="; ".join(sorted({c.rule for c in found})),
    )


class Proposal(BaseModel):
    """One link the learner proposed, with its trail (score, the night's calibration)."""

    subject: str
    predicate: str
    object_entity: str
    score: float
    threshold: float = 0.0
    precision: float = 0.0
    version: int = 0
    opened_at: datetime | None = None
    claim_id: str = ""
    gap_id: str = ""
    status: Status = "open"
    closed_at: datetime | None = None
    nights_open: int = 0
    trail: list[str] = Field(default_factory=list)
    #: Asked, not written (issue 23): an exploration candidate below any calibrated threshold is
    #: no claim in the graph but a question MAX asks his people (resident.language.guesses);
    #: a person's answer closes it, and it counts among the open proposals until then.
    question: bool = False
    #: Whose candidate it was ("second stage", ...; "" before this was recorded) and its rank
    #: depth in that scorer's calibration of its night (0: not recorded): the second stage
    #: writes no deeper than its own answered proposals support (resident.learning.depth_floor).
    scorer: str = ""
    depth: int = 0
    #: A written claim that is asked about too, before the exploration questions (issue 23,
    #: RESULTS-learning section 26): the frontier's, so a person's answer reaches its object's
    #: standing (resident.learning.frontier) while the claim is open.
    ask: bool = False

    @property
    def asked(self) -> bool:
        """Whether MAX asks people about it while it is open: a question, or a claim to ask."""
        return self.question or self.ask

    @property
    def triple(self) -> Triple:
        return (self.subject, self.predicate, self.object_entity)

    def close(self, status: Status, why: str, now: datetime) -> Proposal:
        return self.model_copy(
            update={"status": status, "closed_at": now, "trail": [*self.trail, why]}
        )


class Ledger(BaseModel):
    """Every proposal ever made (the learner's state, saved beside its checkpoint)."""

    proposals: list[Proposal] = Field(default_factory=list)

    def open(self) -> list[Proposal]:
        return [p for p in self.proposals if p.status == "open"]

    def ever(self) -> set[Triple]:
        return {p.triple for p in self.proposals}

    def counts(self) -> dict[str, int]:
        out = {"open": 0, "confirmed": 0, "refuted": 0, "decayed": 0}
        for p in self.proposals:
            out[p.status] += 1
        return out


@dataclass(frozen=True)
class Review:
    """What tonight's review decided for one open proposal."""

    proposal: Proposal
    #: A held edge of the same subject and relation, when the held edges refute it: a conflict
    #: is recorded and settled for it against the proposal, which halves its confidence.
    witness: Triple | None = None


def review(
    p: Proposal,
    grounded: set[Triple],
    index: OrderIndex,
    lost_conflict: bool,
    ttl_nights: int,
    now: datetime,
) -> Review:
    """Confirmed when a grounded source now states it; refuted when it lost a conflict or the
    held edges now make it a reverse or a cycle; decayed when open `ttl_nights` nights."""
    h, r, t = p.triple
    if p.triple in grounded:
        return Review(p.close("confirmed", f"{now:%Y-%m-%d}: a grounded source states it", now))
    if lost_conflict:
        return Review(p.close("refuted", f"{now:%Y-%m-%d}: lost a conflict", now))
    if r in index.relations:
        chain = index.path(r, t, h)
        if chain:
            why = f"{now:%Y-%m-%d}: the held edges {' -> '.join(chain)} make it a cycle"
            # The conflict is between two answers to "what is h's r?": a held one (the graph's
            # conflicts pair claims of one subject and relation) against the proposal.
            held = sorted(index.succ.get((r, h), ()))
            return Review(p.close("refuted", why, now), (h, r, held[0]) if held else None)
    aged = p.model_copy(update={"nights_open": p.nights_open + 1})
    if aged.nights_open >= ttl_nights:
        return Review(
            aged.close("decayed", f"{now:%Y-%m-%d}: unconfirmed after {ttl_nights} nights", now)
        )
    return Review(aged)
