"""The Forward-Forward learner (Hinton 2022) over (head, relation, tail) triples, and a same-size
backpropagation baseline (DistMult), with filtered link-prediction metrics.

Every layer learns from its own local objective only: its goodness (the sum of squared
activations) must be high for the positive triple and low for the corrupted triples of the same
query, (h, r, ?) or (?, r, t). The loss is a softmax contrast over the query's candidates (the
positive against every other entity as head or tail when the graph is small, against a sample of
them when it is large), so each layer's goodness is a logit. No gradient crosses a layer
boundary: a deeper layer sees the previous layer's activations detached and length-normalised
(Hinton's normalisation, so it cannot read the earlier goodness off the vector's length).

Layer 1 is relation-conditioned and directed: each embedding is dim/2 complex numbers, the head
is mapped by the relation (the complex product h*r, as in ComplEx) and each unit is one real or
imaginary part of it times the same part of the tail, rectified, so its goodness is a rectified
ComplEx score that differs when head and tail swap (`ForwardForward.first`); the embeddings
learn from layer 1's loss only.
Layer 2 is a dense ReLU layer. At scoring time the goodness of all layers is summed (a product of
the layers' experts, as each is a logit).

torch is imported lazily by the callers (this module is only imported where torch is needed).
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import torch
from torch import nn
from torch.nn import functional as F

#: Up to this many entities, every entity is a candidate in a layer's contrast (1-N); above it a
#: sample of TrainConfig.negatives corrupted entities is drawn per query.
FULL_CONTRAST_MAX_ENTITIES = 4096


@dataclass
class Triples:
    """Integer-coded triples (n, 3) with their entity and relation vocabularies."""

    train: torch.Tensor
    valid: torch.Tensor
    test: torch.Tensor
    entities: list[str]
    relations: list[str]
    weights: torch.Tensor | None = None  # per train triple, e.g. the claim's confidence
    #: Explicit negatives (resident.learning.replay.hard_rows): rows (h, r, t, side, n), a held
    #: edge and the refuted entity it must outscore on that side; with their weights.
    hard: torch.Tensor | None = None
    hard_weights: torch.Tensor | None = None

    @property
    def n_ent(self) -> int:
        return len(self.entities)

    @property
    def n_rel(self) -> int:
        return len(self.relations)


def encode(
    train: list[tuple[str, str, str]],
    valid: list[tuple[str, str, str]],
    test: list[tuple[str, str, str]],
) -> Triples:
    """Vocabularies in sorted order (so a seed gives the same model), triples as index rows."""
    ents = sorted({x for h, _, t in train + valid + test for x in (h, t)})
    rels = sorted({r for _, r, _ in train + valid + test})
    ei = {e: i for i, e in enumerate(ents)}
    ri = {r: i for i, r in enumerate(rels)}

    def rows(ts: list[tuple[str, str, str]]) -> torch.Tensor:
        return torch.tensor([[ei[h], ri[r], ei[t]] for h, r, t in ts], dtype=torch.long).reshape(
            -1, 3
        )

    return Triples(rows(train), rows(valid), rows(test), ents, rels)


def interact(h: torch.Tensor, r: torch.Tensor) -> torch.Tensor:
    """The complex product h*r of embeddings stored as [real half, imaginary half]."""
    hr_, hi = h.chunk(2, -1)
    rr, ri = r.chunk(2, -1)
    return torch.cat([hr_ * rr - hi * ri, hr_ * ri + hi * rr], -1)


class FFLayer(nn.Module):
    def __init__(self, d_in: int, d_out: int) -> None:
        super().__init__()
        self.lin = nn.Linear(d_in, d_out)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.relu(self.lin(x))


class ForwardForward(nn.Module):
    """Embeddings, a relation-conditioned layer 1 and dense layers above; one optimizer each.

    With `n_words`, an entity's vector is its own row plus the weighted sum of its name's word
    rows (`set_names`, from resident.learning.names): what the learner learns about a word
    carries to every entity whose name uses it. The words are layer 1's parameters like the
    entity rows, learning from layer 1's loss only."""

    def __init__(
        self,
        n_ent: int,
        n_rel: int,
        dim: int,
        layers: int = 2,
        dropout: float = 0.3,
        n_words: int = 0,
        max_words: int = 8,
        own_std: float = 0.1,
    ) -> None:
        super().__init__()
        self.ent = nn.Embedding(n_ent, dim)
        self.rel = nn.Embedding(n_rel, dim)
        nn.init.normal_(self.ent.weight, std=1.0)
        nn.init.normal_(self.rel.weight, std=1.0)
        self.word: nn.Embedding | None = None
        if n_words:
            # An entity's own row starts small: at first its name speaks for it, and the row
            # learns what the name does not say.
            nn.init.normal_(self.ent.weight, std=own_std)
            # The last row pads a short name: it stays zero and weighs zero.
            self.word = nn.Embedding(n_words + 1, dim, padding_idx=n_words)
            nn.init.normal_(self.word.weight, std=1.0)
            with torch.no_grad():
                self.word.weight[n_words].zero_()
        self.name_idx: torch.Tensor
        self.name_w: torch.Tensor
        self.register_buffer("name_idx", torch.full((n_ent, max_words), n_words, dtype=torch.long))
        self.register_buffer("name_w", torch.zeros(n_ent, max_words))
        self.layers = nn.ModuleList(FFLayer(dim, dim) for _ in range(layers - 1))
        self.dropout = dropout
        self.n_layers = layers

    def set_names(self, bags: list[list[tuple[int, float]]]) -> None:
        """Each entity's name as (word row, weight) pairs, at most max_words of them."""
        if self.word is None:
            return
        pad, width = self.word.num_embeddings - 1, self.name_idx.shape[1]
        idx = torch.full((len(bags), width), pad, dtype=torch.long)
        w = torch.zeros(len(bags), width)
        for i, bag in enumerate(bags):
            for j, (row, weight) in enumerate(bag[:width]):
                idx[i, j], w[i, j] = row, weight
        self.name_idx, self.name_w = idx, w

    def entity(self, idx: torch.Tensor) -> torch.Tensor:
        """The vectors of the entities in idx (any shape): own row plus name words."""
        e = self.ent(idx)
        if self.word is None:
            return e
        # Each distinct entity's bag once: a batch's sampled candidates repeat many entities.
        uniq, inv = torch.unique(idx, return_inverse=True)
        bag = (self.word(self.name_idx[uniq]) * self.name_w[uniq].unsqueeze(-1)).sum(-2)
        return e + bag[inv]

    def entity_table(self) -> torch.Tensor:
        """Every entity's vector (n_ent, dim)."""
        if self.word is None:
            return self.ent.weight
        return self.entity(torch.arange(self.ent.num_embeddings, device=self.ent.weight.device))

    def first(self, h: torch.Tensor, r: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
        """Layer 1's activations for broadcastable head, relation and tail embeddings.

        Each embedding is read as dim/2 complex numbers (real halves first). The head is
        rotated and scaled by the relation (a complex product h*r, ComplEx's relation map), and
        each unit multiplies one part of it with the same part of the tail: the real units
        Re(hr)_i Re(t)_i and the imaginary units Im(hr)_i Im(t)_i, whose sum is ComplEx's
        Re(<h, r, conj t>). Swapping head and tail changes the units unless the relation's
        imaginary part is zero, so is_a can score high one way round and low the other (the
        old h_i r_i t_i units could not: they are the same either way round)."""
        hr = interact(h, r)
        return F.relu(F.dropout(hr, self.dropout, self.training) * t)

    def layer_goodness(self, a1: torch.Tensor) -> Iterator[torch.Tensor]:
        """Each layer's goodness from layer 1's activations, one layer at a time (inputs detached
        between layers): layer i+1 is computed only when asked for, so a trainer that steps
        layer i first has freed layer i's autograd graph by then (training peaks 16 MiB lower
        on 2,000 HPO terms; the numbers are the same, as no layer sees another's gradient)."""
        yield a1.pow(2).sum(-1)
        x = a1
        for layer in self.layers:
            x = layer(F.normalize(x.detach(), dim=-1))
            yield x.pow(2).sum(-1)

    def _stack(self, a1: torch.Tensor) -> list[torch.Tensor]:
        """Goodness of every layer from layer 1's activations."""
        return list(self.layer_goodness(a1))

    def goodness(self, hrt: torch.Tensor) -> list[torch.Tensor]:
        """Per layer goodness of each triple (rows of hrt)."""
        return self._stack(
            self.first(self.entity(hrt[:, 0]), self.rel(hrt[:, 1]), self.entity(hrt[:, 2]))
        )

    def candidates(
        self, q: torch.Tensor, side: int, cand: torch.Tensor | None
    ) -> list[torch.Tensor]:
        """Per layer goodness (B, C) of the queries in q (B, 3) with the head (side 0) or the tail
        (side 2) replaced by each candidate entity: every entity when cand is None, else the
        rows of cand (B, C)."""
        return self._stack(self.first_candidates(q, side, cand))

    def first_candidates(
        self, q: torch.Tensor, side: int, cand: torch.Tensor | None
    ) -> torch.Tensor:
        """Layer 1's activations (B, C, dim) of `candidates`' triples."""
        fixed = self.entity(q[:, 2 - side]).unsqueeze(1)
        r = self.rel(q[:, 1]).unsqueeze(1)
        other = self.entity_table().unsqueeze(0) if cand is None else self.entity(cand)
        if side == 2:
            return self.first(fixed, r, other)
        return self.first(other, r, fixed)

    def score(self, hrt: torch.Tensor) -> torch.Tensor:
        return torch.stack(self.goodness(hrt), 0).sum(0)


class DistMult(nn.Module):
    """The backpropagation baseline (Yang et al. 2015), trained 1-N with cross-entropy."""

    def __init__(self, n_ent: int, n_rel: int, dim: int, dropout: float = 0.0) -> None:
        super().__init__()
        self.ent = nn.Embedding(n_ent, dim)
        self.rel = nn.Embedding(n_rel, dim)
        nn.init.normal_(self.ent.weight, std=1.0)
        nn.init.normal_(self.rel.weight, std=1.0)
        self.dropout = dropout

    def score(self, hrt: torch.Tensor) -> torch.Tensor:
        return (self.ent(hrt[:, 0]) * self.rel(hrt[:, 1]) * self.ent(hrt[:, 2])).sum(1)


@dataclass
class TrainConfig:
    dim: int = 128
    layers: int = 2
    epochs: int = 100
    batch: int = 128
    #: Sampled corrupted entities per query when the graph is too large for a full contrast.
    negatives: int = 256
    # lr, reg and dropout: the best on UMLS's validation split (benchmarks/learning.py's grid).
    lr: float = 0.02
    #: L2 weight on the embeddings touched by a batch.
    reg: float = 1e-2
    label_smoothing: float = 0.1
    seed: int = 0
    #: Up to this many entities every entity is a candidate in the contrast; above it a sample.
    full_contrast_max: int = FULL_CONTRAST_MAX_ENTITIES
    #: Sampled corrupted entities come from the entities the relation reached on that side
    #: (its range for a tail, its domain for a head) rather than from every entity.
    negatives_from_range: bool = False


#: Optimizer methods torch wraps in `torch._disable_dynamo`, which imports the compiler on the
#: first call (`eager_optimizers`).
_DYNAMO_WRAPPED = ("add_param_group", "state_dict", "load_state_dict", "zero_grad")


def eager_optimizers() -> None:
    """Let torch's optimizers run without importing torch's compiler (torch._dynamo and with it
    sympy and mpmath: 74 MiB resident, 87 with what they touch, in a process that only trains
    eagerly; benchmarks/RESULTS-learning.md section 10.4). Those methods import it on their first
    call only to disable compilation inside them, which has no effect outside `torch.compile`:
    each method's disabled form is set to the method itself, the cache torch keeps on the
    function. `optimizer_step` does the same for a step. Process-wide; changes no number."""
    for name in _DYNAMO_WRAPPED:
        fn = getattr(getattr(torch.optim.Optimizer, name), "__wrapped__", None)
        if fn is not None and not hasattr(fn, "__dynamo_disable"):
            setattr(fn, "__dynamo_disable", fn)


def optimizer_step(opt: torch.optim.Optimizer) -> None:
    """`opt.step()` without importing torch's compiler: torch's step wrappers (its profiler
    hook, `_use_grad`) import torch._dynamo only to mark graph breaks, which eager code has
    none of; this runs the optimizer's own step with gradients off, as `_use_grad` does. An
    optimizer with step hooks, or a differentiable one, takes torch's own path."""
    raw = inspect.unwrap(type(opt).step)
    from torch.optim import optimizer as torch_optimizer

    hooked = (
        opt._optimizer_step_pre_hooks
        or opt._optimizer_step_post_hooks
        or torch_optimizer._global_optimizer_pre_hooks
        or torch_optimizer._global_optimizer_post_hooks
    )
    if raw is type(opt).step or hooked or opt.defaults.get("differentiable"):
        opt.step()
        return
    with torch.no_grad():
        raw(opt)


@dataclass
class History:
    losses: list[float] = field(default_factory=list)
    epochs: int = 0


def _contrast(
    g: torch.Tensor, target: torch.Tensor, w: torch.Tensor | None, smoothing: float
) -> torch.Tensor:
    """Softmax contrast of the positive's goodness against its corrupted triples'."""
    loss = F.cross_entropy(g, target, reduction="none", label_smoothing=smoothing)
    if w is not None:
        loss = loss * w
    return loss.mean()


def _queries(
    pos: torch.Tensor,
    n_ent: int,
    k: int,
    gen: torch.Generator,
    full_max: int,
    pool: tuple[torch.Tensor, torch.Tensor] | None = None,
    rel: torch.Tensor | None = None,
) -> tuple[torch.Tensor | None, torch.Tensor]:
    """Candidates per query and the positive's column: every entity (None) on a small graph;
    else the positive in column 0 and k sampled entities after it: uniformly, or with a `pool`
    (per relation, the entities it reached on this side, padded; and how many) half of them
    from the query's relation's own pool, so a parent is also told apart from other parents,
    not only from leaves no parent could be."""
    if n_ent <= full_max:
        return None, pos
    u = torch.rand((len(pos), k), generator=gen).to(pos.device)
    rand = (u * n_ent).long().clamp_(max=n_ent - 1)
    if pool is not None and rel is not None:
        # Half from the relation's own side, half from every entity: the first half teaches
        # which parent, the second that a leaf is no parent at all (without it a leaf never
        # meets the contrast as a tail and may score anything there).
        members, sizes = pool
        half = k // 2
        pick = (u[:, :half] * sizes[rel].unsqueeze(1)).long().clamp_(max=members.shape[1] - 1)
        rand[:, :half] = members[rel].gather(1, pick)
    return torch.cat([pos.unsqueeze(1), rand], 1), torch.zeros(
        len(pos), dtype=torch.long, device=pos.device
    )


def side_pools(train: torch.Tensor, n_rel: int) -> dict[int, tuple[torch.Tensor, torch.Tensor]]:
    """Per side (0 head, 2 tail): each relation's entities on that side in `train`, as a padded
    (n_rel, longest) table (a short row repeats its first member) and each row's size."""
    out = {}
    for side in (0, 2):
        rows = [sorted(set(train[train[:, 1] == r][:, side].tolist())) or [0] for r in range(n_rel)]
        width = max(len(x) for x in rows)
        members = torch.tensor([x + [x[0]] * (width - len(x)) for x in rows], dtype=torch.long)
        out[side] = (members, torch.tensor([len(x) for x in rows], dtype=torch.long))
    return out


def train_ff(
    model: ForwardForward,
    data: Triples,
    cfg: TrainConfig,
    history: History,
    opt_state: list[dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """cfg.epochs more epochs of FF training; returns the optimizers' state for a checkpoint.

    Layer 1's optimizer owns the embeddings (layer 1's weights are the relation rows); layer i's
    owns layer i only, and each steps on its own layer's loss."""
    gen = torch.Generator().manual_seed(cfg.seed + history.epochs)
    groups = [list(model.ent.parameters()) + list(model.rel.parameters())]
    if model.word is not None:
        groups[0] += list(model.word.parameters())
    groups += [list(layer.parameters()) for layer in model.layers]
    eager_optimizers()
    opts = [torch.optim.Adam(g, lr=cfg.lr) for g in groups]
    if opt_state:
        for o, s in zip(opts, opt_state, strict=True):
            o.load_state_dict(s)
    model.train()
    x = data.train.to(model.ent.weight.device)
    w_all = None if data.weights is None else data.weights.to(x.device)
    pools = side_pools(data.train, data.n_rel) if cfg.negatives_from_range else {}
    for _ in range(cfg.epochs):
        perm = torch.randperm(len(x), generator=gen).to(x.device)
        total = 0.0
        for i in range(0, len(x), cfg.batch):
            idx = perm[i : i + cfg.batch]
            q = x[idx]
            w = None if w_all is None else w_all[idx]
            for side in (2, 0):
                cand, target = _queries(
                    q[:, side],
                    data.n_ent,
                    cfg.negatives,
                    gen,
                    cfg.full_contrast_max,
                    pools.get(side),
                    q[:, 1],
                )
                total += _step(model, opts, q, side, cand, target, w, cfg)
        total += _hard_step(model, opts, data, cfg, gen)
        history.epochs += 1
        history.losses.append(total)
    model.eval()
    return [o.state_dict() for o in opts]


def _step(
    model: ForwardForward,
    opts: Sequence[torch.optim.Optimizer],
    q: torch.Tensor,
    side: int,
    cand: torch.Tensor | None,
    target: torch.Tensor,
    w: torch.Tensor | None,
    cfg: TrainConfig,
) -> float:
    """Each layer's step on its own contrast of queries `q` (their `side` corrupted)."""
    total = 0.0
    # Layer by layer: layer i+1's forward pass runs after layer i's step.
    gs = model.layer_goodness(model.first_candidates(q, side, cand))
    for li, (opt, g) in enumerate(zip(opts, gs, strict=True)):
        loss = _contrast(g, target, w, cfg.label_smoothing)
        if li == 0:
            used = torch.cat([q[:, 0], q[:, 2]])
            loss = loss + cfg.reg * (
                model.entity(used).pow(2).sum(1).mean() + model.rel(q[:, 1]).pow(2).sum(1).mean()
            )
        opt.zero_grad()
        loss.backward()  # reaches this layer (layer 1: the embeddings) only
        optimizer_step(opt)
        total += float(loss.detach())
    return total


def _hard_step(
    model: ForwardForward,
    opts: Sequence[torch.optim.Optimizer],
    data: Triples,
    cfg: TrainConfig,
    gen: torch.Generator,
) -> float:
    """Once an epoch, the explicit negatives (`data.hard`): each held edge contrasted with the
    refuted entity in its place plus sampled ones, weighted by the negative's priority; each
    layer still steps on its own loss, so the learner stays Forward-Forward."""
    if data.hard is None or not len(data.hard):
        return 0.0
    dev = model.ent.weight.device
    rows = data.hard.to(dev)
    w_all = None if data.hard_weights is None else data.hard_weights.to(dev)
    total = 0.0
    for side in (2, 0):
        pick = rows[:, 3] == side
        if not bool(pick.any()):
            continue
        q, neg = rows[pick][:, :3], rows[pick][:, 4]
        k = min(cfg.negatives, data.n_ent)
        rand = (
            (torch.rand((len(q), k), generator=gen) * data.n_ent).long().clamp_(max=data.n_ent - 1)
        )
        cand = torch.cat([q[:, side : side + 1], neg.unsqueeze(1), rand.to(dev)], 1)
        target = torch.zeros(len(q), dtype=torch.long, device=dev)
        w = None if w_all is None else w_all[pick]
        total += _step(model, opts, q, side, cand, target, w, cfg)
    return total


def train_distmult(
    model: DistMult,
    data: Triples,
    cfg: TrainConfig,
    opt: torch.optim.Optimizer | None = None,
    gen: torch.Generator | None = None,
) -> torch.optim.Optimizer:
    """1-N training: cross-entropy over every entity as the tail and as the head."""
    gen = gen or torch.Generator().manual_seed(cfg.seed)
    opt = opt or torch.optim.Adam(model.parameters(), lr=cfg.lr)
    x = data.train.to(model.ent.weight.device)
    model.train()
    for _ in range(cfg.epochs):
        perm = torch.randperm(len(x), generator=gen).to(x.device)
        for i in range(0, len(x), cfg.batch):
            b = x[perm[i : i + cfg.batch]]
            r = model.rel(b[:, 1])
            hr = F.dropout(model.ent(b[:, 0]) * r, model.dropout, True)
            tr = F.dropout(model.ent(b[:, 2]) * r, model.dropout, True)
            ls = cfg.label_smoothing
            loss = F.cross_entropy(
                hr @ model.ent.weight.T, b[:, 2], label_smoothing=ls
            ) + F.cross_entropy(tr @ model.ent.weight.T, b[:, 0], label_smoothing=ls)
            used = torch.cat([b[:, 0], b[:, 2]])
            loss = loss + cfg.reg * (model.ent(used).pow(2).sum(1).mean() + r.pow(2).sum(1).mean())
            opt.zero_grad()
            loss.backward()
            opt.step()
    model.eval()
    return opt


@torch.no_grad()
def evaluate(
    score_fn: Any, data: Triples, split: torch.Tensor, device: str | torch.device = "cpu"
) -> dict[str, float]:
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
            s = score_fn(cand.to(device)).cpu()
            target, others = (t, tails[(h, r)]) if side == 2 else (h, heads[(r, t)])
            mask = torch.zeros(data.n_ent, dtype=torch.bool)
            mask[torch.tensor(others)] = True
            mask[target] = False
            s = s.masked_fill(mask, float("-inf"))
            ranks.append(
                1.0 + float((s > s[target]).sum()) + 0.5 * float((s == s[target]).sum() - 1)
            )
    rk = torch.tensor(ranks)
    return {"mrr": float((1.0 / rk).mean()), "hits10": float((rk <= 10).float().mean())}
