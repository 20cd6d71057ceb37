"""Sleep consolidation: harvest recent experience into the replay buffer, train the
Forward-Forward learner from its last checkpoint (replayed corrections, settled conflicts and
closed gaps weigh more; a belief MAX was corrected on is withdrawn), evaluate it on a held-out
split, review its open proposals (confirmed by a grounded source, refuted by the held edges:
a conflict settled against it halves it, decayed when left unconfirmed), calibrate a score
threshold on the held-out edges for each scorer apart (the learner's candidates; for the partial
orders, the names' directed subsumption ranked with the learner: resident.learning.subsume),
and write what each proposes above its threshold:
`inference:ff@<version>` hypotheses (capped at hint by the ladder, never evidence) carrying
their score and the night's precision, a default-priority curiosity gap for each, never more
than consolidation.max_pending_proposals open, never the reverse of a held edge of a declared
partial order (resident.learning.proposals); and duplicate candidates.

It never writes a fact, never writes above the hint cap, and never deletes a claim.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel

from resident.cognition.epistemic import HINT_CLASSES, ProvenanceClass, parse_provenance
from resident.config import Settings
from resident.errors import ResidentError
from resident.learning.answers import heard
from resident.learning.checkpoint import load_ledger, save_ledger
from resident.learning.depth_floor import depth_of
from resident.learning.frontier import FRONTIER_RULE
from resident.learning.night_learn import (
    MODEL_NAME,
    Chosen,
    Learned,
    NightInput,
    Quad,
    Triple,
    learn,
)
from resident.learning.proposals import Calibration, Ledger, OrderIndex, Proposal, review
from resident.learning.replay import Replayed, plan_replay, refuted_negatives
from resident.learning.split import _hash_unit as _hash_unit  # the benchmark asks by it
from resident.learning.split import split_held_out
from resident.memory.client import GraphStore
from resident.memory.learning_store import experience_of
from resident.records import Claim, ConflictStatus, Level, NewClaim

#: Replayed rows the night's report lists (highest priority first).
REPLAY_ROWS_SHOWN = 20


class NightReport(BaseModel):
    at: datetime
    version: int
    epochs_total: int
    positives: int
    held_out: int
    mrr: float
    hits10: float
    replayed: int
    buffer_rows: int
    proposals: list[Proposal]
    duplicates: int
    history: list[dict[str, Any]]
    calibration: Calibration
    #: The names' directed subsumption scored with the learner (resident.learning.subsume),
    #: calibrated apart: its candidates are another scale.
    names_calibration: Calibration = Calibration(None, 0.0, 0, 0, 0)
    pending: int
    #: Proposals closed tonight (confirmed, refuted or decayed).
    closed: list[Proposal]
    #: Candidates the declared partial orders turned away, by reason.
    skipped: dict[str, int]
    #: Proposals written tonight that reverse a held edge of a declared partial order (0).
    reversed: int
    replay: list[Replayed]
    withdrawn: int
    #: Refuted proposals replayed to the learner as explicit negatives tonight, and the
    #: contrasts with held edges they made (resident.learning.replay.hard_rows).
    negatives: int = 0
    hard: int = 0


def is_positive(c: Claim) -> bool:
    """A claim between entities that may teach the learner: never a hint-class claim (peer,
    interaction, inference: least of all its own guesses) and never an opinion."""
    if c.object_entity is None or c.level is Level.OPINION:
        return False
    return parse_provenance(c.provenance).klass not in HINT_CLASSES


def entity_labels(graph: GraphStore) -> dict[str, str]:
    """Every entity's label by id (the learner reads names as bags of words)."""
    reader = graph.export_table("entities")  # type: ignore[attr-defined]
    out: dict[str, str] = {}
    for batch in reader:
        ids, labels = batch.column("id").to_pylist(), batch.column("label").to_pylist()
        out.update((i, lbl) for i, lbl in zip(ids, labels, strict=True) if lbl)
    return out


def all_claims(graph: GraphStore) -> list[Claim]:
    reader = graph.export_table("claims")  # type: ignore[attr-defined]
    table = reader.read_all()
    out = []
    for r in table.to_pylist():
        conf = float(r["confidence"])
        level = (
            Level.FACT
            if r.get("rung") == "fact"
            else Level.OPINION
            if r.get("rung") == "opinion"
            else Level.BELIEF
            if conf >= 0.5
            else Level.HYPOTHESIS
        )
        out.append(
            Claim(
                id=r["id"],
                subject=r["subject"],
                predicate=r["predicate"],
                object_entity=r["object_entity"],
                object_literal=r["object_literal"],
                confidence=conf,
                level=level,
                provenance=r["provenance"],
                created_at=r["created_at"],
                retrieved_at=r["retrieved_at"],
            )
        )
    return out


def consolidate(graph: GraphStore, settings: Settings, now: datetime) -> NightReport:
    """One consolidation night (see the module docstring) in one process; resumes from the
    checkpoint. A flow's night runs the same three halves in processes of their own
    (resident.learning.night_process): the learner never holds the graph."""
    inp = prepare(graph, settings, now)
    return finish(graph, inp, learn(inp, settings, now), settings, now)


