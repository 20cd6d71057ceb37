"""The Forward-Forward learner (Hinton 2022) over (head, relation, tail) triples, and a same-size
backpropagation baseline (DistMult), with filtered link-prediction metrics.

Each FF layer is trained on its own local loss: goodness (the sum of squared activations) high
for positive triples, low for corrupted ones. The embeddings feed layer 1 and learn from layer 1's
loss only; each deeper layer sees the previous layer's output detached and length-normalised, so
no gradient crosses a layer boundary. A triple's score is the sum of its layers' goodness.

torch is imported lazily by the callers (this module is only imported where torch is needed).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import torch
from torch import nn
from torch.nn import functional as F


@dataclass
class Triples:
    """Integer-coded triples (n, 3) with their entity and relation vocabularies."""

    train: torch.Tensor
    valid: torch.Tensor
    test: torch.Tensor
    entities: list[str]
    relations: list[str]
    weights: torch.Tensor | None = None  # per train triple, e.g. the claim's confidence

    @property
    def n_ent(self) -> int:
        return len(self.entities)

    @property
    def n_rel(self) -> int:
        return len(self.relations)


def encode(train: list[tuple[str, str, str]], valid: list[tuple[str, str, str]],
           test: list[tuple[str, str, str]]) -> Triples:
    """Vocabularies in sorted order (so a seed gives the same model), triples as index rows."""
    ents = sorted({x for h, _, t in train + valid + test for x in (h, t)})
    rels = sorted({r for _, r, _ in train + valid + test})
    ei = {e: i for i, e in enumerate(ents)}
    ri = {r: i for i, r in enumerate(rels)}

    def rows(ts: list[tuple[str, str, str]]) -> torch.Tensor:
        return torch.tensor([[ei[h], ri[r], ei[t]] for h, r, t in ts],
                            dtype=torch.long).reshape(-1, 3)

    return Triples(rows(train), rows(valid), rows(test), ents, rels)


def corrupt(batch: torch.Tensor, n_ent: int, gen: torch.Generator, k: int) -> torch.Tensor:
    """k negatives per positive: the head or the tail replaced by a random entity."""
    neg = batch.repeat_interleave(k, 0).clone()
    side = torch.randint(0, 2, (len(neg),), generator=gen).bool()
    rand = torch.randint(0, n_ent, (len(neg),), generator=gen)
    neg[side, 0] = rand[side]
    neg[~side, 2] = rand[~side]
    return neg


class FFLayer(nn.Module):
    def __init__(self, d_in: int, d_out: int) -> None:
        super().__init__()
        self.lin = nn.Linear(d_in, d_out)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.relu(self.lin(x))


class ForwardForward(nn.Module):
    """Embeddings plus a stack of FF layers; every layer has its own optimizer."""

    def __init__(self, n_ent: int, n_rel: int, dim: int, layers: int = 2,
                 theta: float = 2.0) -> None:
        super().__init__()
        self.ent = nn.Embedding(n_ent, dim)
        self.rel = nn.Embedding(n_rel, dim)
        nn.init.normal_(self.ent.weight, std=0.3)
        nn.init.normal_(self.rel.weight, std=0.3)
        self.layers = nn.ModuleList(FFLayer(3 * dim if i == 0 else dim, dim)
                                    for i in range(layers))
        self.theta = theta

    def layer_input(self, hrt: torch.Tensor) -> torch.Tensor:
        h, r, t = self.ent(hrt[:, 0]), self.rel(hrt[:, 1]), self.ent(hrt[:, 2])
        # The interaction term h*r*t carries the triple; h and t alone let a unit see the pair.
        return torch.cat([h * r * t, h * t, r], dim=1)

    def goodness(self, hrt: torch.Tensor) -> list[torch.Tensor]:
        """Per layer goodness (mean squared activation), inputs detached between layers."""
        out, x = [], self.layer_input(hrt)
        for i, layer in enumerate(self.layers):
            if i > 0:
                x = F.normalize(x.detach(), dim=1)
            x = layer(x)
            out.append(x.pow(2).mean(dim=1))
        return out

    def score(self, hrt: torch.Tensor) -> torch.Tensor:
        return torch.stack(self.goodness(hrt), 0).sum(0)


class DistMult(nn.Module):
    """The backpropagation baseline at the same embedding size."""

    def __init__(self, n_ent: int, n_rel: int, dim: int) -> None:
        super().__init__()
        self.ent = nn.Embedding(n_ent, dim)
        self.rel = nn.Embedding(n_rel, dim)
        nn.init.xavier_uniform_(self.ent.weight)
        nn.init.xavier_uniform_(self.rel.weight)

    def score(self, hrt: torch.Tensor) -> torch.Tensor:
        return (self.ent(hrt[:, 0]) * self.rel(hrt[:, 1]) * self.ent(hrt[:, 2])).sum(1)


@dataclass
class TrainConfig:
    dim: int = 128
    layers: int = 2
    epochs: int = 100
    batch: int = 256
    negatives: int = 16
    lr: float = 0.01
    theta: float = 2.0
    seed: int = 0


@dataclass
class History:
    losses: list[float] = field(default_factory=list)
    epochs: int = 0


def _local_loss(g_pos: torch.Tensor, g_neg: torch.Tensor, theta: float, k: int,
                w: torch.Tensor | None) -> torch.Tensor:
    pos = F.softplus(-(g_pos - theta))
    if w is not None:
        pos = pos * w
    neg = F.softplus(g_neg - theta).view(-1, k).mean(1)
    return (pos + neg).mean()


def train_ff(model: ForwardForward, data: Triples, cfg: TrainConfig, history: History,
             opt_state: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """cfg.epochs more epochs of FF training; returns the optimizers' state for a checkpoint.

    Layer 1's optimizer owns the embeddings and layer 1; layer i's owns layer i only."""
    gen = torch.Generator().manual_seed(cfg.seed + history.epochs)
    groups = [list(model.ent.parameters()) + list(model.rel.parameters())
              + list(model.layers[0].parameters())]
    groups += [list(layer.parameters()) for layer in model.layers[1:]]
    opts = [torch.optim.Adam(g, lr=cfg.lr) for g in groups]
    if opt_state:
        for o, s in zip(opts, opt_state, strict=True):
            o.load_state_dict(s)
    x = data.train
    for _ in range(cfg.epochs):
        perm = torch.randperm(len(x), generator=gen)
        total = 0.0
        for i in range(0, len(x), cfg.batch):
            idx = perm[i:i + cfg.batch]
            pos = x[idx]
            w = None if data.weights is None else data.weights[idx]
            neg = corrupt(pos, data.n_ent, gen, cfg.negatives)
            gp, gn = model.goodness(pos), model.goodness(neg)
            for opt, p, n in zip(opts, gp, gn, strict=True):
                loss = _local_loss(p, n, cfg.theta, cfg.negatives, w)
                opt.zero_grad()
                loss.backward()  # reaches this layer (and, for layer 1, the embeddings) only
                opt.step()
                total += float(loss.detach())
        history.epochs += 1
        history.losses.append(total)
    return [o.state_dict() for o in opts]


def train_distmult(model: DistMult, data: Triples, cfg: TrainConfig) -> None:
    """1-N style training with cross-entropy over all tails (and heads via inverse scoring)."""
    gen = torch.Generator().manual_seed(cfg.seed)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    x = data.train
    for _ in range(cfg.epochs):
        perm = torch.randperm(len(x), generator=gen)
        for i in range(0, len(x), cfg.batch):
            b = x[perm[i:i + cfg.batch]]
            hr = model.ent(b[:, 0]) * model.rel(b[:, 1])
            tr = model.ent(b[:, 2]) * model.rel(b[:, 1])
            loss = (F.cross_entropy(hr @ model.ent.weight.T, b[:, 2])
                    + F.cross_entropy(tr @ model.ent.weight.T, b[:, 0]))
            loss = loss + 1e-4 * (hr.pow(2).sum() + tr.pow(2).sum()) / len(b)
            opt.zero_grad()
            loss.backward()
            opt.step()


@torch.no_grad()
def evaluate(score_fn: Any, data: Triples, split: torch.Tensor) -> dict[str, float]:
    """Filtered MRR and Hits@10 over both tail and head prediction (the standard protocol):
    every other true triple is removed from the ranking; ties count half."""
    tails: dict[tuple[int, int], list[int]] = {}
    heads: dict[tuple[int, int], list[int]] = {}
    for h, r, t in torch.cat([data.train, data.valid, data.test]).tolist():
        tails.setdefault((h, r), []).append(t)
        heads.setdefault((r, t), []).append(h)
    ranks: list[float] = []
    all_e = torch.arange(data.n_ent)
    for h, r, t in split.tolist():
        for side in (2, 0):
            cand = torch.tensor([[h, r, t]]).repeat(data.n_ent, 1)
            cand[:, side] = all_e
            s = score_fn(cand)
            target, others = (t, tails[(h, r)]) if side == 2 else (h, heads[(r, t)])
            mask = torch.zeros(data.n_ent, dtype=torch.bool)
            mask[torch.tensor(others)] = True
            mask[target] = False
            s = s.masked_fill(mask, float("-inf"))
            ranks.append(1.0 + float((s > s[target]).sum()) + 0.5 * float(
                (s == s[target]).sum() - 1))
    rk = torch.tensor(ranks)
    return {"mrr": float((1.0 / rk).mean()), "hits10": float((rk <= 10).float().mean())}
