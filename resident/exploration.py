"""The exploration loop: re-verify due curiosity gaps against grounded evidence in the graph.

For each due gap (highest priority first) the loop reads the claims with the gap's subject and
predicate and decides, as a pure function (`resident.cognition.settling.plan_gap`), what the
grounded evidence settles:
promote a statement that more than one independent grounded source makes, resolve a conflict
whose side has the evidence, or leave the gap open with its attempt count and a backoff. Only
grounded claims (ingest:, literature:, observation:) count as evidence or are promoted; peer:,
interaction:, inference: and user_correction claims never are. What a gap's people can settle
becomes a question for them. `explore` does the IO: gaps are taken in batches, each batch read at
once, decided gap by gap on a ledger and written in one transaction.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from datetime import datetime

from pydantic import BaseModel, Field

from resident.cognition.epistemic import is_first_hand, parse_provenance, teller
from resident.cognition.settling import Ledger, plan_gap
from resident.config import Settings
from resident.errors import EpistemicRefusal, GraphMoved, NotFound
from resident.memory.client import GraphStore
from resident.records import (
    Claim,
    Conflict,
    ConflictStatus,
    CuriosityGap,
    GapAttempt,
    GapContext,
    GapSettlement,
    HouseQuestion,
    Level,
    PromotionReport,
)
from resident.report import cell, table

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


def settle_gap(
    ledger: Ledger,
    gap: CuriosityGap,
    context: GapContext,
    settings: Settings,
    report: ExplorationReport,
) -> tuple[bool, str]:
    """Re-verify one gap on its batch's ledger: plan with the evidence, apply what it settles
    (the ledger applies the store's rules, in order); returns whether it is answered, and why."""
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
    # The rules are checked again on the ledger, where an earlier gap of the batch may have
    # settled what this plan counted on (both gaps planned from the rows as read); a refusal
    # leaves the gap open to be tried again after its backoff.
    refused = False
    for r in plan.resolutions:
        try:
            ledger.resolve(r.conflict_id, r.winner_id)
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
            ledger.promote(p.claim_id)
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
        settled = settle_first_hand(ledger, claims, context.conflicts, ledger.now)
        if settled:
            answered = True
            note = f"{note}; settled first-hand by {gap.subject}: {', '.join(settled)}"
    return answered, note


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
    ledger: Ledger, claims: list[Claim], conflicts: list[Conflict], now: datetime
) -> list[str]:
    """The person concerned already said which value holds ("No, my birthday is 21 March"):
    their latest first-hand claim settles the open conflicts among these claims through
    resolve_conflict (on the ledger), no question needed. Returns the conflicts settled."""
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
            ledger.resolve(conflict.id, winners[0].id)
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


def question_entities(gap: CuriosityGap, sides: list[Claim]) -> set[str]:
    """The entities a question about these sides may name (their labels are read once a batch)."""
    ids = {gap.subject, *(c.object_entity for c in sides if c.object_entity)}
    return ids | {t for c in sides if (t := teller(c.provenance)) is not None}


def plan_questions(
    gap: CuriosityGap, sides: list[Claim], labels: Mapping[str, str], now: datetime
) -> list[HouseQuestion]:
    """The questions for one open gap, once per person and attempt. The text says only what
    the asked person may read (people/privacy.py)."""
    if not sides:
        return []
    from resident.language.questions import question_text  # the language layer, only if asked

    known = {eid: labels[eid] for eid in question_entities(gap, sides) if eid in labels}
    items = []
    for person, first_hand in question_targets(gap.subject, sides):
        text = question_text(sides, person, known)
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
    return items


def explore_batch(
    graph: GraphStore, gaps: list[CuriosityGap], now: datetime, settings: Settings
) -> ExplorationReport:
    """One batch: read its gaps' rows at once, decide gap by gap on a ledger, write it all
    in one transaction (GraphStore.settle_gaps). GraphMoved (another writer changed a row a
    decision rests on) propagates with nothing written."""
    report = ExplorationReport(started=now)
    contexts = graph.gap_context(gaps)
    ledger = Ledger.of(contexts, settings.epistemic, now)
    decided = []
    for gap, context in zip(gaps, contexts, strict=True):
        answered, note = settle_gap(ledger, gap, context, settings, report)
        # What grounded data cannot settle about a person or the household, a person can.
        sides = [] if answered else question_sides(gap, context.claims, now)
        decided.append((gap, answered, note, sides))
    wanted = set().union(*(question_entities(g, sides) for g, _, _, sides in decided if sides))
    labels = graph.entity_labels(sorted(wanted)) if wanted else {}
    attempts, questions = [], []
    for gap, answered, note, sides in decided:
        # A question's id names its gap's attempt, and the attempt is written with it: none of
        # these can have been filed before, so every one is new.
        asked = plan_questions(gap, sides, labels, now) if not answered else []
        if asked:
            note = f"{note}; {len(asked)} question(s) to ask in conversation"
        report.questions_planned += len(asked)
        questions += asked
        report.examined += 1
        attempts.append(GapAttempt(gap_id=gap.id, resolved=answered, note=note))
    settlement = GapSettlement(
        attempts=attempts,
        claims=ledger.claim_writes(),
        conflicts=ledger.settled,
        winners=ledger.winners,
        questions=questions,
    )
    _outcomes(gaps, attempts, graph.settle_gaps(settlement, now), report)
    return report


def _outcomes(
    gaps: list[CuriosityGap],
    attempts: list[GapAttempt],
    updated: list[CuriosityGap],
    report: ExplorationReport,
) -> None:
    after = {g.id: g for g in updated}
    for gap, attempt in zip(gaps, attempts, strict=True):
        report.gaps.append(
            GapOutcome(
                gap_id=gap.id,
                priority=gap.priority,
                question=gap.question,
                answered=attempt.resolved,
                attempts=after[gap.id].attempts,
                next_attempt_at=None if attempt.resolved else after[gap.id].next_attempt_at,
                note=attempt.note,
            )
        )


#: Reads again after GraphMoved before a batch is left for its next attempt.
BATCH_TRIES = 3


def _explore_or_defer(
    graph: GraphStore, gaps: list[CuriosityGap], now: datetime, settings: Settings
) -> ExplorationReport:
    for _ in range(BATCH_TRIES):
        try:
            return explore_batch(graph, gaps, now, settings)
        except GraphMoved:
            continue
    report = ExplorationReport(started=now, examined=len(gaps))
    note = "other writers kept changing these claims; trying again later"
    attempts = [GapAttempt(gap_id=g.id, resolved=False, note=note) for g in gaps]
    _outcomes(gaps, attempts, graph.attempt_gaps(attempts, now), report)
    return report


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
        seen.update(g.id for g in gaps)
        # One read, the decisions in memory, one transaction of set-based writes.
        part = _explore_or_defer(graph, gaps, now, settings)
        report.examined += part.examined
        report.changes += part.changes
        report.refused += part.refused
        report.gaps += part.gaps
        report.questions_planned += part.questions_planned
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