def prepare(graph: GraphStore, settings: Settings, now: datetime) -> NightInput:
    """Everything the night reads from the graph before training, as plain data: tonight's
    positives split into training and held-out edges (replayed experience weighs more: a
    correction most, then a settled conflict, a closed gap), the entities' labels, and the open
    proposals reviewed (their writes done here: the chooser needs the reviewed ledger)."""
    cfg, cc = settings.learning, settings.consolidation
    claims = all_claims(graph)
    positives = [c for c in claims if is_positive(c)]
    buffer_rows = _harvest(graph, positives, cfg.replay_capacity, now)
    replayed = graph.replay(cfg.replay_capacity, now)
    plan = plan_replay(replayed, now, cc.replay_weights, _corrections(positives))

    triples = {
        key: c.confidence
        for c in positives
        if (key := (c.subject, c.predicate, c.object_entity or "")) not in plan.withdrawn
    }
    train: list[Quad] = []
    test: list[Quad] = []
    _, test_set = split_held_out(triples, cfg.held_out_share)
    for (h, r, t), w in sorted(triples.items()):
        (test if (h, r, t) in test_set else train).append((h, r, t, w))
    labels = entity_labels(graph) if cfg.name_words else {}

    acyclic = settings.hygiene.acyclic_relations
    grounded = {
        (c.subject, c.predicate, c.object_entity or "")
        for c in positives
        if parse_provenance(c.provenance).grounded
    }
    held = OrderIndex(triples, acyclic)
    by_triple = {(c.subject, c.predicate, c.object_entity or ""): c for c in positives}
    ledger = load_ledger(settings.data_dir)
    # Answers people gave to his guesses while a night held the ledger (resident.language.guesses).
    ledger = heard(ledger, _said(graph, [p.gap_id for p in ledger.open() if p.asked]))
    ledger, closed = _review(graph, ledger, grounded, held, by_triple, cc.proposal_ttl_nights, now)
    negatives, refuted_rows = refuted_negatives(
        ledger.proposals, now, cc.replay_weights, cfg.replay_capacity
    )
    # Everything training needs is read: a graph that can rest gives its memory back meanwhile.
    getattr(graph, "rest", lambda: None)()
    return NightInput(
        train=train,
        test=test,
        weights=[w * plan.weights.get((h, r, t), 1.0) for h, r, t, w in train],
        triples=triples,
        labels=labels,
        ledger=ledger,
        closed=closed,
        replayed=len(replayed),
        buffer_rows=buffer_rows,
        replay=sorted([*plan.rows, *refuted_rows], key=lambda r: -r.priority)[:REPLAY_ROWS_SHOWN],
        withdrawn=len(plan.withdrawn),
        negatives=negatives,
    )


def finish(
    graph: GraphStore, inp: NightInput, learned: Learned, settings: Settings, now: datetime
) -> NightReport:
    """The night's writes after training: tonight's proposals (an inference hypothesis and a
    curiosity gap each), the duplicate candidates and the proposals' ledger; the night's report."""
    provenance = f"inference:{MODEL_NAME}@{learned.version}"
    hint = settings.epistemic.hint_cap
    written = _write(graph, learned.chosen, provenance, learned.version, hint, now)
    ledger = Ledger(proposals=[*inp.ledger.proposals, *written])
    graph.record_duplicate_candidates(learned.duplicates, now)
    save_ledger(settings.data_dir, ledger)
    return NightReport(
        at=now,
        version=learned.version,
        epochs_total=learned.epochs_total,
        positives=len(inp.triples),
        held_out=len(inp.test),
        mrr=learned.mrr,
        hits10=learned.hits10,
        replayed=inp.replayed,
        buffer_rows=inp.buffer_rows,
        proposals=written,
        duplicates=len(learned.duplicates),
        history=learned.runs,
        calibration=learned.calibration,
        names_calibration=learned.names_calibration,
        pending=len(ledger.open()),
        closed=inp.closed,
        skipped=learned.skipped,
        reversed=learned.reversed,
        replay=inp.replay,
        withdrawn=inp.withdrawn,
        negatives=len(inp.negatives),
        hard=learned.hard,
    )


def _said(graph: GraphStore, gaps: list[str]) -> list[tuple[str, str, str, datetime]]:
    """What people answered to those guesses, from the graph's questions, oldest first."""
    said = []
    for gap_id in gaps:
        for q in graph.questions(gap_id=gap_id, status="answered"):
            if q.answer is not None and q.answered_at is not None:
                said.append((gap_id, q.person_id, q.answer, q.answered_at))
    return sorted(said, key=lambda x: x[3])


def _harvest(graph: GraphStore, positives: list[Claim], capacity: int, now: datetime) -> int:
    """Experience of the last day enters the buffer: surprise is how unsure MAX was of it."""
    since = now - timedelta(days=1)
    recent = []
    for c in positives:
        if c.created_at.replace(tzinfo=now.tzinfo) >= since:
            recent.append(experience_of(c, "learned", 1.0 - c.confidence, now))
        elif c.retrieved_at.replace(tzinfo=now.tzinfo) >= since:
            recent.append(experience_of(c, "retrieved", 1.0 - c.confidence, now))
    return graph.record_experiences(recent, capacity, now)


