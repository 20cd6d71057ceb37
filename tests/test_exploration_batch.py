"""The exploration loop's set-based settlement (issue 26, point 6) writes what the one-by-one path
wrote: the same mixed queue (promotions, conflicts resolved by grounded evidence and first-hand,
gaps left open with questions for people, two gaps on one statement in one batch) is run through
a reference that settles gap by gap with the store's one-row methods, as the loop did before,
and through `explore`; the two graphs must agree row for row."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from benchmarks.ingest import build_gap_queue, settings_for
from resident.cognition.epistemic import is_first_hand
from resident.cognition.settling import plan_gap
from resident.config import Settings
from resident.errors import EpistemicRefusal, GraphMoved, NotFound
from resident.exploration import (
    Change,
    ExplorationReport,
    GapOutcome,
    explore,
    plan_questions,
    question_entities,
    question_sides,
)
from resident.memory.duck_store import DuckStore
from resident.records import (
    Claim,
    ClaimWrite,
    Conflict,
    ConflictStatus,
    CuriosityGap,
    Entity,
    GapAttempt,
    GapContext,
    GapSettlement,
    Level,
    NewClaim,
)

BUILT = datetime(2026, 3, 1, tzinfo=UTC)  # benchmarks.ingest.NOW: when the queue was filed
RUN = BUILT + timedelta(minutes=1)

# -- the reference: the loop as it was, one transaction per settlement ---------------------------


def _reference_first_hand(
    graph: DuckStore, claims: list[Claim], conflicts: list[Conflict], now: datetime
) -> list[str]:
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


def _reference_gap(
    graph: DuckStore,
    gap: CuriosityGap,
    ctx: GapContext,
    now: datetime,
    settings: Settings,
    report: ExplorationReport,
) -> GapAttempt:
    plan = plan_gap(
        gap,
        ctx.claims,
        ctx.conflicts,
        settings.epistemic.min_independent_sources,
        settings.exploration.min_winning_sources,
        ctx.evidence,
    )
    note, refused = plan.note, False
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
    if not answered and any(c.level is not Level.OPINION for c in ctx.claims):
        settled = _reference_first_hand(graph, ctx.claims, ctx.conflicts, now)
        if settled:
            answered = True
            note = f"{note}; settled first-hand by {gap.subject}: {', '.join(settled)}"
    if not answered:
        sides = question_sides(gap, ctx.claims, now)
        labels = {}
        for eid in question_entities(gap, sides) if sides else ():
            try:
                labels[eid] = graph.get_entity(eid).label
            except NotFound:
                continue
        items = plan_questions(gap, sides, labels, now)
        planned = graph.add_questions(items, now) if items else 0
        report.questions_planned += planned
        if planned:
            note = f"{note}; {planned} question(s) to ask in conversation"
    report.examined += 1
    return GapAttempt(gap_id=gap.id, resolved=answered, note=note)


def reference_explore(graph: DuckStore, now: datetime, settings: Settings) -> ExplorationReport:
    """The loop before issue 26 point 6: batch reads, but each settlement its own transaction
    through resolve_conflict / promote_to_fact / add_questions, each attempt through
    attempt_gap at the batch's end, then the sweep."""
    report = ExplorationReport(started=now)
    seen: set[str] = set()
    while True:
        gaps = [g for g in graph.due_gaps(now, settings.exploration.batch_size) if g.id not in seen]
        if not gaps:
            break
        seen.update(g.id for g in gaps)
        contexts = graph.gap_context(gaps)
        attempts = [
            _reference_gap(graph, g, c, now, settings, report)
            for g, c in zip(gaps, contexts, strict=True)
        ]
        for gap, a in zip(gaps, attempts, strict=True):
            after = graph.attempt_gap(a.gap_id, a.resolved, a.note, now)
            report.gaps.append(
                GapOutcome(
                    gap_id=gap.id,
                    priority=gap.priority,
                    question=gap.question,
                    answered=a.resolved,
                    attempts=after.attempts,
                    next_attempt_at=None if a.resolved else after.next_attempt_at,
                    note=a.note,
                )
            )
    report.sweep = graph.promote_earned(now)
    return report


# -- the mixed queue ---------------------------------------------------------------------------


def _household(graph: DuckStore) -> None:
    """Household gaps on top of the grounded queue: a contradiction only Lena can settle
    (questions), a correction Ben made about himself (settled first-hand), a second gap on an
    already-planned statement in the same batch, and one on a statement with two sources."""
    people = ["ana", "marta", "lena", "ben"]
    graph.upsert_entities(
        [Entity(id=f"person:{p}", kind="person", label=p.title()) for p in people]
        + [
            Entity(id=f"concept:{c}", kind="concept", label=c)
            for c in ("porto", "lisbon", "bakery", "bank")
        ],
        BUILT,
    )

    def said(subject: str, predicate: str, obj: str, teller: str) -> Claim:
        return graph.add_claim(
            NewClaim(
                subject=subject,
                predicate=predicate,
                object_entity=obj,
                confidence=0.3,
                provenance=f"interaction:{teller}",
            ),
            BUILT,
        )

    def corrected(old: Claim, obj: str, teller: str) -> None:
        graph.record_correction(
            NewClaim(
                subject=old.subject,
                predicate=old.predicate,
                object_entity=obj,
                confidence=0.9,
                provenance=f"user_correction:{teller}",
            ),
            old.id,
            BUILT,
        )

    porto = said("person:lena", "lives_in", "concept:porto", "person:ana")
    corrected(porto, "concept:lisbon", "person:marta")
    bakery = said("person:ben", "works_at", "concept:bakery", "person:ana")
    corrected(bakery, "concept:bank", "person:ben")
    # Two gaps on statements the grounded queue holds (kind 2: a conflict grounded evidence
    # settles; kind 0: a statement two sources make): the second of each finds it settled.
    for subject in ("concept:s2", "concept:s3"):
        graph.file_gap(subject, "related_to", f"is {subject} related, again?", BUILT)


