"""What keeps the learner's training small changes nothing it learns: torch's optimizers run
without importing torch's compiler (torch._dynamo, sympy: 87 MiB a night) and each layer's
forward pass runs after the layer below has stepped (its autograd graph freed first); the
weights, the optimizers' state and the losses are bit for bit those of torch's own optimizer
path with every layer's forward pass run before the first step (as before)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

#: Trains a small graph twice (the second night resumes the optimizers' state) with name words,
#: weights and sampled negatives from the relations' ranges, the learner's way ("eager") or the
#: reference's ("torch": torch's own optimizer path, all layers' goodness before the first
#: step); prints a digest of everything learned.
PROBE = """
import hashlib, io, json, sys
import torch
from resident.learning import ff
if sys.argv[1] == "torch":
    ff.eager_optimizers = lambda: None
    ff.optimizer_step = lambda opt: opt.step()
    lazy = ff.ForwardForward.layer_goodness
    ff.ForwardForward.layer_goodness = lambda self, a1: iter(list(lazy(self, a1)))
torch.manual_seed(0)
n_ent, n_rel = 60, 3
g = torch.Generator().manual_seed(1)
train = torch.stack([torch.randint(0, n_ent, (300,), generator=g),
                     torch.randint(0, n_rel, (300,), generator=g),
                     torch.randint(0, n_ent, (300,), generator=g)], 1)
data = ff.Triples(train, train[:0], train[:20], [str(i) for i in range(n_ent)],
                  [str(i) for i in range(n_rel)], weights=torch.rand(300, generator=g) + 0.5)
model = ff.ForwardForward(n_ent, n_rel, 16, n_words=10)
model.set_names([[(i % 10, 0.5), ((i * 7) % 10, 0.5)] for i in range(n_ent)])
cfg = ff.TrainConfig(dim=16, epochs=2, batch=32, negatives=24, lr=0.01, full_contrast_max=40,
                     negatives_from_range=True)
history = ff.History()
state = ff.train_ff(model, data, cfg, history)
state = ff.train_ff(model, data, cfg, history, state)
buf = io.BytesIO()
torch.save({"model": model.state_dict(), "opt": state}, buf)
digest = hashlib.sha256()
for t in list(model.state_dict().values()) + [
    v for s in state for p in s["state"].values() for v in p.values()
]:
    digest.update(t.detach().numpy().tobytes())
print(json.dumps({"digest": digest.hexdigest(), "losses": history.losses,
                  "dynamo": "torch._dynamo" in sys.modules}))
"""


def _train(path: str) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, path], capture_output=True, text=True, check=True
    ).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


def test_the_lighter_training_learns_bit_for_bit_the_same() -> None:
    pytest.importorskip("torch")
    eager, reference = _train("eager"), _train("torch")
    assert reference["dynamo"] is True  # torch's own path loads the compiler
    assert eager["dynamo"] is False
    assert eager["digest"] == reference["digest"]
    assert eager["losses"] == reference["losses"]
