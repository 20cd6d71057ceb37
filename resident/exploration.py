"""The exploration loop: re-verify due curiosity gaps against grounded evidence in the graph.

For each due gap (highest priority first) the loop reads the claims with the gap's subject and
predicate and decides, as a pure function (`plan_gap`), what the grounded evidence settles:
promote a statement that more than one independent grounded source makes, resolve a conflict
whose side has the evidence, or leave the gap open with its attempt count and a backoff. Only
grounded claims (ingest:, literature:, observation:) count as evidence or are promoted; peer:,
interaction:, inference: and user_correction claims never are. `explore` does the IO.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from pydantic import BaseModel, Field

from resident.cognition.epistemic import is_first_hand, parse_provenance, teller
from resident.cognition.independence import Witness, witness_origins
from resident.config import Settings
from resident.errors import EpistemicRefusal, NotFound
from resident.memory.client import GraphStore
from resident.records import (
    Claim,
    Conflict,
    ConflictStatus,
    CuriosityGap,
    GapAttempt,
    GapContext,
    HouseQuestion,
    Level,
    PromotionReport,
)
from resident.report import cell, table

# -- the pure decision ---------------------------------------------------------------------------


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


# -- the loop (IO) -------------------------------------------------------------------------------


class Change(BaseModel):
    """One write the loop made, and why."""

    kind: str  # "promoted" | "resolved"
    target: str  # claim id or conflict id
    statement: str
    why: str


class GapOutcome(BaseModel):
    gap_id: str
    priority: int
    question: str
    answered: bool
    attempts: int
    next_attempt_at: datetime | None
    note: str


class ExplorationReport(BaseModel):
    """What one run of the exploration loop changed, and why."""

    started: datetime
    examined: int = 0
    changes: list[Change] = Field(default_factory=list)
    refused: list[str] = Field(default_factory=list)
    gaps: list[GapOutcome] = Field(default_factory=list)
    #: The sweep after the gaps: every other claim whose evidence now earns FACT.
    sweep: PromotionReport | None = None

    @property
    def promoted(self) -> int:
        swept = self.sweep.promoted if self.sweep is not None else 0
        return sum(1 for c in self.changes if c.kind == "promoted") + swept

    @property
    def resolved(self) -> int:
        return sum(1 for c in self.changes if c.kind == "resolved")

    @property
    def answered(self) -> int:
        return sum(1 for g in self.gaps if g.answered)

    #: Questions filed for the daemon to ask people in conversation (issue 26).
    questions_planned: int = 0

    @property
    def left_open(self) -> int:
        return sum(1 for g in self.gaps if not g.answered)


def explore_gap(
    graph: GraphStore,
    gap: CuriosityGap,
    now: datetime,
    settings: Settings,
    report: ExplorationReport,
    context: GapContext | None = None,
) -> GapAttempt:
    """Re-verify one gap: plan with the evidence, apply what it settles; returns the attempt
    to record (the caller writes a batch of them at once). `context` is the batch read of the
    gap's claims, conflicts and evidence; without it they are read here."""
    if context is None:
        context = graph.gap_context([gap])[0]
    claims = context.claims
    plan = plan_gap(
        gap,
        claims,
        context.conflicts,
        settings.epistemic.min_independent_sources,
        settings.exploration.min_winning_sources,
        context.evidence,
    )
    note = plan.note
    # The store re-checks every rule in its own transaction; a refusal means the graph moved
    # under us (another writer), so the gap stays open and is tried again after its backoff.
    refused = False
    for r in plan.resolutions:
        try:
            graph.resolve_conflict(r.conflict_id, r.winner_id, now)
        except (EpistemicRefusal, NotFound) as exc:
            refused = True
            report.refused.append(f"resolve {r.conflict_id}: {exc}")
            continue
        report.changes.append(
            Change(
                kind="resolved",
                target=r.conflict_id,
                statement=r.statement,
                why=f"grounded sources {', '.join(r.winner_sources)} against "
                f"{', '.join(r.loser_sources) or 'none'}; loser {r.loser_id} keeps its row "
                "and loses half its confidence",
            )
        )
    for p in plan.promotions:
        try:
            graph.promote_to_fact(p.claim_id, now)
        except (EpistemicRefusal, NotFound) as exc:
            refused = True
            report.refused.append(f"promote {p.claim_id}: {exc}")
            continue
        report.changes.append(
            Change(
                kind="promoted",
                target=p.claim_id,
                statement=p.statement,
                why=f"independent grounded sources: {', '.join(p.sources)}",
            )
        )
    answered = plan.answered and not refused
    if refused:
        note = f"{note}; a write was refused, trying again later"
    if not answered and any(c.level is not Level.OPINION for c in claims):
        settled = settle_first_hand(graph, claims, context.conflicts, now)
        if settled:
            answered = True
            note = f"{note}; settled first-hand by {gap.subject}: {', '.join(settled)}"
    if not answered:
        # What grounded data cannot settle about a person or the household, a person can.
        planned = plan_questions(graph, gap, claims, now)
        report.questions_planned += planned
        if planned:
            note = f"{note}; {planned} question(s) to ask in conversation"
    report.examined += 1
    return GapAttempt(gap_id=gap.id, resolved=answered, note=note)


