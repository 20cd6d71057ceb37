"""The learner's side of a night that needs torch: the model resumed from its checkpoint (its
tables grown for entities new tonight), and the candidate links it scores for a set of
(head, relation) pairs. Imported lazily, only where torch is needed."""

from __future__ import annotations

import copy
import ctypes
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import torch

from resident.learning.ff import ForwardForward, History

IndexTriple = tuple[int, int, int]
#: Floats in one (pairs, entities, dim) block when candidates are scored against every entity:
#: 64 pairs at a time over 2,000 entities held about 250 MB of such blocks at once (measured).
CANDIDATE_FLOATS = 2_000_000
#: glibc's mallopt parameters, and the size from which a block gets its own mapping.
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD, _MAPPED_FROM = -1, -3, 128 * 1024


def give_back_freed_blocks() -> None:
    """Large blocks a night frees go back to the system at once. glibc raises its mmap threshold
    to the largest block freed so far, so after the first batches every tensor is carved from
    the heap, and the heap's freed top is kept: a night's resident set grew by what it had freed
    (measured: a quizzed night on 2,000 HPO terms peaked at 826 MiB, 736 with the threshold
    fixed; benchmarks/RESULTS-learning.md section 9). Process-wide; nothing without glibc."""
    try:
        libc = ctypes.CDLL(None)
        libc.mallopt(_M_MMAP_THRESHOLD, _MAPPED_FROM)
        libc.mallopt(_M_TRIM_THRESHOLD, _MAPPED_FROM)
    except (OSError, AttributeError):
        return


def resume(
    ckpt: dict[str, Any] | None, n_ent: int, n_rel: int, dim: int, n_words: int = 0
) -> tuple[ForwardForward, History, list[dict[str, Any]] | None, int, list[dict[str, Any]]]:
    """The model, its history, optimizer state, next version and past runs (fresh when no
    checkpoint); rows for entities, relations or name words new tonight are appended, learned
    rows kept (the names' bags themselves are set afresh each night: `set_names`)."""
    model = ForwardForward(n_ent, n_rel, dim, n_words=n_words)
    if ckpt is None:
        return model, History(), None, 1, []
    state = ckpt["model"]
    fresh_state = model.state_dict()
    grew = False
    for key, n in (("ent.weight", n_ent), ("rel.weight", n_rel)):
        old = state[key]
        if len(old) < n:
            state[key] = torch.cat([old, fresh_state[key][len(old) :]], 0)
            grew = True
    if n_words:
        # The word table's last row is the padding; new words go in before it.
        old_words = state.get("word.weight")
        known = 0 if old_words is None else len(old_words) - 1
        if known < n_words:
            kept = [] if old_words is None else [old_words[:known]]
            fresh = fresh_state["word.weight"]
            state["word.weight"] = torch.cat([*kept, fresh[known:]], 0)
            grew = True
    elif "word.weight" in state:
        del state["word.weight"]
        grew = True
    # Tonight's name bags are set by the caller; the checkpoint's are last night's shape.
    state["name_idx"], state["name_w"] = fresh_state["name_idx"], fresh_state["name_w"]
    model.load_state_dict(state)
    history = History(losses=ckpt["history"]["losses"], epochs=ckpt["history"]["epochs"])
    # Adam's moments are shaped like the old tables: after growth they start afresh.
    return (
        model,
        history,
        None if grew else ckpt["optimizers"],
        int(ckpt["version"]) + 1,
        list(ckpt["runs"]),
    )


@torch.no_grad()
def tail_probs(model: ForwardForward, q: torch.Tensor) -> torch.Tensor:
    """(B, n_ent): for each query (head, relation) in q, a softmax over every entity as the
    tail; the layers' goodness summed are the logits of a contrast over candidates, so this
    reads as how likely a tail is against all the others."""
    return torch.softmax(torch.stack(model.candidates(q, 2, None), 0).sum(0), 1)


