"""The learner's side of a night that needs torch: the model resumed from its checkpoint (its
tables grown for entities new tonight), and the candidate links it scores for a set of
(head, relation) pairs. Imported lazily, only where torch is needed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import torch

from resident.learning.ff import ForwardForward, History

IndexTriple = tuple[int, int, int]


def resume(
    ckpt: dict[str, Any] | None, n_ent: int, n_rel: int, dim: int
) -> tuple[ForwardForward, History, list[dict[str, Any]] | None, int, list[dict[str, Any]]]:
    """The model, its history, optimizer state, next version and past runs (fresh when no
    checkpoint); rows for entities or relations new tonight are appended, learned rows kept."""
    model = ForwardForward(n_ent, n_rel, dim)
    if ckpt is None:
        return model, History(), None, 1, []
    state = ckpt["model"]
    grew = False
    for key, n in (("ent.weight", n_ent), ("rel.weight", n_rel)):
        old = state[key]
        if len(old) < n:
            fresh = getattr(model, key.split(".")[0]).weight.detach()[len(old) :]
            state[key] = torch.cat([old, fresh], 0)
            grew = True
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
def top_candidates(
    model: ForwardForward,
    pairs: Sequence[tuple[int, int]],
    n_ent: int,
    per_pair: int,
    skip: Callable[[int, int, int], bool],
    batch: int = 64,
) -> list[tuple[float, int, int, int]]:
    """For each (head, relation): its best `per_pair` tails that `skip` lets through, scored
    as a softmax over every entity (the layers' goodness are the logits of a contrast over
    candidates, so this reads as how likely this tail is against all the others)."""
    out: list[tuple[float, int, int, int]] = []
    look = min(n_ent, per_pair * 4 + 8)
    for lo in range(0, len(pairs), batch):
        chunk = pairs[lo : lo + batch]
        q = torch.tensor([[h, r, 0] for h, r in chunk], dtype=torch.long).reshape(-1, 3)
        probs = torch.softmax(torch.stack(model.candidates(q, 2, None), 0).sum(0), 1)
        vals, idx = torch.topk(probs, look, dim=1)
        for (h, r), vs, ts in zip(chunk, vals.tolist(), idx.tolist(), strict=True):
            kept = 0
            for v, t in zip(vs, ts, strict=True):
                if kept == per_pair:
                    break
                if t == h or skip(h, r, t):
                    continue
                out.append((round(float(v), 6), h, r, t))
                kept += 1
    return out