def _record_attempts(
    graph: GraphStore,
    gaps: list[CuriosityGap],
    attempts: list[GapAttempt],
    now: datetime,
    report: ExplorationReport,
) -> None:
    updated = {g.id: g for g in graph.attempt_gaps(attempts, now)}
    for gap, attempt in zip(gaps, attempts, strict=True):
        after = updated[gap.id]
        report.gaps.append(
            GapOutcome(
                gap_id=gap.id,
                priority=gap.priority,
                question=gap.question,
                answered=attempt.resolved,
                attempts=after.attempts,
                next_attempt_at=None if attempt.resolved else after.next_attempt_at,
                note=attempt.note,
            )
        )


def question_sides(gap: CuriosityGap, claims: list[Claim], now: datetime) -> list[Claim]:
    """The claims a question about `gap` weighs, or [] when it is not a question for people:
    claims valid now, no opinion, and none grounded (grounded data is the loop's to weigh);
    about a person, or told by one (the household's own matters)."""
    held = [c for c in claims if c.level is not Level.OPINION and c.valid_at(now)]
    if not held or any(parse_provenance(c.provenance).grounded for c in held):
        return []
    if not gap.subject.startswith("person:") and not any(teller(c.provenance) for c in held):
        return []
    # One claim per value: the strongest says it.
    by_value: dict[str, Claim] = {}
    for c in sorted(held, key=lambda c: (-c.confidence, c.created_at)):
        by_value.setdefault(c.object_value, c)
    return list(by_value.values())


def settle_first_hand(
    graph: GraphStore, claims: list[Claim], conflicts: list[Conflict], now: datetime
) -> list[str]:
    """The person concerned already said which value holds ("No, my birthday is 21 March"):
    their latest first-hand claim settles the open conflicts among these claims through
    resolve_conflict, no question needed. Returns the conflicts settled."""
    first_hand = [c for c in claims if is_first_hand(c) and c.valid_at(now)]
    if not first_hand:
        return []
    said = max(first_hand, key=lambda c: c.created_at)
    settled = []
    for conflict in conflicts:
        if conflict.status is not ConflictStatus.OPEN:
            continue
        sides = [c for c in claims if c.id in (conflict.claim_a, conflict.claim_b)]
        winners = [c for c in sides if c.object_value == said.object_value]
        if len(sides) != 2 or len(winners) != 1:
            continue
        try:
            graph.resolve_conflict(conflict.id, winners[0].id, now)
        except (EpistemicRefusal, NotFound):
            continue
        settled.append(conflict.id)
    return settled


def question_targets(subject: str, sides: list[Claim]) -> list[tuple[str, bool]]:
    """Whom to ask: the person the claims are about (first-hand), then each person who told
    MAX one of them (the original source), each once."""
    out: dict[str, bool] = {}
    if subject.startswith("person:"):
        out[subject] = True
    for c in sides:
        who = teller(c.provenance)
        if who is not None:
            out.setdefault(who, False)
    return list(out.items())


def plan_questions(graph: GraphStore, gap: CuriosityGap, claims: list[Claim], now: datetime) -> int:
    """File the questions for one open gap (once per person and attempt); returns how many are
    new. The text says only what the asked person may read (people/privacy.py)."""
    sides = question_sides(gap, claims, now)
    if not sides:
        return 0
    from resident.language.questions import question_text  # the language layer, only if asked

    ids = {gap.subject, *(c.object_entity for c in sides if c.object_entity)}
    ids |= {t for c in sides if (t := teller(c.provenance)) is not None}
    labels = {}
    for eid in ids:
        try:
            labels[eid] = graph.get_entity(eid).label
        except NotFound:
            continue
    items = []
    for person, first_hand in question_targets(gap.subject, sides):
        text = question_text(sides, person, labels)
        if text is None:
            continue
        key = f"{gap.id}|{person}|{gap.attempts}".encode()
        items.append(
            HouseQuestion(
                id="q_" + hashlib.sha256(key).hexdigest()[:24],
                gap_id=gap.id,
                person_id=person,
                subject=gap.subject,
                predicate=gap.predicate,
                claim_ids=[c.id for c in sides],
                first_hand=first_hand,
                text=text,
                created_at=now,
            )
        )
    return graph.add_questions(items, now) if items else 0


