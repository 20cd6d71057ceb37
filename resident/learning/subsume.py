"""Proposals of a partial order from names and the learner together (torch; imported lazily).

For each relation declared a partial order (hygiene.acyclic_relations) and each head the learner
knows under it, every entity is a candidate parent with the score

    directed(h, t) * (1 - rank(t) / n)

unless the two names differ by a word swap the held edges show between siblings (lexical.contrasts:
"Increased ..." against "Decreased ..."), or t's name repeats h's whole name and adds to it (the
names say the other way round, whatever the held edges' generality says: a graph missing the edge
between them can make the narrower term look the more general). directed is the lexical subsumption
of resident.learning.lexical (how much of t's name h's name says, t the more general term in the
held edges) and rank(t) is where the Forward-Forward learner puts t among all n entities as the tail
of (h, relation): the names say which way a link goes, the learner orders the candidates it finds
plausible. The candidates are calibrated on the held-out edges apart from the learner's own (their
scores are another scale), each partial order by itself, a candidate true when it is held out or the
held edges entail it (`calibrated`): resident.learning.consolidation writes those above their
relation's threshold too. A graph whose entities have no names, or a relation that is no partial
order, gets none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import torch

from resident.config import ConsolidationSettings
from resident.learning.answers import answers_of, choose_rule
from resident.learning.depth_floor import held_out_or_asked, own_waiting, ranking
from resident.learning.ff import ForwardForward
from resident.learning.lexical import contrasts, descendants, swapped, weighted_bags
from resident.learning.names import words
from resident.learning.proposals import (
    Calibration,
    Entailed,
    Ledger,
    OrderIndex,
    calibrate_by_relation,
    order_verdict,
    pooled,
)
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
        self.bags = {e: frozenset(words(labels.get(e) or "")) for e in entities}

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
        swaps = contrasts(train, rel, names.bags)

        def no_swap(h: int, r: int, t: int, swaps: frozenset[tuple[str, str]] = swaps) -> bool:
            # Siblings' names that differ by a learned contrast are no subsumption, and a parent
            # whose name repeats the child's and adds to it says the other way round.
            child, parent = names.bags[entities[h]], names.bags[entities[t]]
            return skip(h, r, t) or swapped(child, parent, swaps) or child < parent

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
            out.extend(best_tails(pairs, score, per_pair, no_swap, floor=0.0))
    return out


def calibrated(
    generate: Gen,
    data: Any,
    orders: Sequence[str],
    cc: ConsolidationSettings,
    ledger: Ledger | None = None,
    scorer: str = "names with the learner",
    explore: bool = True,
) -> tuple[Calibration, Gen]:
    """The names' candidates calibrated as the night would make them, with only the training
    edges known, each partial order by itself and its truth `Entailed` (a held-out edge, or one
    the training and held-out edges entail); and the generator of tonight's candidates above
    their own relation's threshold (the returned calibration pools the relations: `pooled`).
    Given the proposal `ledger`, each relation's threshold follows `answers.choose_rule`: the
    answers about earlier proposals scale the calibration once there are enough of them, and a
    relation with neither a threshold nor answers may explore. `scorer`: whose candidates (the
    trail's name); `explore` False for a second scorer of the same relations (the second stage),
    whose threshold is its held-out rule's, asking where that gives nothing to write
    (`depth_floor.held_out_or_asked`)."""
    if not len(data.train) or not len(data.test):
        return Calibration(None, 0.0, 0, 0, 0, scorer=scorer), generate
    ents, rels = data.entities, data.relations

    def named(rows: Any) -> list[Triple]:
        return [(ents[h], rels[r], ents[t]) for h, r, t in rows.tolist()]

    known = named(data.train)
    held = set(known)
    index = OrderIndex(known, orders)
    truth = Entailed(known, named(data.test), orders)

    def skip(h: int, r: int, t: int) -> bool:
        triple = (ents[h], rels[r], ents[t])
        return triple in held or order_verdict(index, *triple) is not None

    cands = [(s, (ents[h], rels[r], ents[t])) for s, h, r, t in generate(skip)]
    scored = [(s, x[1], truth(*x)) for s, x in cands]
    target, least = cc.precision_target, cc.min_calibration_support
    cals = calibrate_by_relation(scored, target, least)
    ranked: dict[str, tuple[float, ...]] = {}
    if ledger is not None:
        # What was answered about earlier proposals says how precise they were on this graph.
        ever = ledger.ever()
        for r, cal in cals.items():
            xs = [(s, ok) for s, rr, ok in scored if rr == r]
            was = [x in ever for _, x in cands if x[1] == r]
            if explore:
                answers = answers_of(ledger, r, scorer)
                cals[r] = choose_rule(cal, xs, answers, target, least, was)
                continue
            # A second scorer: its held-out rule, not the answers' scaling nor a floor at its own
            # answered depth (RESULTS-learning section 24: what lies below the asked is not
            # what was answered there); it writes besides at its frontier
            # (resident.learning.frontier), and asks where it has nothing to write. Its
            # proposals record their depth in `ranked`.
            waiting = own_waiting(ledger, r, scorer)
            cals[r] = held_out_or_asked(cal, xs, waiting, least, was, target)
            ranked[r] = ranking(xs)
    thresholds = {rels.index(r): c.threshold for r, c in cals.items() if c.threshold is not None}
    exploring = {rels.index(r) for r, c in cals.items() if c.rule.startswith("exploration")}

    def above(skip: Callable[[int, int, int], bool]) -> Candidates:
        got = [c for c in generate(skip) if c[2] in thresholds and c[0] >= thresholds[c[2]]]
        # Exploration writes at most `least` a night for each relation, its best first.
        got.sort(key=lambda c: -c[0])
        kept = {r: 0 for r in exploring}
        out = []
        for c in got:
            if c[2] in kept:
                if kept[c[2]] >= least:
                    continue
                kept[c[2]] += 1
            out.append(c)
        return out

    cal = pooled(cals, scorer)
    out = replace(cal, scorer=_labelled(scorer, cal), source=scorer, ranked=tuple(ranked.items()))
    return out, above


def _labelled(scorer: str, cal: Calibration) -> str:
    """The scorer's name as a proposal's trail gives it, with the rule that set its threshold."""
    if cal.rule.startswith("exploration"):
        return f"{scorer}, exploring: no calibrated threshold yet, written to be asked about"
    if cal.rule.startswith("answers") and cal.estimate is not None:
        return (
            f"{scorer}, scaled by {cal.rule}: estimated precision {cal.estimate:.2f}, "
            f"90% lower bound {cal.lower:.2f}"
        )
    return scorer
