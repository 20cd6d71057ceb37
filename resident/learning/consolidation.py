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

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel

from resident.cognition.epistemic import HINT_CLASSES, ProvenanceClass, parse_provenance
from resident.config import ConsolidationSettings, Settings
from resident.errors import ResidentError
from resident.learning.checkpoint import (
    checkpoint_path,
    load_checkpoint,
    load_ledger,
    save_checkpoint,
    save_ledger,
)
from resident.learning.names import name_bags
from resident.learning.proposals import (
    Calibration,
    Ledger,
    OrderIndex,
    Proposal,
    calibrate,
    order_verdict,
    review,
)
from resident.learning.replay import Replayed, plan_replay
from resident.memory.client import GraphStore
from resident.memory.learning_store import experience_of
from resident.records import Claim, ConflictStatus, DuplicateCandidate, Level, NewClaim

MODEL_NAME = "ff"
#: At most this many (head, relation) pairs are scored against every entity for proposals.
MAX_PROPOSAL_PAIRS = 2000
#: At most this many duplicate candidates are filed a night.
MAX_DUPLICATES = 1000
#: Replayed rows the night's report lists (highest priority first).
REPLAY_ROWS_SHOWN = 20
Triple = tuple[str, str, str]


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


def is_positive(c: Claim) -> bool:
    """A claim between entities that may teach the learner: never a hint-class claim (peer,
    interaction, inference: least of all its own guesses) and never an opinion."""
    if c.object_entity is None or c.level is Level.OPINION:
        return False
    return parse_provenance(c.provenance).klass not in HINT_CLASSES


def _hash_unit(subject: str, predicate: str, obj: str, salt: str = "") -> float:
    digest = hashlib.sha256(f"{salt}{subject}\x1f{predicate}\x1f{obj}".encode()).digest()
    return int.from_bytes(digest[:4], "big") / 2**32


def held_out(subject: str, predicate: str, obj: str, share: float) -> bool:
    """A stable split by hash: the same triple is a held-out candidate every night."""
    return _hash_unit(subject, predicate, obj) < share


