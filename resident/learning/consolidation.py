"""Sleep consolidation: harvest recent experience into the replay buffer, train the
Forward-Forward learner from its last checkpoint, evaluate it on a held-out split, and write
what it proposes: `inference:ff@<version>` hypotheses (capped at hint by the ladder, never
evidence), a default-priority curiosity gap for each, and duplicate candidates.

It never writes a fact, never writes above the hint cap, and never deletes a claim.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel

from resident.cognition.epistemic import HINT_CLASSES, parse_provenance
from resident.config import Settings
from resident.learning.checkpoint import checkpoint_path, load_checkpoint, save_checkpoint
from resident.learning.replay import as_positives
from resident.memory.client import GraphStore
from resident.memory.learning_store import experience_of
from resident.records import Claim, DuplicateCandidate, Level, NewClaim
from resident.report import table

MODEL_NAME = "ff"
#: At most this many (head, relation) pairs are scored against every entity for proposals.
MAX_PROPOSAL_PAIRS = 2000
#: At most this many duplicate candidates are filed a night.
MAX_DUPLICATES = 1000


class Proposal(BaseModel):
    subject: str
    predicate: str
    object_entity: str
    score: float


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


def is_positive(c: Claim) -> bool:
    """A claim between entities that may teach the learner: never a hint-class claim (peer,
    interaction, inference: least of all its own guesses) and never an opinion."""
    if c.object_entity is None or c.level is Level.OPINION:
        return False
    return parse_provenance(c.provenance).klass not in HINT_CLASSES


def held_out(subject: str, predicate: str, obj: str, share: float) -> bool:
    """A stable split by hash: the same triple is held out every night."""
    digest = hashlib.sha256(f"{subject}\x1f{predicate}\x1f{obj}".encode()).digest()
    return int.from_bytes(digest[:4], "big") / 2**32 < share


def _all_claims(graph: GraphStore) -> list[Claim]:
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

    from resident.learning.ff import ForwardForward, History, TrainConfig, Triples, train_ff

    cfg = settings.learning
    torch.manual_seed(cfg.seed)
    claims = _all_claims(graph)
    positives = [c for c in claims if is_positive(c)]

    # Experience of the last day enters the buffer: surprise is how unsure MAX was of it.
    since = now - timedelta(days=1)
    recent = []
    for c in positives:
        if c.created_at.replace(tzinfo=now.tzinfo) >= since:
            recent.append(experience_of(c, "learned", 1.0 - c.confidence, now))
        elif c.retrieved_at.replace(tzinfo=now.tzinfo) >= since:
            recent.append(experience_of(c, "retrieved", 1.0 - c.confidence, now))
    buffer_rows = graph.record_experiences(recent, cfg.replay_capacity, now)
    replayed = graph.replay(cfg.replay_capacity, now)

    triples = {(c.subject, c.predicate, c.object_entity or ""): c.confidence for c in positives}
    # Replayed experience counts once more: consolidation leans on what was recent and surprising.
    replay_weight = {(h, r, t): w for h, r, t, w in as_positives(replayed)}
    train: list[tuple[str, str, str, float]] = []
    test: list[tuple[str, str, str, float]] = []
    for (h, r, t), w in sorted(triples.items()):
        (test if held_out(h, r, t, cfg.held_out_share) else train).append((h, r, t, w))

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
        weights=torch.tensor(
            [w * (2.0 if (h, r, t) in replay_weight else 1.0) for h, r, t, w in train],
            dtype=torch.float,
        ),
    )
    model = ForwardForward(len(ents), len(rels), cfg.dim)
    history = History()
    opt_state = None
    version = 1
    runs: list[dict[str, Any]] = []
    if ckpt is not None:
        state = ckpt["model"]
        grew = False
        for key, n in (("ent.weight", len(ents)), ("rel.weight", len(rels))):
            old = state[key]
            if len(old) < n:
                fresh = getattr(model, key.split(".")[0]).weight.detach()[len(old) :]
                state[key] = torch.cat([old, fresh], 0)
                grew = True
        model.load_state_dict(state)
        history = History(losses=ckpt["history"]["losses"], epochs=ckpt["history"]["epochs"])
        # Adam's moments are shaped like the old tables: after growth they start afresh.
        opt_state = None if grew else ckpt["optimizers"]
        version = int(ckpt["version"]) + 1
        runs = list(ckpt["runs"])

    tc = TrainConfig(dim=cfg.dim, epochs=cfg.epochs_per_night, seed=cfg.seed)
    if len(data.train):
        opt_state_new = train_ff(model, data, tc, history, opt_state)
    else:
        opt_state_new = opt_state or []
    model.eval()
    metrics = _evaluate(model, data)
    proposals = propose(model, data, set(triples), cfg.proposals_per_night)
    duplicates = near_duplicates(model, ents, cfg.duplicate_similarity, version)

    provenance = f"inference:{MODEL_NAME}@{version}"
    hint = settings.epistemic.hint_cap
    for p in proposals:
        graph.add_claim(
            NewClaim(
                subject=p.subject,
                predicate=p.predicate,
                object_entity=p.object_entity,
                confidence=min(hint, max(0.01, p.score)),
                provenance=provenance,
            ),
            now,
        )
        graph.file_gap(
            p.subject,
            p.predicate,
            f"Does {p.subject} {p.predicate} {p.object_entity}? (proposed by {provenance})",
            now,
        )
    graph.record_duplicate_candidates(duplicates, now)

    runs.append(
        {
            "at": now.isoformat(),
            "version": version,
            "epochs": history.epochs,
            "mrr": metrics["mrr"],
            "hits10": metrics["hits10"],
            "proposals": len(proposals),
            "positives": len(triples),
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
            "runs": runs,
            "history": {"losses": history.losses, "epochs": history.epochs},
        },
    )
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
        proposals=proposals,
        duplicates=len(duplicates),
        history=runs,
    )


def _evaluate(model: Any, data: Any) -> dict[str, float]:
    from resident.learning.ff import evaluate

    if not len(data.test):
        return {"mrr": 0.0, "hits10": 0.0}
    return evaluate(model.score, data, data.test[:500])


def propose(model: Any, data: Any, known: set[tuple[str, str, str]], limit: int) -> list[Proposal]:
    """The best-scoring links the graph does not hold, one pass over each (head, relation)
    seen in training; ties broken by ids so the same model gives the same proposals."""
    import torch

    if limit <= 0 or not len(data.train):
        return []
    # A stable sample of (head, relation) pairs keeps a night bounded on a large graph.
    pairs = sorted({(h, r) for h, r, _ in data.train.tolist()})
    if len(pairs) > MAX_PROPOSAL_PAIRS:
        step = len(pairs) / MAX_PROPOSAL_PAIRS
        pairs = [pairs[int(i * step)] for i in range(MAX_PROPOSAL_PAIRS)]
    cands: list[tuple[float, str, str, str]] = []
    all_e = torch.arange(data.n_ent)
    with torch.no_grad():
        for h, r in pairs:
            hrt = torch.stack([torch.full_like(all_e, h), torch.full_like(all_e, r), all_e], 1)
            # The layers' goodness are logits of a contrast over candidates: a softmax over
            # every entity reads as how likely this tail is, against all the others.
            s = torch.softmax(model.score(hrt), 0)
            for t in torch.topk(s, min(3, data.n_ent)).indices.tolist():
                triple = (data.entities[h], data.relations[r], data.entities[t])
                if t != h and triple not in known:
                    cands.append((round(float(s[t]), 6), *triple))
    cands.sort(key=lambda c: (-c[0], c[1], c[2], c[3]))
    return [
        Proposal(subject=h, predicate=r, object_entity=t, score=s) for s, h, r, t in cands[:limit]
    ]


def near_duplicates(
    model: Any, entities: list[str], threshold: float, version: int, chunk: int = 1024
) -> list[DuplicateCandidate]:
    """Entity pairs whose embeddings' cosine reaches `threshold`, a block of rows at a time so
    a graph of many entities never holds the whole similarity matrix."""
    import torch
    from torch.nn import functional as F

    out: list[DuplicateCandidate] = []
    with torch.no_grad():
        emb = F.normalize(model.ent.weight.detach(), dim=1)
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


def render_markdown(report: NightReport) -> str:
    lines = [
        f"# sleep-consolidation, {report.at.isoformat()}",
        "",
        f"Model {MODEL_NAME}@{report.version}, {report.epochs_total} epochs in all; "
        f"{report.positives} grounded links ({report.held_out} held out); replayed "
        f"{report.replayed} of {report.buffer_rows} buffered experiences.",
        "",
        f"Held-out filtered MRR **{report.mrr:.3f}**, Hits@10 **{report.hits10:.3f}**. "
        f"Proposals written: {len(report.proposals)} (inference, hint cap); duplicate "
        f"candidates: {report.duplicates}.",
        "",
        "## Trend over past nights",
        "",
    ]
    lines += table(
        ["night", "version", "epochs", "MRR", "Hits@10", "proposals"],
        [
            (
                r["at"],
                r["version"],
                r["epochs"],
                f"{r['mrr']:.3f}",
                f"{r['hits10']:.3f}",
                r["proposals"],
            )
            for r in report.history
        ],
    )
    return "\n".join(lines)