@torch.no_grad()
def top_candidates(
    model: ForwardForward,
    pairs: Sequence[tuple[int, int]],
    n_ent: int,
    per_pair: int,
    skip: Callable[[int, int, int], bool],
    budget: int = CANDIDATE_FLOATS,
) -> list[tuple[float, int, int, int]]:
    """For each (head, relation): its best `per_pair` tails that `skip` lets through, with their
    `tail_probs`."""
    out: list[tuple[float, int, int, int]] = []
    # Each layer holds a (pairs, n_ent, dim) block: as many pairs at once as fit the budget.
    batch = max(1, budget // (n_ent * model.ent.embedding_dim))
    for lo in range(0, len(pairs), batch):
        chunk = pairs[lo : lo + batch]
        q = torch.tensor([[h, r, 0] for h, r in chunk], dtype=torch.long).reshape(-1, 3)
        out.extend(best_tails(chunk, tail_probs(model, q), per_pair, skip))
    return out


def best_tails(
    pairs: Sequence[tuple[int, int]],
    score: torch.Tensor,
    per_pair: int,
    skip: Callable[[int, int, int], bool],
    floor: float | None = None,
) -> list[tuple[float, int, int, int]]:
    """Each (head, relation)'s best `per_pair` tails in its row of `score` that `skip` lets
    through (and above `floor`, when given), as (score, head, relation, tail)."""
    out: list[tuple[float, int, int, int]] = []
    look = min(score.shape[1], per_pair * 4 + 8)  # a few spare for what `skip` drops
    vals, idx = torch.topk(score, look, dim=1)
    for (h, r), vs, ts in zip(pairs, vals.tolist(), idx.tolist(), strict=True):
        kept = 0
        for v, t in zip(vs, ts, strict=True):
            if kept == per_pair or (floor is not None and v <= floor):
                break
            if t == h or skip(h, r, t):
                continue
            out.append((round(float(v), 6), h, r, t))
            kept += 1
    return out


def train_while_better(
    model: ForwardForward,
    data: Any,
    cfg: Any,
    history: History,
    opt_state: list[dict[str, Any]] | None,
    patience: int,
) -> tuple[list[dict[str, Any]] | None, dict[str, Any]]:
    """Up to cfg.epochs epochs of `train_ff`, one at a time, keeping the model (and optimizer
    state) at its best filtered MRR on `data.valid`, and stopping after `patience` epochs
    without a better one. Without validation edges: cfg.epochs epochs, as `train_ff`.

    Why: a night resumes from the last checkpoint and trains more epochs on the same edges,
    and every candidate a query is contrasted with counts as false, including the true links
    MAX does not hold. Trained on night after night, the learner memorised its edges and
    pushed the unknown true ones down: on 2,000 HPO terms its held-out MRR rose for 20 epochs
    and then fell every night (0.068 -> 0.030 over ten nights; benchmarks/RESULTS-learning.md
    section 16). Stopping where validation edges it never trains on stop improving keeps the
    best it reached, and a night that finds nothing better keeps the last night's model."""
    from resident.learning.ff import evaluate, train_ff

    if not len(data.valid):
        every = {"ran": cfg.epochs, "kept": cfg.epochs}
        return train_ff(model, data, cfg, history, opt_state), every
    one = replace(cfg, epochs=1)

    def valid_mrr() -> float:
        return evaluate(model.score, data, data.valid)["mrr"]

    best = (valid_mrr(), copy.deepcopy(model.state_dict()), opt_state, 0)
    start = best[0]
    ran = stale = 0
    while ran < cfg.epochs and stale < patience:
        opt_state = train_ff(model, data, one, history, opt_state)
        ran += 1
        now = valid_mrr()
        if now > best[0]:
            best, stale = (now, copy.deepcopy(model.state_dict()), copy.deepcopy(opt_state), ran), 0
        else:
            stale += 1
    model.load_state_dict(best[1])
    model.eval()
    info = {"ran": ran, "kept": best[3], "valid_mrr_before": start, "valid_mrr": best[0]}
    return best[2], info