def split_held_out(
    triples: Iterable[Triple], share: float, salt: str = ""
) -> tuple[set[Triple], set[Triple]]:
    """(train, test): the hash-chosen candidates are held out only while both their ends keep a
    training edge. In a hierarchy most terms are leaves with one parent: holding out a leaf's only
    edge leaves it unseen in training, a link no learner can predict (the held-out ranks were near
    chance for that reason). Candidates go in hash order, so the split is stable. Another `salt`
    draws another split (a benchmark's edges MAX is never told, apart from the night's own)."""
    ts = set(triples)
    degree: dict[str, int] = {}
    for h, _, t in ts:
        degree[h] = degree.get(h, 0) + 1
        degree[t] = degree.get(t, 0) + 1
    test: set[Triple] = set()
    unit = {x: _hash_unit(*x, salt=salt) for x in ts}
    for h, r, t in sorted((x for x in ts if unit[x] < share), key=unit.__getitem__):
        if h != t and degree[h] > 1 and degree[t] > 1:
            degree[h] -= 1
            degree[t] -= 1
            test.add((h, r, t))
    return ts - test, test


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
    """One consolidation night (see the module docstring); resumes from the checkpoint."""
    import torch

    from resident.learning.ff import TrainConfig, Triples, train_ff
    from resident.learning.scoring import give_back_freed_blocks, resume

    give_back_freed_blocks()
    cfg, cc = settings.learning, settings.consolidation
    torch.manual_seed(cfg.seed)
    torch.set_num_threads(cfg.threads)
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
    train: list[tuple[str, str, str, float]] = []
    test: list[tuple[str, str, str, float]] = []
    _, test_set = split_held_out(triples, cfg.held_out_share)
    for (h, r, t), w in sorted(triples.items()):
        (test if (h, r, t) in test_set else train).append((h, r, t, w))

    ckpt_file = checkpoint_path(settings.data_dir)
    ckpt = load_checkpoint(ckpt_file)
    ents = sorted({x for h, _, t, _ in train + test for x in (h, t)})
    rels = sorted({r for _, r, _, _ in train + test})
    if ckpt is not None:
        # Keep the learned rows in place; entities or relations new tonight are appended.
        ents = ckpt["entities"] + [e for e in ents if e not in set(ckpt["entities"])]
        rels = ckpt["relations"] + [r for r in rels if r not in set(ckpt["relations"])]
    ei = {e: i for i, e in enumerate(ents)}
    ri = {r: i for i, r in enumerate(rels)}

    def rows(ts: list[tuple[str, str, str, float]]) -> torch.Tensor:
        return torch.tensor([[ei[h], ri[r], ei[t]] for h, r, t, _ in ts], dtype=torch.long).reshape(
            -1, 3
        )

    data = Triples(
        rows(train),
        torch.zeros((0, 3), dtype=torch.long),
        rows(test),
        ents,
        rels,
        # Replayed experience weighs more: a correction most, then a settled conflict, a gap.
        weights=torch.tensor(
            [w * plan.weights.get((h, r, t), 1.0) for h, r, t, w in train], dtype=torch.float
        ),
    )
    labels = entity_labels(graph) if cfg.name_words else {}
    # Everything training needs is read: a graph that can rest gives its memory back meanwhile.
    getattr(graph, "rest", lambda: None)()
    words, bags = name_bags(ents, labels, ckpt.get("words", []) if ckpt else [])
    model, history, opt_state, version, runs = resume(
        ckpt, len(ents), len(rels), cfg.dim, len(words) if cfg.name_words else 0
    )
    model.set_names(bags)
    tc = TrainConfig(
        dim=cfg.dim,
        epochs=cfg.epochs_per_night,
        batch=cfg.batch,
        seed=cfg.seed,
        negatives=cfg.negatives,
        full_contrast_max=cfg.full_contrast_max_entities,
        lr=cfg.lr,
        negatives_from_range=cfg.negatives_from_range,
    )
    if len(data.train):
        opt_state_new = train_ff(model, data, tc, history, opt_state)
    else:
        opt_state_new = opt_state or []
    model.eval()
    metrics = _evaluate(model, data)

    acyclic = settings.hygiene.acyclic_relations
    ledger = load_ledger(settings.data_dir)
    grounded = {
        (c.subject, c.predicate, c.object_entity or "")
        for c in positives
        if parse_provenance(c.provenance).grounded
    }
    held = OrderIndex(triples, acyclic)
    by_triple = {(c.subject, c.predicate, c.object_entity or ""): c for c in positives}
    ledger, closed = _review(graph, ledger, grounded, held, by_triple, cc.proposal_ttl_nights, now)

    # The learner's own candidates, then the names' subsumption scored with it: each
    # calibrated on the held-out edges by itself (their scores are different scales).
    from resident.learning.subsume import calibrated, generators

    edges = [(h, r, t) for h, r, t, _ in train]
    scorers = generators(model, data, _pairs(data), edges, labels, acyclic, cc.candidates_per_pair)
    cal = replace(_calibrate(scorers[0], data, train, acyclic, cc), scorer="learner")
    names_cal, by_names = calibrated(scorers[1], data, acyclic, cc, ledger)
    scorers = (scorers[0], by_names)
    room = max(0, min(cfg.proposals_per_night, cc.max_pending_proposals - len(ledger.open())))
    chosen, skipped = _choose(scorers, (cal, names_cal), data, set(triples), held, ledger, room)
    provenance = f"inference:{MODEL_NAME}@{version}"
    written = _write(graph, chosen, provenance, version, settings.epistemic.hint_cap, now)
    ledger = Ledger(proposals=[*ledger.proposals, *written])
    duplicates = near_duplicates(model, ents, cfg.duplicate_similarity, version)
    graph.record_duplicate_candidates(duplicates, now)
    reversed_ = sum(
        1
        for p in written
        if p.predicate in acyclic and (p.object_entity, p.predicate, p.subject) in triples
    )
    tonight = {
        k: sum(1 for p in closed if p.status == k) for k in ("confirmed", "refuted", "decayed")
    }
    runs.append(
        {
            "at": now.isoformat(),
            "version": version,
            "epochs": history.epochs,
            "mrr": metrics["mrr"],
            "hits10": metrics["hits10"],
            "proposals": len(written),
            "positives": len(triples),
            "threshold": cal.threshold,
            "precision": cal.precision,
            "names_threshold": names_cal.threshold,
            "names_precision": names_cal.precision,
            "pending": len(ledger.open()),
            "reversed": reversed_,
            **tonight,
        }
    )
    save_checkpoint(
        ckpt_file,
        {
            "version": version,
            "model": model.state_dict(),
            "optimizers": opt_state_new,
            "entities": ents,
            "relations": rels,
            "words": words if model.word is not None else [],
            "runs": runs,
            "history": {"losses": history.losses, "epochs": history.epochs},
            "calibration": {"threshold": cal.threshold, "precision": cal.precision},
        },
    )
    save_ledger(settings.data_dir, ledger)
    return NightReport(
        at=now,
        version=version,
        epochs_total=history.epochs,
        positives=len(triples),
        held_out=len(test),
        mrr=metrics["mrr"],
        hits10=metrics["hits10"],
        replayed=len(replayed),
        buffer_rows=buffer_rows,
        proposals=written,
        duplicates=len(duplicates),
        history=runs,
        calibration=cal,
        names_calibration=names_cal,
        pending=len(ledger.open()),
        closed=closed,
        skipped=skipped,
        reversed=reversed_,
        replay=plan.rows[:REPLAY_ROWS_SHOWN],
        withdrawn=len(plan.withdrawn),
    )


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


def _pairs(data: Any) -> list[tuple[int, int]]:
    """The (head, relation) pairs the learner knows, a stable sample when there are many."""
    pairs = sorted({(h, r) for h, r, _ in data.train.tolist()})
    if len(pairs) > MAX_PROPOSAL_PAIRS:
        step = len(pairs) / MAX_PROPOSAL_PAIRS
        pairs = [pairs[int(i * step)] for i in range(MAX_PROPOSAL_PAIRS)]
    return pairs


