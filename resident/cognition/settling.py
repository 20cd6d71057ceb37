"""What the evidence settles for a curiosity gap, and a batch's settlements decided in order
against the state the batch's own earlier decisions leave (issue 26, point 6).

`plan_gap` decides, for one gap, what the grounded evidence settles: promote a statement that
more than one independent grounded source makes, resolve a conflict whose side has the
evidence, or nothing. Only grounded claims (ingest:, literature:, observation:) count as
evidence or are promoted.

The exploration loop used to write each promotion and resolution in its own transaction, the
store re-reading the rows and re-applying the rule each time. A `Ledger` holds the rows a batch
read (its gaps' claims, conflicts and evidence) and applies the same rules
(`epistemic.promote_to_fact`, `epistemic.resolve_conflict`) to them in the same order, so a
gap later in the batch sees what an earlier one settled, exactly as the one-by-one writes let it
see. What the ledger ends with is handed to the store as one `GapSettlement`, written with a few
set-based statements in one transaction; the store writes a claim only if it still stands as it
was read (else GraphMoved, and the loop reads again).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from resident.cognition import epistemic
from resident.cognition.epistemic import parse_provenance
from resident.cognition.independence import Witness, witness_origins
from resident.config import EpistemicSettings
from resident.errors import NotFound
from resident.records import (
    Claim,
    ClaimWrite,
    Conflict,
    ConflictStatus,
    CuriosityGap,
    GapContext,
    Level,
)

# -- one gap's plan ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Promotion:
    claim_id: str
    statement: str
    sources: tuple[str, ...]


@dataclass(frozen=True)
class Resolution:
    conflict_id: str
    winner_id: str
    loser_id: str
    statement: str
    winner_sources: tuple[str, ...]
    loser_sources: tuple[str, ...]


@dataclass(frozen=True)
class GapPlan:
    """What the grounded evidence settles for one gap, and why."""

    gap_id: str
    resolutions: tuple[Resolution, ...]
    promotions: tuple[Promotion, ...]
    answered: bool
    note: str


def grounded_support(
    claims: Iterable[Claim], evidence: Mapping[str, Sequence[str]] | None = None
) -> dict[str, frozenset[str]]:
    """For each object: the independent origins of the grounded sources that state it
    (resident.cognition.independence; `evidence` maps claim ids to their evidence rows'
    sources, without it a claim stands for its provenance).

    Opinions are not truth claims and never count; hint-capped and user claims are not grounded.
    """
    rows = evidence or {}
    support: dict[str, set[str]] = {}
    for claim in claims:
        if claim.level is Level.OPINION:
            continue
        support.setdefault(claim.object_value, set()).update(
            witness_origins(Witness(claim.provenance, tuple(rows.get(claim.id, ()))))
        )
    return {obj: frozenset(keys) for obj, keys in support.items()}


def _statement(claim: Claim) -> str:
    return f"{claim.subject} {claim.predicate} {claim.object_value}"


def _sources(keys: frozenset[str]) -> str:
    return ", ".join(sorted(keys)) if keys else "none"


def plan_gap(
    gap: CuriosityGap,
    claims: list[Claim],
    conflicts: list[Conflict],
    min_fact_sources: int,
    min_winning_sources: int,
    evidence: Mapping[str, Sequence[str]] | None = None,
) -> GapPlan:
    """Decide what the evidence settles for `gap`.

    `claims` are the graph's claims with the gap's subject and predicate; `conflicts` those
    rows that touch them. A conflict is resolved for the side whose statement has at least
    `min_winning_sources` independent grounded sources and more than the other side (a FACT
    loser needs `min_fact_sources`); a statement with `min_fact_sources` is promoted unless it
    lost a conflict or sits in one still open. The gap is answered when nothing it asks about
    is in open conflict and one of its statements stands on enough evidence to be a FACT.
    """
    by_id = {c.id: c for c in claims}
    support = grounded_support(claims, evidence)
    relevant = {x.id: x for x in conflicts if x.claim_a in by_id and x.claim_b in by_id}
    focus = set(by_id) if gap.claim_id is None else {gap.claim_id}
    if gap.claim_id is not None:
        if gap.claim_id not in by_id:
            return GapPlan(
                gap.id,
                (),
                (),
                False,
                f"claim {gap.claim_id} is not among the claims of "
                f"{gap.subject} {gap.predicate}; nothing to re-verify yet",
            )
        for x in relevant.values():
            if gap.claim_id in (x.claim_a, x.claim_b):
                focus |= {x.claim_a, x.claim_b}

    resolutions: list[Resolution] = []
    losers: set[str] = set()
    unsettled: set[str] = set()
    reasons: list[str] = []
    for x in sorted(relevant.values(), key=lambda c: c.id):
        a, b = by_id[x.claim_a], by_id[x.claim_b]
        if x.status is ConflictStatus.RESOLVED:
            loser = b if x.winner == a.id else a
            losers.add(loser.object_value)
            continue
        sa, sb = support.get(a.object_value, frozenset()), support.get(b.object_value, frozenset())
        winner, loser, sw, sl = (a, b, sa, sb) if len(sa) >= len(sb) else (b, a, sb, sa)
        needed = max(min_winning_sources, min_fact_sources if loser.level is Level.FACT else 1)
        if len(sw) > len(sl) and len(sw) >= needed:
            resolutions.append(
                Resolution(
                    x.id,
                    winner.id,
                    loser.id,
                    _statement(winner),
                    tuple(sorted(sw)),
                    tuple(sorted(sl)),
                )
            )
            losers.add(loser.object_value)
        else:
            unsettled |= {a.object_value, b.object_value}
            focus_side = x.claim_a in focus or x.claim_b in focus
            if focus_side:
                reasons.append(
                    f"conflict {x.id} stays open: '{a.object_value}' has {len(sa)} grounded "
                    f"source(s) ({_sources(sa)}), '{b.object_value}' has {len(sb)} "
                    f"({_sources(sb)}); a side needs {needed} and more than the other"
                )

    promotions: list[Promotion] = []
    for claim in sorted(claims, key=lambda c: c.id):
        obj = claim.object_value
        keys = support.get(obj, frozenset())
        if (
            claim.level in (Level.FACT, Level.OPINION)
            or obj in losers
            or obj in unsettled
            or len(keys) < min_fact_sources
            or not parse_provenance(claim.provenance).grounded
        ):
            continue
        promotions.append(Promotion(claim.id, _statement(claim), tuple(sorted(keys))))

    focus_objects = {by_id[i].object_value for i in focus if i in by_id}
    open_focus = any(
        x.status is ConflictStatus.OPEN
        and (x.claim_a in focus or x.claim_b in focus)
        and x.id not in {r.conflict_id for r in resolutions}
        for x in relevant.values()
    )
    settled = sorted(
        o
        for o in focus_objects
        if o not in losers and len(support.get(o, frozenset())) >= min_fact_sources
    )
    answered = not open_focus and bool(settled)
    if answered:
        note = "; ".join(
            [f"'{o}' stands on {_sources(support[o])}" for o in settled]
            + [f"conflict {r.conflict_id} resolved for {r.statement}" for r in resolutions]
        )
    elif reasons:
        note = "; ".join(reasons)
    elif not claims:
        note = f"no claims for {gap.subject} {gap.predicate} in the graph yet"
    else:
        counts = ", ".join(
            f"'{o}' {len(support.get(o, frozenset()))}" for o in sorted(focus_objects)
        )
        note = (
            f"not enough grounded evidence: independent sources per statement {counts}; "
            f"a FACT needs {min_fact_sources}"
        )
    return GapPlan(gap.id, tuple(resolutions), tuple(promotions), answered, note)


# -- a batch's ledger -------------------------------------------------------------------------


@dataclass
class Ledger:
    """The rows a batch read, as its decisions so far leave them."""

    rules: EpistemicSettings
    now: datetime
    claims: dict[str, Claim]
    conflicts: dict[str, Conflict]
    evidence: dict[str, list[str]]
    #: Claim ids by statement (subject, predicate, object): the corroborating claims of a rule.
    statements: dict[tuple[str, str, str], list[str]]
    #: The claims as read, before any decision of the batch.
    read: dict[str, Claim]
    #: Claim ids written, in the order first written.
    written: dict[str, None] = field(default_factory=dict)
    #: Conflicts resolved, and each one's winner as it stood when it won, in order.
    settled: list[Conflict] = field(default_factory=list)
    winners: list[Claim] = field(default_factory=list)

    @classmethod
    def of(cls, contexts: Iterable[GapContext], rules: EpistemicSettings, now: datetime) -> Ledger:
        claims: dict[str, Claim] = {}
        conflicts: dict[str, Conflict] = {}
        evidence: dict[str, list[str]] = {}
        for ctx in contexts:
            for c in ctx.claims:
                claims.setdefault(c.id, c)
            for x in ctx.conflicts:
                conflicts.setdefault(x.id, x)
            for cid, sources in ctx.evidence.items():
                evidence.setdefault(cid, list(sources))
        statements: dict[tuple[str, str, str], list[str]] = {}
        for c in sorted(claims.values(), key=lambda c: c.id):
            statements.setdefault((c.subject, c.predicate, c.object_value), []).append(c.id)
        return cls(rules, now, claims, conflicts, evidence, statements, dict(claims))

    def _claim(self, claim_id: str) -> Claim:
        claim = self.claims.get(claim_id)
        if claim is None:
            raise NotFound(f"no claim {claim_id!r}")
        return claim

    def _same_statement(self, claim: Claim) -> list[Claim]:
        key = (claim.subject, claim.predicate, claim.object_value)
        return [self.claims[i] for i in self.statements.get(key, []) if i != claim.id]

    def _write(self, claim: Claim) -> None:
        self.claims[claim.id] = claim
        self.written.setdefault(claim.id, None)

    def promote(self, claim_id: str) -> Claim:
        """GraphStore.promote_to_fact on the ledger: PromotionRefused as the store would."""
        claim = self._claim(claim_id)
        promoted = epistemic.promote_to_fact(
            claim, self._same_statement(claim), self.rules, self.evidence
        )
        if promoted != claim:
            self._write(promoted)
        return promoted

    def resolve(self, conflict_id: str, winner_id: str) -> tuple[Conflict, Claim]:
        """GraphStore.resolve_conflict on the ledger: the loser keeps its row and halves;
        ConflictRefused or FactProtected as the store would."""
        conflict = self.conflicts.get(conflict_id)
        if conflict is None:
            raise NotFound(f"no conflict {conflict_id!r}")
        loser_id = conflict.claim_b if winner_id == conflict.claim_a else conflict.claim_a
        winner, loser = self._claim(winner_id), self._claim(loser_id)
        settled, lost = epistemic.resolve_conflict(
            conflict, winner, loser, self._same_statement(winner), self.now, self.rules,
            self.evidence,
        )  # fmt: skip
        self._write(lost)
        self.conflicts[settled.id] = settled
        self.settled.append(settled)
        self.winners.append(winner)
        return settled, lost

    def claim_writes(self) -> list[ClaimWrite]:
        return [
            ClaimWrite(
                id=cid,
                confidence=self.claims[cid].confidence,
                level=self.claims[cid].level,
                read_confidence=self.read[cid].confidence,
                read_level=self.read[cid].level,
            )
            for cid in self.written
        ]