def _corrections(positives: list[Claim]) -> dict[tuple[str, str], list[Triple]]:
    """The user_correction statements between entities, by (subject, relation)."""
    out: dict[tuple[str, str], list[Triple]] = {}
    for c in positives:
        if parse_provenance(c.provenance).klass is ProvenanceClass.USER_CORRECTION:
            out.setdefault((c.subject, c.predicate), []).append(
                (c.subject, c.predicate, c.object_entity or "")
            )
    return out


def _review(
    graph: GraphStore,
    ledger: Ledger,
    grounded: set[Triple],
    held: OrderIndex,
    by_triple: dict[Triple, Claim],
    ttl: int,
    now: datetime,
) -> tuple[Ledger, list[Proposal]]:
    """Tonight's verdict on every open proposal; a refuted one loses a conflict (its confidence
    halves), every closed one's gap is answered with why."""
    kept: list[Proposal] = []
    closed: list[Proposal] = []
    for p in ledger.proposals:
        if p.status != "open":
            kept.append(p)
            continue
        lost = any(
            x.status is ConflictStatus.RESOLVED and x.winner not in (None, p.claim_id)
            for x in (graph.conflicts_for(p.claim_id) if p.claim_id else [])
        )
        verdict = review(p, grounded, held, lost, ttl, now)
        q = verdict.proposal
        if verdict.witness is not None and verdict.witness in by_triple and p.claim_id:
            q = _settle_against(graph, q, by_triple[verdict.witness], now)
        if q.status != "open":
            closed.append(q)
            if q.gap_id:
                try:
                    graph.attempt_gap(q.gap_id, True, f"proposal {q.status}: {q.trail[-1]}", now)
                except ResidentError as exc:
                    q = q.model_copy(update={"trail": [*q.trail, f"gap not closed: {exc}"]})
        kept.append(q)
    return Ledger(proposals=kept), closed


def _settle_against(graph: GraphStore, p: Proposal, witness: Claim, now: datetime) -> Proposal:
    """A conflict between the proposal and the grounded edge that refutes it, settled for the
    edge: the proposal keeps its row and loses half its confidence (the ladder's rule)."""
    try:
        conflict = graph.record_conflict(p.claim_id, witness.id, now, reason="cycle")
        if conflict.status is not ConflictStatus.RESOLVED:
            graph.resolve_conflict(conflict.id, witness.id, now)
    except ResidentError as exc:
        return p.model_copy(update={"trail": [*p.trail, f"conflict not settled: {exc}"]})
    return p.model_copy(update={"trail": [*p.trail, f"settled against it by {witness.id}"]})


def _write(
    graph: GraphStore,
    chosen: list[Chosen],
    provenance: str,
    version: int,
    hint: float,
    now: datetime,
) -> list[Proposal]:
    """Each proposal as an inference hypothesis (hint cap) whose evidence row carries its trail,
    and a default-priority curiosity gap asking it; one chosen by exploration (below any
    calibrated threshold) only as the gap and an open question-proposal, which MAX asks people
    in conversation (resident.language.guesses) and no claim."""
    out = []
    for score, h, r, t, cal in chosen:
        trail = (
            f"{now:%Y-%m-%d} {provenance} ({cal.scorer}): score {score:.3f} at threshold "
            f"{cal.threshold:.3f}; tonight's held-out precision there {cal.precision:.2f} "
            f"({cal.support} candidates)"
        )
        # Below any calibrated threshold (exploration): asked in conversation, not written.
        question = cal.rule.startswith("exploration")
        claim_id = ""
        if question:
            trail += "; below any calibrated threshold: asked, not written"
        else:
            claim_id = graph.add_claim(
                NewClaim(
                    subject=h,
                    predicate=r,
                    object_entity=t,
                    confidence=min(hint, max(0.01, score)),
                    provenance=provenance,
                    locator=trail,
                ),
                now,
            ).id
        gap = graph.file_gap(
            h, r, f"Does {h} {r} {t}? (proposed by {provenance}, score {score:.2f})", now
        )
        out.append(
            Proposal(
                subject=h,
                predicate=r,
                object_entity=t,
                score=score,
                threshold=cal.threshold or 0.0,
                precision=cal.precision,
                version=version,
                opened_at=now,
                claim_id=claim_id,
                gap_id=gap.id,
                trail=[trail],
                question=question,
                # The frontier's claims are asked about too (Proposal.ask).
                ask=not question and cal.rule.startswith(FRONTIER_RULE),
                scorer=cal.source,
                depth=_depth(cal, r, score),
            )
        )
    return out


def _depth(cal: Calibration, relation: str, score: float) -> int:
    """The proposal's rank depth in its scorer's calibration of tonight (0: not recorded)."""
    ranked = dict(cal.ranked).get(relation)
    return depth_of(ranked, score) if ranked else 0
