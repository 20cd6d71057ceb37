"""A night trains only while edges it never trains on get better ranked (its held-out MRR fell
night after night when the resumed checkpoint kept training on the same edges), and the
learner's calibration counts a candidate true as a proposal is judged: held out, or entailed
through a held-out edge."""

from __future__ import annotations

from dataclasses import replace

import pytest

torch = pytest.importorskip("torch")

from resident.config import ConsolidationSettings  # noqa: E402
from resident.learning.ff import (  # noqa: E402
    ForwardForward,
    History,
    TrainConfig,
    Triples,
    evaluate,
    train_ff,
)
from resident.learning.night_learn import _calibrate  # noqa: E402
from resident.learning.scoring import train_while_better  # noqa: E402
from resident.learning.split import split_held_out  # noqa: E402

Triple = tuple[str, str, str]


def _taxonomy() -> tuple[list[Triple], list[Triple]]:
    """Four classes under a root, six members each, every member also a kind of its class's
    neighbour class: (training edges, validation edges) by the night's own split."""
    edges: list[Triple] = []
    for c in range(4):
        edges.append((f"c{c}", "is_a", "root"))
        for m in range(6):
            edges.append((f"c{c}m{m}", "is_a", f"c{c}"))
            edges.append((f"c{c}m{m}", "is_a", f"c{(c + 1) % 4}"))
    train, valid = split_held_out(edges, 0.25, salt="validation")
    return sorted(train), sorted(valid)


def _data(train: list[Triple], valid: list[Triple]) -> Triples:
    ents = sorted({x for h, _, t in train + valid for x in (h, t)})
    ei = {e: i for i, e in enumerate(ents)}

    def rows(ts: list[Triple]) -> torch.Tensor:
        return torch.tensor([[ei[h], 0, ei[t]] for h, _, t in ts], dtype=torch.long).reshape(-1, 3)

    return Triples(rows(train), rows(valid), rows([]), ents, ["is_a"])


def _cfg(**kw: object) -> TrainConfig:
    return replace(TrainConfig(dim=16, epochs=12, batch=16, lr=0.02, seed=0), **kw)  # type: ignore[arg-type]


def test_a_night_keeps_the_model_at_its_best_validation_mrr() -> None:
    train, valid = _taxonomy()
    assert valid, "the split must set edges aside"
    data = _data(train, valid)
    torch.manual_seed(0)
    model = ForwardForward(data.n_ent, 1, 16)
    history = History()
    _, info = train_while_better(model, data, _cfg(), history, None, patience=3)
    kept = evaluate(model.score, data, data.valid)["mrr"]
    # The model handed back is the one at the best validation MRR, not the last epoch's.
    assert kept == pytest.approx(info["valid_mrr"])
    assert info["valid_mrr"] > info["valid_mrr_before"]
    assert 1 <= info["kept"] <= info["ran"] <= 12
    assert history.epochs == info["ran"]


def test_a_night_that_finds_nothing_better_keeps_last_nights_model() -> None:
    """Before: a night always trained its epochs and saved whatever they left. Here the edges
    it is validated on are false (each member under the class opposite its own), so every
    epoch that learns the taxonomy ranks them lower: the night keeps the model it started
    from."""
    train, _ = _taxonomy()
    wrong = [(f"c{c}m{m}", "is_a", f"c{(c + 2) % 4}") for c in range(4) for m in range(6)]
    data = _data(train, wrong)
    torch.manual_seed(0)
    model = ForwardForward(data.n_ent, 1, 16)
    train_ff(model, data, _cfg(epochs=2), History(), None)
    before = {k: v.clone() for k, v in model.state_dict().items()}
    mrr = evaluate(model.score, data, data.valid)["mrr"]
    _, info = train_while_better(model, data, _cfg(epochs=10), History(), None, patience=4)
    assert info["kept"] == 0 and info["ran"] == 4
    after = model.state_dict()
    assert all(torch.equal(before[k], after[k]) for k in before)
    assert evaluate(model.score, data, data.valid)["mrr"] == pytest.approx(mrr)


def test_without_validation_edges_a_night_trains_its_epochs() -> None:
    train, _ = _taxonomy()
    data = _data(train, [])
    model = ForwardForward(data.n_ent, 1, 16)
    history = History()
    _, info = train_while_better(model, data, _cfg(epochs=3), history, None, patience=1)
    assert info == {"ran": 3, "kept": 3} and history.epochs == 3


def test_the_learners_calibration_counts_a_candidate_entailed_through_a_held_out_edge() -> None:
    """Before: only a held-out edge itself counted true, so a term's missing grandparent (true,
    and judged true when proposed) counted against the threshold."""
    ents = ["a", "b", "g", "x", "y", "z"]
    train = [("b", "is_a", "g", 1.0), ("a", "is_a", "x", 1.0), ("y", "is_a", "z", 1.0)]
    held_out = [("a", "is_a", "b")]
    ei = {e: i for i, e in enumerate(ents)}

    def rows(ts: list[tuple[str, ...]]) -> torch.Tensor:
        return torch.tensor([[ei[q[0]], 0, ei[q[2]]] for q in ts], dtype=torch.long).reshape(-1, 3)

    data = Triples(rows(list(train)), rows([]), rows(list(held_out)), ents, ["is_a"])
    # a -> g is true through the held-out a -> b and the held b -> g; a -> z and y -> x are not.
    scored = [(0.9, ei["a"], 0, ei["g"]), (0.8, ei["a"], 0, ei["z"]), (0.7, ei["y"], 0, ei["x"])]
    cc = ConsolidationSettings(precision_target=0.3, min_calibration_support=1)
    cal = _calibrate(
        lambda skip: [c for c in scored if not skip(*c[1:])], data, train, ["is_a"], cc
    )
    assert cal.positives == 1
    assert cal.threshold == pytest.approx(0.7)
    assert cal.precision == pytest.approx(1 / 3, abs=1e-3)