Gen = Callable[[Callable[[int, int, int], bool]], list[tuple[float, int, int, int]]]


def _calibrate(
    generate: Gen,
    data: Any,
    train: list[tuple[str, str, str, float]],
    acyclic: list[str],
    cc: ConsolidationSettings,
) -> Calibration:
    """Score candidates as the night will, with only the training edges known, and see how many
    of them are held-out edges: the threshold reaching the precision target."""
    if not len(data.train) or not len(data.test):
        return Calibration(None, 0.0, 0, 0, 0)
    known = {tuple(x) for x in data.train.tolist()}
    truth = {tuple(x) for x in data.test.tolist()}
    index = OrderIndex(((h, r, t) for h, r, t, _ in train), acyclic)
    ents, rels = data.entities, data.relations

    def skip(h: int, r: int, t: int) -> bool:
        return (h, r, t) in known or order_verdict(index, ents[h], rels[r], ents[t]) is not None

    scored = [(s, (h, r, t) in truth) for s, h, r, t in generate(skip)]
    return calibrate(scored, cc.precision_target, cc.min_calibration_support)


def _choose(
    generators: tuple[Gen, Gen],
    cals: tuple[Calibration, Calibration],
    data: Any,
    known: set[Triple],
    held: OrderIndex,
    ledger: Ledger,
    room: int,
) -> tuple[list[tuple[float, str, str, str, Calibration]], dict[str, int]]:
    """Tonight's best new links, each above its own scorer's calibrated threshold, as many as
    there is room for (the most precise calibration's first); and how many candidates each rule
    of the partial orders turned away."""
    skipped: dict[str, int] = {}
    if room <= 0 or not len(data.train):
        return [], skipped
    ents, rels = data.entities, data.relations
    ever = ledger.ever()

    def skip(h: int, r: int, t: int) -> bool:
        triple = (ents[h], rels[r], ents[t])
        if triple in known or triple in ever:
            return True
        why = order_verdict(held, *triple)
        if why is not None:
            key = why.split(" (")[0].split(" of the held")[0]
            skipped[key] = skipped.get(key, 0) + 1
        return why is not None

    named: list[tuple[float, str, str, str, Calibration]] = []
    seen: set[Triple] = set()
    for gen, cal in sorted(zip(generators, cals, strict=True), key=lambda x: -x[1].precision):
        if cal.threshold is None:
            continue
        above = [(s, ents[h], rels[r], ents[t]) for s, h, r, t in gen(skip) if s >= cal.threshold]
        for s, h, r, t in sorted(above, key=lambda c: (-c[0], c[1], c[2], c[3])):
            if (h, r, t) not in seen:
                seen.add((h, r, t))
                named.append((s, h, r, t, cal))
    return named[:room], skipped


def _write(
    graph: GraphStore,
    chosen: list[tuple[float, str, str, str, Calibration]],
    provenance: str,
    version: int,
    hint: float,
    now: datetime,
) -> list[Proposal]:
    """Each proposal as an inference hypothesis (hint cap) whose evidence row carries its trail,
    and a default-priority curiosity gap asking it."""
    out = []
    for score, h, r, t, cal in chosen:
        trail = (
            f"{now:%Y-%m-%d} {provenance} ({cal.scorer}): score {score:.3f} at threshold "
            f"{cal.threshold:.3f}; tonight's held-out precision there {cal.precision:.2f} "
            f"({cal.support} candidates)"
        )
        claim = graph.add_claim(
            NewClaim(
                subject=h,
                predicate=r,
                object_entity=t,
                confidence=min(hint, max(0.01, score)),
                provenance=provenance,
                locator=trail,
            ),
            now,
        )
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
                claim_id=claim.id,
                gap_id=gap.id,
                trail=[trail],
            )
        )
    return out


def _evaluate(model: Any, data: Any) -> dict[str, float]:
    from resident.learning.ff import evaluate

    if not len(data.test):
        return {"mrr": 0.0, "hits10": 0.0}
    return evaluate(model.score, data, data.test[:500])


def near_duplicates(
    model: Any, entities: list[str], threshold: float, version: int, chunk: int = 1024
) -> list[DuplicateCandidate]:
    """Entity pairs whose embeddings' cosine reaches `threshold`, a block of rows at a time so
    a graph of many entities never holds the whole similarity matrix."""
    import torch
    from torch.nn import functional as F

    out: list[DuplicateCandidate] = []
    with torch.no_grad():
        emb = F.normalize(model.entity_table().detach(), dim=1)
        for lo in range(0, len(entities), chunk):
            sim = emb[lo : lo + chunk] @ emb.T
            rows, cols = (sim >= threshold).nonzero(as_tuple=True)
            for i, j in zip((rows + lo).tolist(), cols.tolist(), strict=True):
                if i < j and len(out) < MAX_DUPLICATES:
                    a, b = sorted((entities[i], entities[j]))
                    out.append(
                        DuplicateCandidate(
                            entity_a=a,
                            entity_b=b,
                            similarity=round(float(sim[i - lo, j]), 6),
                            model=f"{MODEL_NAME}@{version}",
                        )
                    )
    return out
