"""Proposals of a partial order from names and the learner together (torch; imported lazily).

For each relation declared a partial order (hygiene.acyclic_relations) and each head the learner
knows under it, every entity is a candidate parent with the score

    directed(h, t) * (1 - rank(t) / n)

where directed is the lexical subsumption of resident.learning.lexical (how much of t's name
h's name says, t the more general term in the held edges) and rank(t) is where the
Forward-Forward learner puts t among all n entities as the tail of (h, relation): the names
say which way a link goes, the learner orders the candidates it finds plausible. The candidates
are calibrated on the held-out edges apart from the learner's own (their scores are another
scale): resident.learning.consolidation writes those above this calibration's threshold too.
A graph whose entities have no names, or a relation that is no partial order, gets none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import torch

from resident.learning.ff import ForwardForward
from resident.learning.lexical import descendants, weighted_bags
from resident.learning.scoring import CANDIDATE_FLOATS, best_tails, tail_probs, top_candidates

Triple = tuple[str, str, str]
Candidates = list[tuple[float, int, int, int]]
Gen = Callable[[Callable[[int, int, int], bool]], Candidates]


def generators(
    model: ForwardForward,
    data: Any,
    pairs: Sequence[tuple[int, int]],
    train: Sequence[Triple],
    labels: Mapping[str, str],
    partial_orders: Sequence[str],
    per_pair: int,
) -> tuple[Gen, Gen]:
    """A night's two candidate generators, each given a `skip` rule: the learner's best tails
    for every (head, relation) pair, and the names' directed subsumption for the partial orders
    ranked with the learner (none without names)."""
    names = NameIndex(data.entities, labels)

    def learner(skip: Callable[[int, int, int], bool]) -> Candidates:
        return top_candidates(model, pairs, data.n_ent, per_pair, skip)

    def by_names(skip: Callable[[int, int, int], bool]) -> Candidates:
        return candidates(
            model,
            names,
            train,
            data.entities,
            data.relations,
            partial_orders,
            per_pair,
            skip,
            lambda r: [h for h, rr in pairs if rr == r],
        )

    return learner, by_names


class NameIndex:
    """The entities' weighted word bags as a sparse matrix (entities x words)."""

    def __init__(self, entities: Sequence[str], labels: Mapping[str, str]) -> None:
        vocab, bags = weighted_bags(entities, labels)
        rows = [i for i, bag in enumerate(bags) for _ in bag]
        cols = [w for bag in bags for w, _ in bag]
        vals = [v for bag in bags for _, v in bag]
        self.n, self.v = len(entities), max(1, len(vocab))
        idx = torch.tensor([rows, cols], dtype=torch.long).reshape(2, -1)
        self.weights = torch.sparse_coo_tensor(
            idx, torch.tensor(vals, dtype=torch.float), (self.n, self.v), check_invariants=True
        ).coalesce()
        self.norm = torch.zeros(self.n).index_add_(0, idx[0], torch.tensor(vals) ** 2).sqrt()
        self.mass = torch.zeros(self.n).index_add_(0, idx[0], torch.tensor(vals))
        self.named = bool(vals)

    def rows(self, heads: torch.Tensor) -> torch.Tensor:
        """The heads' bags as dense rows (len(heads), words)."""
        return self.weights.index_select(0, heads).to_dense()

    def directed(self, heads: torch.Tensor, general: torch.Tensor) -> torch.Tensor:
        """(len(heads), n): cos(h, t) * cover(t in h), zero where t is not more general than h
        (`general`: each entity's descendants under the relation)."""
        hw = self.rows(heads)
        dot = torch.sparse.mm(self.weights, hw.T).T
        cover = torch.sparse.mm(self.weights, (hw > 0).float().T).T
        cos = dot / (self.norm[heads, None] * self.norm[None, :]).clamp_min(1e-12)
        share = cover / self.mass[None, :].clamp_min(1e-12)
        more = (general[None, :] > general[heads, None]) & (general[None, :] > 0)
        return cos * share * more


@torch.no_grad()
def candidates(
    model: ForwardForward,
    names: NameIndex,
    train: Sequence[Triple],
    entities: Sequence[str],
    relations: Sequence[str],
    partial_orders: Sequence[str],
    per_pair: int,
    skip: Callable[[int, int, int], bool],
    heads: Callable[[int], list[int]],
) -> list[tuple[float, int, int, int]]:
    """(score, h, r, t): for each partial order r and each of `heads(r)`, its best `per_pair`
    tails by the score of the module docstring that `skip` lets through."""
    out: list[tuple[float, int, int, int]] = []
    if not names.named:
        return out
    n = len(entities)
    batch = max(1, CANDIDATE_FLOATS // max(1, n * model.ent.embedding_dim))
    for r, rel in enumerate(relations):
        if rel not in partial_orders:
            continue
        below = descendants(train, rel)
        general = torch.tensor([below.get(e, 0) for e in entities], dtype=torch.float)
        hs = heads(r)
        for lo in range(0, len(hs), batch):
            chunk = torch.tensor(hs[lo : lo + batch], dtype=torch.long)
            lex = names.directed(chunk, general)
            q = torch.stack([chunk, torch.full_like(chunk, r), torch.zeros_like(chunk)], 1)
            order = torch.argsort(tail_probs(model, q), dim=1, descending=True)
            rank = torch.empty_like(order).scatter_(1, order, torch.arange(n).expand_as(order))
            score = lex * (1.0 - rank.float() / n)
            pairs = [(h, r) for h in chunk.tolist()]
            out.extend(best_tails(pairs, score, per_pair, skip, floor=0.0))
    return out
