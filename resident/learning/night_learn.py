"""The learning half of a consolidation night, without the graph: train the Forward-Forward
learner from its checkpoint on what the night read (resident.learning.consolidation.prepare),
evaluate it on the held-out split, fit the second stage that orders the learner's candidates
across heads on the validation edges (resident.learning.second_stage), calibrate each scorer's
threshold on the held-out edges, choose tonight's proposals (never the reverse of a held edge
of a declared partial order, never more than there is room for), find duplicate candidates, and
save the checkpoint. What it returns is plain data (`Learned`): the proposals and duplicates
are written by the half that holds the graph (consolidation.finish).

Run as a child process (`python -m resident.learning.night_learn <request> <result>`,
resident.learning.night_process), it reads its input from a file the reading stage wrote and
writes its result to another (resident.learning.child handoffs): it never imports DuckDB or
pyarrow, whose code and heap would otherwise sit beside training's peak.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from resident.config import ConsolidationSettings, Settings
from resident.learning.checkpoint import checkpoint_path, load_checkpoint, save_checkpoint
from resident.learning.frontier import frontier
from resident.learning.names import name_bags
from resident.learning.proposals import Calibration, Ledger, OrderIndex, Proposal, order_verdict
from resident.learning.replay import Replayed, hard_rows
from resident.learning.split import split_held_out
from resident.records import DuplicateCandidate

MODEL_NAME = "ff"
#: At most this many (head, relation) pairs are scored against every entity for proposals.
MAX_PROPOSAL_PAIRS = 2000
#: At most this many duplicate candidates are filed a night.
MAX_DUPLICATES = 1000
#: Share of the training edges a night sets aside to stop training by (a stable hash split of
#: its own, salted apart from the held-out split; each end keeps a training edge).
VALIDATION_SHARE = 0.1
#: Fewer validation edges than this say too little to stop by (a small graph's MRR over a
#: handful of edges swings by tenths from one epoch to the next): such a night trains its
#: epochs on every edge, as before.
MIN_VALIDATION = 20
#: Epochs without a better validation MRR before a night stops training: at least this many,
#: and at least half the night's epochs (a small graph's validation MRR is noisy early on).
PATIENCE = 3
#: The learning function a night's learner child runs (a test names a probe instead).
LEARN = "resident.learning.night_learn:learn"
Triple = tuple[str, str, str]
Quad = tuple[str, str, str, float]
#: A chosen proposal: score, subject, relation, object, the calibration it passed.
Chosen = tuple[float, str, str, str, Calibration]


@dataclass(frozen=True)
class NightInput:
    """What a night read from the graph before training, and the review of its open proposals
    (resident.learning.consolidation.prepare): plain data, no graph."""

    train: list[Quad]
    test: list[Quad]
    #: Each training edge's weight: its confidence, times its replay weight when replayed.
    weights: list[float]
    #: Tonight's positives (withdrawn beliefs left out), with their confidence.
    triples: dict[Triple, float]
    labels: dict[str, str]
    #: The proposals' ledger after tonight's review.
    ledger: Ledger
    closed: list[Proposal]
    replayed: int
    buffer_rows: int
    replay: list[Replayed]
    withdrawn: int
    #: Refuted proposals replayed as explicit negatives, with their training weight.
    negatives: dict[Triple, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Learned:
    """What training, evaluation, calibration and choosing gave (the checkpoint is saved)."""

    version: int
    epochs_total: int
    mrr: float
    hits10: float
    runs: list[dict[str, Any]]
    calibration: Calibration
    names_calibration: Calibration
    chosen: list[Chosen]
    skipped: dict[str, int]
    duplicates: list[DuplicateCandidate]
    reversed: int
    #: Contrasts trained from the refuted proposals (explicit negatives) tonight.
    hard: int = 0


def learn(inp: NightInput, settings: Settings, now: datetime) -> Learned:
    """Train from the last checkpoint, evaluate, calibrate, choose; save the checkpoint."""
    import torch

    from resident.learning.ff import TrainConfig, Triples
    from resident.learning.scoring import give_back_freed_blocks, resume, train_while_better
    from resident.learning.subsume import calibrated, generators

    give_back_freed_blocks()
    cfg, cc = settings.learning, settings.consolidation
    torch.manual_seed(cfg.seed)
    torch.set_num_threads(cfg.threads)
    train, test = inp.train, inp.test
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

    def rows(ts: list[Quad]) -> torch.Tensor:
        return torch.tensor([[ei[h], ri[r], ei[t]] for h, r, t, _ in ts], dtype=torch.long).reshape(
            -1, 3
        )

    _, valid_set = split_held_out((q[:3] for q in train), VALIDATION_SHARE, salt="validation")
    if len(valid_set) < MIN_VALIDATION:
        valid_set = set()
    fit = [(q, w) for q, w in zip(train, inp.weights, strict=True) if q[:3] not in valid_set]
    data = Triples(
        rows([q for q, _ in fit]),
        rows([q for q in train if q[:3] in valid_set]),
        rows(test),
        ents,
        rels,
        weights=torch.tensor([w for _, w in fit], dtype=torch.float),
    )
    hard = [
        x
        for x in hard_rows(inp.negatives, (q[:3] for q, _ in fit))
        if x[0] in ei and x[2] in ei and x[4] in ei
    ]
    if hard:
        data = replace(
            data,
            hard=torch.tensor(
                [[ei[h], ri[r], ei[t], side, ei[n]] for h, r, t, side, n, _ in hard],
                dtype=torch.long,
            ),
            hard_weights=torch.tensor([w for *_, w in hard], dtype=torch.float),
        )
    words, bags = name_bags(ents, inp.labels, ckpt.get("words", []) if ckpt else [])
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
    stopped: dict[str, Any] = {"ran": 0, "kept": 0}
    opt_state_new = opt_state
    if len(data.train):
        opt_state_new, stopped = train_while_better(
            model, data, tc, history, opt_state, max(PATIENCE, tc.epochs // 2)
        )
    model.eval()
    metrics = _evaluate(model, data)
    seen, valid = data.train, data.valid
    # The validation edges are held edges like the others: known to what follows.
    data = replace(data, train=torch.cat([data.train, data.valid]), valid=data.valid[:0])

    # The learner's candidates ordered across heads by the second stage (fitted on the
    # validation edges, when there are enough), then the names' subsumption scored with the
    # learner: each calibrated on the held-out edges by itself (their scores are different
    # scales). Without a second stage, the learner's own candidates, as before.
    acyclic = settings.hygiene.acyclic_relations
    held = OrderIndex(inp.triples, acyclic)
    edges = [(h, r, t) for h, r, t, _ in train]
    pairs = _pairs(data)
    scorers = generators(model, data, pairs, edges, inp.labels, acyclic, cc.candidates_per_pair)
    stage = _second_stage(model, data, seen, valid, pairs, inp.labels, acyclic)
    if stage is None:
        first = scorers[0]
        cal = replace(_calibrate(first, data, train, acyclic, cc), scorer="learner")
    else:
        # Its held-out rule, asking its best few where that gives nothing to write
        # (depth_floor.held_out_or_asked): the answers no longer scale it (RESULTS-learning
        # sections 22-24).
        gen = stage.generator(edges, rels)
        cal, first = calibrated(gen, data, acyclic, cc, inp.ledger, "second stage", False)
        # And its best fresh few, never under an object people said no under
        # (resident.learning.frontier).
        near = frontier(
            gen,
            data.entities,
            data.relations,
            inp.ledger,
            (
                cc.precision_target,
                cc.neighbourhood_support,
                cc.frontier_depth,
                cc.frontier_per_night,
            ),
            cal.ranked,
        )
    names_cal, by_names = calibrated(scorers[1], data, acyclic, cc, inp.ledger)
    gens, cals = [first, by_names], [cal, names_cal]
    if stage is not None:
        gens.append(near[1])
        cals.append(near[0])
    room = max(0, min(cfg.proposals_per_night, cc.max_pending_proposals - len(inp.ledger.open())))
    chosen, skipped = _choose(gens, cals, data, set(inp.triples), held, inp.ledger, room)
    duplicates = near_duplicates(model, ents, cfg.duplicate_similarity, version)
    reversed_ = sum(1 for _, h, r, t, _ in chosen if r in acyclic and (t, r, h) in inp.triples)
    tonight = {
        k: sum(1 for p in inp.closed if p.status == k) for k in ("confirmed", "refuted", "decayed")
    }
    runs.append(
        {
            "at": now.isoformat(),
            "version": version,
            "epochs": history.epochs,
            "epochs_run": stopped["ran"],
            "epochs_kept": stopped["kept"],
            "valid_mrr": stopped.get("valid_mrr"),
            "mrr": metrics["mrr"],
            "hits10": metrics["hits10"],
            "proposals": len(chosen),
            "positives": len(inp.triples),
            "threshold": cal.threshold,
            "precision": cal.precision,
            "names_threshold": names_cal.threshold,
            "names_precision": names_cal.precision,
            # Every chosen proposal is written, and opens.
            "pending": len(inp.ledger.open()) + len(chosen),
            "reversed": reversed_,
            "negatives": len(inp.negatives),
            "hard": len(hard),
            "scorer": "learner" if stage is None else "second stage",
            "second_stage": {} if stage is None else _fitted(stage, rels),
            **tonight,
        }
    )
    save_checkpoint(
        ckpt_file,
        {
            "version": version,
            "model": model.state_dict(),
            "optimizers": opt_state_new or [],
            "entities": ents,
            "relations": rels,
            "words": words if model.word is not None else [],
            "runs": runs,
            "history": {"losses": history.losses, "epochs": history.epochs},
            "calibration": {"threshold": cal.threshold, "precision": cal.precision},
        },
    )
    return Learned(
        version=version,
        epochs_total=history.epochs,
        mrr=metrics["mrr"],
        hits10=metrics["hits10"],
        runs=runs,
        calibration=cal,
        names_calibration=names_cal,
        chosen=chosen,
        skipped=skipped,
        duplicates=duplicates,
        reversed=reversed_,
        hard=len(hard),
    )


def _pairs(data: Any) -> list[tuple[int, int]]:
    """The (head, relation) pairs the learner knows, a stable sample when there are many."""
    pairs = sorted({(h, r) for h, r, _ in data.train.tolist()})
    if len(pairs) > MAX_PROPOSAL_PAIRS:
        step = len(pairs) / MAX_PROPOSAL_PAIRS
        pairs = [pairs[int(i * step)] for i in range(MAX_PROPOSAL_PAIRS)]
    return pairs


Gen = Callable[[Callable[[int, int, int], bool]], list[tuple[float, int, int, int]]]


def _second_stage(
    model: Any,
    data: Any,
    seen: Any,
    valid: Any,
    pairs: list[tuple[int, int]],
    labels: dict[str, str],
    orders: list[str],
) -> Any:
    """The second stage fitted on tonight's validation edges (`second_stage.fit`), or None
    below `MIN_VALIDATION` of them for every partial order (as early stopping skips)."""
    from resident.learning.second_stage import fit
    from resident.learning.subsume import NameIndex

    if len(valid) < MIN_VALIDATION:
        return None
    ents, rels = data.entities, data.relations

    def named(rows: Any) -> list[Triple]:
        return [(ents[h], rels[r], ents[t]) for h, r, t in rows.tolist()]

    heads: dict[int, list[int]] = {}
    for h, r in pairs:
        heads.setdefault(r, []).append(h)
    names = NameIndex(ents, labels)
    return fit(model, ents, rels, named(seen), named(valid), heads, names, orders, MIN_VALIDATION)


def _fitted(stage: Any, rels: list[str]) -> dict[str, list[int]]:
    """What the second stage was fitted on, by relation: [candidates, true]."""
    return {rels[r]: list(n) for r, n in sorted(stage.fitted.items())}


def _calibrate(
    generate: Gen,
    data: Any,
    train: list[Quad],
    acyclic: list[str],
    cc: ConsolidationSettings,
) -> Calibration:
    """Score candidates as the night will, with only the training edges known, and see how many
    of them are true: a held-out edge, or for a partial order one the training and held-out
    edges entail (`Entailed`, as the names' calibration and a proposal are judged: a term whose
    held-out parent is missing has that parent's parents missing too); the threshold reaching
    the precision target."""
    from resident.learning.proposals import Entailed, calibrate

    if not len(data.train) or not len(data.test):
        return Calibration(None, 0.0, 0, 0, 0)
    known = {tuple(x) for x in data.train.tolist()}
    index = OrderIndex(((h, r, t) for h, r, t, _ in train), acyclic)
    ents, rels = data.entities, data.relations
    truth = Entailed(
        (q[:3] for q in train),
        ((ents[h], rels[r], ents[t]) for h, r, t in data.test.tolist()),
        acyclic,
    )

    def skip(h: int, r: int, t: int) -> bool:
        return (h, r, t) in known or order_verdict(index, ents[h], rels[r], ents[t]) is not None

    scored = [(s, truth(ents[h], rels[r], ents[t])) for s, h, r, t in generate(skip)]
    return calibrate(scored, cc.precision_target, cc.min_calibration_support)


def _choose(
    generators: Sequence[Gen],
    cals: Sequence[Calibration],
    data: Any,
    known: set[Triple],
    held: OrderIndex,
    ledger: Ledger,
    room: int,
) -> tuple[list[Chosen], dict[str, int]]:
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

    named: list[Chosen] = []
    seen: set[Triple] = set()

    # Claims before questions (a candidate both would take is written), each the most precise
    # calibration's first.
    def order(x: tuple[Gen, Calibration]) -> tuple[bool, float]:
        return x[1].rule.startswith("exploration"), -x[1].precision

    for gen, cal in sorted(zip(generators, cals, strict=True), key=order):
        if cal.threshold is None:
            continue
        above = [(s, ents[h], rels[r], ents[t]) for s, h, r, t in gen(skip) if s >= cal.threshold]
        for s, h, r, t in sorted(above, key=lambda c: (-c[0], c[1], c[2], c[3])):
            if (h, r, t) not in seen:
                seen.add((h, r, t))
                named.append((s, h, r, t, cal))
    return named[:room], skipped


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


def learn_child(settings: Settings, now: datetime, request: dict[str, Any]) -> dict[str, Any]:
    """The learner's stage of a night: its input from the reading stage's file, `learn` (or the
    function the request names), its result to the file the writing stage reads."""
    from resident.learning.child import read_handoff, write_handoff

    module, _, attr = str(request.get("learn") or LEARN).partition(":")
    run = getattr(importlib.import_module(module), attr)
    learned = run(read_handoff(Path(request["input"])), settings, now)
    write_handoff(Path(request["learned"]), learned)
    return {"version": learned.version}


if __name__ == "__main__":
    from resident.learning import night_learn
    from resident.learning.child import child_main

    # The module's own name, not __main__: what it pickles names the importable module.
    child_main(night_learn.learn_child, arrow=False)
