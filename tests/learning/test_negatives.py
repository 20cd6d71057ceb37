"""Corrupted entities drawn half from the relation's own side (a tail's negatives: other tails of
the relation, another parent; a head's: other heads) and half from every entity."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from resident.learning.ff import _queries, side_pools  # noqa: E402
from resident.learning.scoring import resume  # noqa: E402


def test_sampled_tails_come_from_the_relations_range() -> None:
    # relation 0 (is_a) reaches tails 10, 11; relation 1 reaches tail 12 only.
    train = torch.tensor([[0, 0, 10], [1, 0, 11], [2, 0, 10], [3, 1, 12]])
    pools = side_pools(train, 2)
    gen = torch.Generator().manual_seed(0)
    pos = train[:, 2]
    cand, target = _queries(pos, 50, 64, gen, 8, pools[2], train[:, 1])
    assert cand is not None and torch.equal(cand[:, 0], pos) and torch.all(target == 0)
    # The first half from the relation's range, the second from every entity.
    assert set(cand[:3, 1:33].flatten().tolist()) == {10, 11}
    assert set(cand[3, 1:33].tolist()) == {12}
    assert len(set(cand[:, 33:].flatten().tolist())) > 20
    heads, _ = _queries(train[:, 0], 50, 64, gen, 8, pools[0], train[:, 1])
    assert heads is not None and set(heads[:3, 1:33].flatten().tolist()) == {0, 1, 2}
    # Without a pool: uniform over every entity.
    uniform, _ = _queries(pos, 50, 512, gen, 8)
    assert uniform is not None and len(set(uniform[:, 1:].flatten().tolist())) > 30


def test_a_night_keeps_learned_word_rows_and_appends_new_ones() -> None:
    model, _, _, _, _ = resume(None, 4, 1, 8, n_words=3)
    assert model.word is not None
    ckpt = {
        "model": model.state_dict(),
        "history": {"losses": [], "epochs": 0},
        "optimizers": [],
        "version": 1,
        "runs": [],
    }
    learned = model.word.weight.detach()[:3].clone()
    grown, _, opt, version, _ = resume(ckpt, 5, 1, 8, n_words=5)
    assert grown.word is not None and grown.word.weight.shape == (6, 8)
    assert torch.equal(grown.word.weight.detach()[:3], learned)
    assert torch.count_nonzero(grown.word.weight.detach()[5]) == 0  # the padding row
    assert opt is None and version == 2  # Adam's moments restart after growth