def _rows(graph: DuckStore, table: str, order: str) -> list[Any]:
    return graph._cur.execute(f"SELECT * FROM {table} ORDER BY {order}").fetchall()


def _state(graph: DuckStore) -> dict[str, Any]:
    return {
        "checksum": graph.checksum(),
        "claims": _rows(graph, "claims", "id"),
        "conflicts": _rows(graph, "conflicts", "id"),
        "gaps": _rows(graph, "curiosity_gaps", "id"),
        "replay": _rows(graph, "replay_buffer", "id"),
        "questions": _rows(graph, "questions", "id"),
    }


def _copy(src: Path, dest: Path) -> Settings:
    dest.mkdir()
    settings = settings_for(dest)
    shutil.copy(settings_for(src).graph_path, settings.graph_path)
    return settings


@pytest.fixture
def queue(tmp_path: Path) -> Path:
    built = tmp_path / "built"
    built.mkdir()
    build_gap_queue(str(built), 30)
    with DuckStore.open(settings_for(built)) as graph:
        _household(graph)
    return built


def test_the_batch_path_writes_what_the_one_by_one_path_wrote(queue: Path, tmp_path: Path) -> None:
    one, batch = _copy(queue, tmp_path / "one"), _copy(queue, tmp_path / "batch")
    with DuckStore.open(one) as graph:
        expected = reference_explore(graph, RUN, one)
        before = _state(graph)
    with DuckStore.open(batch) as graph:
        got = explore(graph, RUN, batch)
        after = _state(graph)

    # The queue is mixed as it should be: every kind of settlement happened.
    assert expected.examined == got.examined == 34
    assert expected.resolved >= 10 and expected.promoted >= 10 and expected.refused
    assert expected.questions_planned >= 1 and after["questions"]
    assert any("settled first-hand by person:ben" in g.note for g in expected.gaps)
    # And the two paths agree: graph, report, conflicts, gaps and their trails, buffer.
    for key in before:
        assert after[key] == before[key], key
    assert got.model_dump(exclude={"sweep"}) == expected.model_dump(exclude={"sweep"})
    assert got.sweep is not None and expected.sweep is not None
    assert got.sweep.promoted == expected.sweep.promoted


def test_a_batch_whose_rows_moved_writes_nothing(queue: Path) -> None:
    with DuckStore.open(settings_for(queue)) as graph:
        [gap] = graph.due_gaps(RUN, 1)
        [claim] = graph.peek_claims("person:lena", "lives_in")[:1]
        stale = ClaimWrite(
            id=claim.id,
            confidence=claim.confidence / 2,
            level=claim.level,
            read_confidence=claim.confidence + 0.01,  # not what the graph holds
            read_level=claim.level,
        )
        attempt = [GapAttempt(gap_id=gap.id, resolved=True, note="n")]
        before = _state(graph)
        with pytest.raises(GraphMoved):
            graph.settle_gaps(GapSettlement(attempts=attempt, claims=[stale]), RUN)
        assert _state(graph) == before
        # A conflict is resolved once: a batch that counted on it being open writes nothing.
        [x] = graph.conflicts_for(claim.id)
        done = x.model_copy(update={"status": ConflictStatus.RESOLVED, "winner": x.claim_a})
        settle = GapSettlement(attempts=attempt, conflicts=[done])
        graph.settle_gaps(settle, RUN)
        assert graph.conflicts_for(claim.id)[0].winner == x.claim_a
        before = _state(graph)
        with pytest.raises(GraphMoved):
            graph.settle_gaps(settle, RUN)
        assert _state(graph) == before


def test_the_loop_reads_again_when_another_writer_moves_a_row(queue: Path) -> None:
    """A turn bumps a claim between the loop's read and its write: the batch is read and
    decided again, and the claim ends halved from what the turn left, not from what the
    first read saw."""
    settings = settings_for(queue)
    with DuckStore.open(settings) as graph:
        [told] = [
            c
            for c in graph.peek_claims("person:ben", "works_at")
            if c.provenance == "interaction:person:ana"
        ]
        real = graph.gap_context
        reads = []

        def read_then_move(gaps: list[CuriosityGap]) -> list[GapContext]:
            contexts = real(gaps)
            if not reads:
                graph._cur.execute(
                    "UPDATE claims SET confidence = confidence + 0.01 WHERE id = ?", [told.id]
                )
            reads.append(len(gaps))
            return contexts

        graph.gap_context = read_then_move  # type: ignore[method-assign]
        report = explore(graph, RUN, settings)
        assert reads == [34, 34] and report.examined == 34
        factor = settings.epistemic.conflict_loss_factor
        assert graph.peek_claim(told.id).confidence == pytest.approx(
            (told.confidence + 0.01) * factor
        )
