"""The held-out split: stable by hash, and never the only edge of an entity (a term whose only
link is held out is unseen in training, and no learner can predict its link)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from resident.learning.split import held_out, split_held_out

node = st.integers(0, 30).map(lambda i: f"concept:n{i}")
edges = st.sets(st.tuples(node, st.just("is_a"), node), max_size=120)


@given(edges, st.floats(0.05, 0.45))
def test_every_held_out_edge_keeps_both_ends_in_training(
    ts: set[tuple[str, str, str]], share: float
) -> None:
    train, test = split_held_out(ts, share)
    assert train | test == ts and not train & test
    seen = {x for h, _, t in train for x in (h, t)}
    for h, r, t in test:
        assert held_out(h, r, t, share)
        assert h in seen and t in seen
    assert split_held_out(sorted(ts), share) == (train, test)


def test_a_tree_of_leaves_holds_out_no_leaf() -> None:
    star = {(f"concept:leaf{i}", "is_a", "concept:root") for i in range(200)}
    train, test = split_held_out(star, 0.3)
    assert test == set() and train == star
    # A second parent for every leaf: some of those edges may now be held out.
    both = star | {(f"concept:leaf{i}", "is_a", "concept:other") for i in range(200)}
    _, test = split_held_out(both, 0.3)
    assert 0 < len(test) < 200
    assert len({h for h, _, _ in test}) == len(test)
