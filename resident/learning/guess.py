"""Using what he learned: when MAX holds no answer to "what does X <relation>?", he may offer the
learner's best candidate, labelled as his own guess ("My own guess, from what I hold: X, an
inference at 0.20."), and only while it has earned it: consolidation.guesses is "auto", the last
night's calibration found a threshold at consolidation.precision_target on the held-out edges
(the precision of such guesses is that calibration's: the same candidates, the same threshold),
and the candidate scores at or above it and is no reverse, cycle or entailed edge of a declared
partial order. Nothing is written: a guess is said, never stored.

The conversation layer calls it from one place (resident.language.guessing, marked
`# learner guess hook`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from resident.config import Settings
from resident.learning.checkpoint import checkpoint_path, load_checkpoint
from resident.learning.proposals import OrderIndex, order_verdict

_CACHE: dict[Path, tuple[float, dict[str, Any], Any]] = {}


def _model(path: Path) -> tuple[dict[str, Any], Any] | None:
    """The checkpoint and its model, read again only when the file changed."""
    if not path.exists():
        return None
    mtime = path.stat().st_mtime
    hit = _CACHE.get(path)
    if hit is not None and hit[0] == mtime:
        return hit[1], hit[2]
    from resident.learning.ff import ForwardForward

    ckpt = load_checkpoint(path)
    if ckpt is None:
        return None
    state = ckpt["model"]
    n_ent, dim = state["ent.weight"].shape
    words = state.get("word.weight")
    model = ForwardForward(
        n_ent,
        state["rel.weight"].shape[0],
        dim,
        n_words=0 if words is None else len(words) - 1,
        max_words=state["name_idx"].shape[1] if "name_idx" in state else 8,
    )
    # A checkpoint from before the name words has no name buffers: the empty ones stand in.
    model.load_state_dict({**model.state_dict(), **state})
    model.eval()
    _CACHE[path] = (mtime, ckpt, model)
    return ckpt, model


def best_guess(
    settings: Settings, subject_id: str, predicate: str, held: set[tuple[str, str, str]]
) -> tuple[str, float] | None:
    """The learner's candidate object for (subject, predicate) and its score, when guesses are
    on and earned and one scores at the calibrated threshold; else None."""
    cc = settings.consolidation
    if cc.guesses == "off":
        return None
    loaded = _model(checkpoint_path(settings.data_dir))
    if loaded is None:
        return None
    ckpt, model = loaded
    cal = ckpt.get("calibration") or {}
    threshold = cal.get("threshold")
    if threshold is None or float(cal.get("precision", 0.0)) < cc.precision_target:
        return None
    ents, rels = ckpt["entities"], ckpt["relations"]
    if subject_id not in ents or predicate not in rels:
        return None
    import torch

    from resident.learning.scoring import tail_probs

    h, r = ents.index(subject_id), rels.index(predicate)
    q = torch.tensor([[h, r, 0]], dtype=torch.long)
    probs = tail_probs(model, q)[0]  # the scores the calibration measured
    index = OrderIndex(held, settings.hygiene.acyclic_relations)
    for t in torch.argsort(probs, descending=True)[:20].tolist():
        score = float(probs[t])
        if score < threshold:
            return None
        triple = (subject_id, predicate, ents[t])
        if t != h and triple not in held and order_verdict(index, *triple) is None:
            return ents[t], score
    return None