def explore(
    graph: GraphStore,
    now: datetime,
    settings: Settings,
    max_gaps: int | None = None,
    sweep: bool = True,
) -> ExplorationReport:
    """Take due gaps by priority, in batches, until none is due or `max_gaps` were examined;
    then (unless `sweep` is False) promote every claim whose statement has come to stand on more
    than one independent grounded source (`GraphStore.promote_earned`: still promote_to_fact,
    claim by claim, but found with set-based SQL; contested statements stay the gaps')."""
    limit = settings.exploration.max_gaps_per_run if max_gaps is None else max_gaps
    batch = settings.exploration.batch_size
    report = ExplorationReport(started=now)
    seen: set[str] = set()
    while report.examined < limit:
        gaps = [
            g for g in graph.due_gaps(now, min(batch, limit - report.examined)) if g.id not in seen
        ]
        if not gaps:
            # An attempted gap is due again only after its backoff, so an empty (or only
            # already-seen) batch means the queue is done for this run.
            break
        # One read and one write for the batch; only what a gap settles is written on its own.
        contexts = graph.gap_context(gaps)
        attempts = []
        for gap, context in zip(gaps, contexts, strict=True):
            seen.add(gap.id)
            attempts.append(explore_gap(graph, gap, now, settings, report, context))
        _record_attempts(graph, gaps, attempts, now, report)
    if sweep:
        report.sweep = graph.promote_earned(now)
    return report


def render_markdown(report: ExplorationReport, max_rows: int = 50) -> str:
    """The report as a Prefect markdown artifact a person can read in the UI."""
    lines = [
        f"# Exploration loop, {report.started.isoformat()}",
        "",
        f"Gaps examined: **{report.examined}**; answered **{report.answered}**, left open "
        f"**{report.left_open}**. Claims promoted to FACT: **{report.promoted}**. Conflicts "
        f"resolved: **{report.resolved}**. Writes refused by the store: "
        f"**{len(report.refused)}**.",
        "",
    ]
    if report.sweep is not None:
        lines += promotion_markdown(report.sweep, max_rows)
    if report.changes:
        lines += ["## What changed and why", ""]
        lines += table(
            ["change", "target", "statement", "why"],
            [
                (c.kind, f"`{c.target}`", cell(c.statement), cell(c.why))
                for c in report.changes[:max_rows]
            ],
        )
        if len(report.changes) > max_rows:
            lines.append(f"\n... and {len(report.changes) - max_rows} more changes.")
        lines.append("")
    if report.gaps:
        lines += ["## Gaps", ""]
        lines += table(
            ["gap", "priority", "answered", "attempts", "next try", "note"],
            [
                (
                    f"`{g.gap_id}`",
                    g.priority,
                    "yes" if g.answered else "no",
                    g.attempts,
                    g.next_attempt_at.isoformat() if g.next_attempt_at else "-",
                    cell(g.note),
                )
                for g in report.gaps[:max_rows]
            ],
        )
        if len(report.gaps) > max_rows:
            lines.append(f"\n... and {len(report.gaps) - max_rows} more gaps.")
        lines.append("")
    if report.refused:
        lines += ["## Refused", ""] + [f"- {cell(r)}" for r in report.refused[:max_rows]]
    return "\n".join(lines)


def promotion_markdown(p: PromotionReport, max_rows: int = 20) -> list[str]:
    """A sweep for earned FACTs as markdown lines: how many, why, and a sample."""
    lines = [
        "## FACTs earned by evidence",
        "",
        f"Statements with more than one independent grounded source: {p.candidates} claims; "
        f"promoted through promote_to_fact **{p.promoted}**, already FACT {p.already_fact}, "
        f"refused {p.refused} ({p.seconds:.2f} s).",
        "",
    ]
    if p.reasons:
        lines += table(
            ["independent origins", "claims promoted"],
            [(cell(why), n) for why, n in p.reasons.items()],
        )
        lines.append("")
    if p.sample:
        lines += table(
            ["claim", "statement", "origins"],
            [
                (f"`{x.claim_id}`", cell(x.statement), cell(", ".join(x.origins)))
                for x in p.sample[:max_rows]
            ],
        )
        lines.append("")
    return lines
