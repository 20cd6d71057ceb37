"""A refuted guess is replayed to the learner as an explicit negative (issue 23): a person's
"no" (or a proposal that lost to a grounded edge) enters the night's replay with a priority
(recency and how sure the learner was), is contrasted with the held edges of its head and tail,
and the learner ranks it lower than a learner that never heard the "no"."""

from __future__ import annotations

import copy
from datetime import timedelta

import torch

from resident.config import Settings
from resident.learning import ff
from resident.learning.checkpoint import save_ledger
from resident.learning.consolidation import consolidate
from resident.learning.night_report import render_markdown
from resident.learning.proposals import Ledger, Proposal
from resident.learning.replay import HARD_PER_SIDE, hard_rows, refuted_negatives
from resident.memory.duck_store import DuckStore
from tests.learning.test_consolidation import NOW, _fill, _small_settings

WEIGHTS = {"corrected": 4.0}


def _p(h: str, t: str, status: str, score: float, days_ago: float) -> Proposal:
    at = NOW - timedelta(days=days_ago)
    return Proposal(subject=h, predicate="is_a", object_entity=t, score=score, status=status,
                    opened_at=at, closed_at=at)  # fmt: skip


def test_refuted_proposals_become_negatives_by_priority_and_bounded() -> None:
    proposals = [
        _p("hp:a", "hp:x", "refuted", 0.9, 0),  # refuted last night, sure of it: first
        _p("hp:b", "hp:x", "refuted", 0.9, 30),  # a month ago: lower
        _p("hp:c", "hp:x", "refuted", 0.1, 30),  # a month ago and unsure: lowest, cut
        _p("hp:d", "hp:x", "confirmed", 0.9, 0),
        _p("hp:e", "hp:x", "open", 0.9, 0),
        _p("hp:f", "hp:x", "decayed", 0.9, 0),
    ]
    weights, rows = refuted_negatives(proposals, NOW, WEIGHTS, capacity=2)
    assert list(weights) == [("hp:a", "is_a", "hp:x"), ("hp:b", "is_a", "hp:x")]
    assert weights[("hp:a", "is_a", "hp:x")] > weights[("hp:b", "is_a", "hp:x")] > 1.0
    assert [r.kind for r in rows] == ["refuted", "refuted"]
    assert rows[0].priority > rows[1].priority
    everything, _ = refuted_negatives(proposals, NOW, WEIGHTS, capacity=10)
    assert set(everything) == {("hp:a", "is_a", "hp:x"), ("hp:b", "is_a", "hp:x"),
                               ("hp:c", "is_a", "hp:x")}  # fmt: skip


def test_a_negative_is_contrasted_with_the_held_edges_of_its_head_and_tail() -> None:
    held = [("a", "is_a", "p"), ("a", "is_a", "q"), ("c", "is_a", "x"), ("b", "is_a", "p")]
    got = hard_rows({("a", "is_a", "x"): 2.5}, held)
    assert sorted(got) == [
        ("a", "is_a", "p", 2, "x", 2.5),  # a's held parents must outscore x as its tail
        ("a", "is_a", "q", 2, "x", 2.5),
        ("c", "is_a", "x", 0, "a", 2.5),  # x's held child must outscore a as its head
    ]
    assert hard_rows({("z", "is_a", "w"): 2.0}, held) == []


def _margin(model: ff.ForwardForward, h: int, wrong: int, right: int) -> float:
    """How far the refuted tail scores above the held one for (h, is_a, ?)."""
    with torch.no_grad():
        s = model.score(torch.tensor([[h, 0, wrong], [h, 0, right]]))
    return float(s[0] - s[1])


def test_the_learner_ranks_a_refuted_guess_lower_than_without_the_no() -> None:
    """Two groups of leaves, each under its own parent, both parents under one root. A person
    said no to "is leaf 3 (under parent 1) a kind of parent 2?". Trained on with that "no"
    replayed, the learner scores it further below leaf 3's held parent than the same learner
    trained as long without it."""
    torch.manual_seed(0)
    n_leaf = 12
    # 0: root; 1, 2: two parents under it; 3.. leaves, half under each parent.
    edges = [(1, 0, 0), (2, 0, 0)] + [
        (3 + i, 0, 1 if i < n_leaf // 2 else 2) for i in range(n_leaf)
    ]
    n_ent = 3 + n_leaf
    train = torch.tensor(edges)
    ents = [str(i) for i in range(n_ent)]
    base = ff.ForwardForward(n_ent, 1, 16)
    cfg = ff.TrainConfig(dim=16, epochs=30, batch=8, negatives=8, lr=0.02, full_contrast_max=4)
    state = ff.train_ff(base, ff.Triples(train, train[:0], train[:0], ents, ["is_a"]), cfg,
                        ff.History())  # fmt: skip
    leaf, wrong, right = 3, 2, 1
    more = ff.TrainConfig(dim=16, epochs=20, batch=8, negatives=8, lr=0.02, full_contrast_max=4)
    margins = {}
    for told in (False, True):
        model = copy.deepcopy(base)
        data = ff.Triples(train, train[:0], train[:0], ents, ["is_a"])
        if told:
            rows = hard_rows({(str(leaf), "is_a", str(wrong)): 5.0},
                             [(str(h), "is_a", str(t)) for h, _, t in edges])  # fmt: skip
            data.hard = torch.tensor([[int(h), 0, int(t), s, int(n)] for h, _, t, s, n, _ in rows])
            data.hard_weights = torch.tensor([w for *_, w in rows])
        ff.train_ff(model, data, more, ff.History(epochs=30), copy.deepcopy(state))
        margins[told] = _margin(model, leaf, wrong, right)
    assert margins[True] < margins[False] - 0.5


def test_a_night_replays_a_refuted_guess_as_a_negative(
    store: DuckStore, settings: Settings
) -> None:
    """A guess a person answered no to (refuted in the ledger) is replayed the next night: the
    report counts it and its contrasts, and the artifact lists it among the replayed rows."""
    s = _small_settings(settings)
    _fill(store)
    no = _p("concept:c0m0", "concept:c2", "refuted", 0.8, 0)
    save_ledger(s.data_dir, Ledger(proposals=[no.model_copy(update={"question": True})]))
    report = consolidate(store, s, NOW + timedelta(hours=1))
    assert report.negatives == 1
    # c0m0's held parent c0 outscores c2; c2's held members outscore c0m0 as their head
    # (those of the night's training edges: the held-out and validation ones are not trained).
    assert 0 < report.hard <= 1 + HARD_PER_SIDE
    assert [r.kind for r in report.replay if r.kind == "refuted"] == ["refuted"]
    assert "1 refuted proposal(s) replayed as negatives" in render_markdown(report)
    assert report.history[-1]["negatives"] == 1
