"""Directed lexical subsumption: a name that adds words to another's is under it, never the
other way round; the night calibrates it on the held-out edges apart from the learner and
proposes what it finds, never a reverse."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from resident.config import Settings
from resident.learning.lexical import descendants, directed, idf, weighted_bags
from resident.memory.duck_store import DuckStore
from resident.records import Entity, NewClaim

torch = pytest.importorskip("torch")
NOW = datetime(2026, 3, 1, 2, 45, tzinfo=UTC)
word = st.sampled_from(["red", "small", "fruit", "of", "the", "old", "tool", "wild"])
bag = st.dictionaries(word, st.floats(0.1, 3.0), max_size=5)


@given(bag, bag)
def test_directed_is_never_both_ways(a: dict[str, float], b: dict[str, float]) -> None:
    # The generality gate holds one way at most: at most one direction scores.
    assert directed(a, b, True) >= 0.0
    assert directed(a, b, False) == 0.0 == directed(b, a, False)
    if a and b and set(b) < set(a):
        # b's name is contained in a's: b covers itself fully inside a.
        assert directed(a, b, True) > 0.0


def test_the_parent_whose_name_the_child_contains_scores_highest() -> None:
    names = ["Abnormal skeletal morphology", "Abnormal fetal skeletal morphology",
             "Abnormal skeletal physiology", "Abnormal fetal heart rate"]  # fmt: skip
    w = idf([n.lower().split() for n in names])
    child = {x: w[x] for x in names[1].lower().split()}
    scores = {n: directed(child, {x: w[x] for x in n.lower().split()}, True) for n in names}
    assert max((n for n in names if n != names[1]), key=scores.__getitem__) == names[0]
    # Read the other way round (a parent under its child) it never scores: the gate.
    assert directed({x: w[x] for x in names[0].lower().split()}, child, False) == 0.0


@given(st.lists(st.lists(word, min_size=1, max_size=4), min_size=2, max_size=8))
def test_the_vectorised_scorer_is_the_reference(labels_words: list[list[str]]) -> None:
    from resident.learning.subsume import NameIndex

    ents = [f"concept:e{i}" for i in range(len(labels_words))]
    labels = {e: " ".join(ws) for e, ws in zip(ents, labels_words, strict=True)}
    general = torch.arange(len(ents), dtype=torch.float)  # e_i is more general than e_j, i > j
    got = NameIndex(ents, labels).directed(torch.arange(len(ents)), general)
    vocab, bags = weighted_bags(ents, labels)
    as_dict = [{vocab[w]: v for w, v in b} for b in bags]
    for i in range(len(ents)):
        for j in range(len(ents)):
            want = directed(as_dict[i], as_dict[j], j > i and j > 0)
            assert got[i, j].item() == pytest.approx(want, abs=1e-5)


def test_descendants_count_every_node_below() -> None:
    edges = [("a", "is_a", "b"), ("b", "is_a", "c"), ("d", "is_a", "c"), ("a", "near", "d")]
    assert descendants(edges, "is_a") == {"b": 1, "c": 3}


def _named_graph(store: DuckStore) -> None:
    """Things and qualities: "red fruit" is_a "fruit" and is_a "red"; the "green" members are
    missing their class, which their names say."""
    classes, qualities = ["fruit", "tool", "vehicle", "animal", "stone"], ["red", "small", "old"]
    ents = [Entity(id=f"concept:{x}", kind="concept", label=x, aliases=[])
            for x in ["thing", "quality", "green", *classes, *qualities]]  # fmt: skip
    claims = [_edge("green", "quality")]
    claims += [_edge(c, "thing") for c in classes] + [_edge(q, "quality") for q in qualities]
    for c in classes:
        for q in [*qualities, "green"]:
            ents.append(Entity(id=f"concept:{q}_{c}", kind="concept", label=f"{q} {c}", aliases=[]))
            claims.append(_edge(f"{q}_{c}", q))
            if q != "green":
                claims.append(_edge(f"{q}_{c}", c))
    store.upsert_entities(ents, NOW - timedelta(days=3))
    store.upsert_claims(claims, NOW - timedelta(hours=2))


def _edge(h: str, t: str) -> NewClaim:
    return NewClaim(subject=f"concept:{h}", predicate="is_a", object_entity=f"concept:{t}",
                    confidence=0.7, provenance="ingest:test@1")  # fmt: skip


def test_a_night_proposes_what_the_names_say_never_a_reverse(
    store: DuckStore, settings: Settings
) -> None:
    from resident.learning.consolidation import consolidate

    learning = settings.learning.model_copy(
        update={"dim": 16, "epochs_per_night": 5, "batch": 32, "held_out_share": 0.3}
    )
    s = settings.model_copy(update={"learning": learning})
    _named_graph(store)
    report = consolidate(store, s, NOW)
    cal = report.names_calibration
    assert cal.threshold is not None and cal.precision >= s.consolidation.precision_target
    named = [p for p in report.proposals if "(names with the learner)" in p.trail[0]]
    assert named, report.proposals
    for p in named:
        # The green members' missing classes, and nothing else.
        green, _, cls = p.subject.removeprefix("concept:").partition("_")
        assert green == "green" and p.object_entity == f"concept:{cls}"
        assert p.score >= cal.threshold and p.precision == cal.precision
    assert report.reversed == 0
    assert len(report.proposals) <= s.learning.proposals_per_night


def test_a_word_swap_between_siblings_is_a_contrast_not_a_subsumption() -> None:
    from resident.learning.lexical import contrasts, swapped

    # Under "body weight": increased and decreased siblings; under "growth": the same swap.
    # "abnormal X" under "X" says abnormal along an edge: a child's word, no contrast.
    names = {"w": "body weight", "wi": "increased body weight", "wd": "decreased body weight",
             "g": "growth", "gi": "increased growth", "gd": "decreased growth",
             "ga": "abnormal growth", "c": "cell", "ca": "abnormal cell"}  # fmt: skip
    bags = {e: frozenset(n.split()) for e, n in names.items()}
    edges = [("wi", "is_a", "w"), ("wd", "is_a", "w"), ("gi", "is_a", "g"),
             ("gd", "is_a", "g"), ("ga", "is_a", "g"), ("ca", "is_a", "c")]  # fmt: skip
    pairs = contrasts(edges, "is_a", bags)
    assert ("increased", "decreased") in pairs and ("decreased", "increased") in pairs
    assert swapped(bags["wi"], bags["wd"], pairs)  # "Increased body weight is_a Decreased ..."
    assert not swapped(bags["wi"], bags["w"], pairs)  # the true parent says less, no swap
    # Learned per relation, from the held edges only: another relation learns nothing here.
    assert contrasts(edges, "part_of", bags) == frozenset()
    # A swap seen as often along edges as between siblings is no contrast.
    edges += [("xi", "is_a", "xd")] * 4
    bags |= {"xi": frozenset({"increased", "x"}), "xd": frozenset({"decreased", "x"})}
    assert ("increased", "decreased") not in contrasts(edges, "is_a", bags)


def test_the_night_never_offers_a_sibling_swap_as_a_parent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import resident.learning.subsume as subsume
    from resident.learning.ff import ForwardForward

    # "increased X" and "decreased X" are siblings under "X" for three X; "decreased X" has more
    # children, so the gate lets it be the parent of "increased X", whose name covers it but
    # for the swapped word.
    things = ["body weight", "growth", "tone"]
    edges: list[tuple[str, str, str]] = []
    for x in things:
        for way in ("increased", "decreased"):
            edges.append((f"{way} {x}", "is_a", x))
            kinds = ("mild", "severe") if way == "increased" else ("mild", "severe", "moderate")
            edges += [(f"{kind} {way} {x}", "is_a", f"{way} {x}") for kind in kinds]
    ents = sorted({e for h, _, t in edges for e in (h, t)})
    ei = {e: i for i, e in enumerate(ents)}
    heads = [ei[f"{way} {x}"] for x in things for way in ("increased", "decreased")]
    names = subsume.NameIndex(ents, {e: e for e in ents})
    model = ForwardForward(len(ents), 1, 8)

    def offered() -> set[tuple[str, str]]:
        def held(h: int, r: int, t: int) -> bool:
            return ents[t] == ents[h].split(" ", 1)[1]

        got = subsume.candidates(
            model, names, edges, ents, ["is_a"], ["is_a"], 3, held, lambda r: heads
        )
        return {(ents[h], ents[t]) for _, h, _, t in got}

    swaps = {(f"increased {x}", f"decreased {x}") for x in things}
    assert not swaps & offered()
    # Without the learned contrasts the same names would be offered.
    monkeypatch.setattr(subsume, "swapped", lambda *_: False)
    assert swaps <= offered()


def test_a_parent_whose_name_adds_to_the_childs_is_never_offered() -> None:
    import resident.learning.subsume as subsume
    from resident.learning.ff import ForwardForward

    # "abnormal urinary physiology" has more descendants in the held edges than "abnormal
    # urinary", so the generality gate would let it be its parent; but its name repeats the
    # other's and adds to it: the names say the other way round.
    edges = [(f"{k} abnormal urinary physiology", "is_a", "abnormal urinary physiology")
             for k in ("mild", "severe", "acute")]  # fmt: skip
    edges += [("abnormal urinary stone", "is_a", "abnormal urinary"),
              ("abnormal renal urinary", "is_a", "abnormal urinary")]  # fmt: skip
    ents = sorted({e for h, _, t in edges for e in (h, t)})
    ei = {e: i for i, e in enumerate(ents)}
    names = subsume.NameIndex(ents, {e: e for e in ents})
    got = subsume.candidates(
        ForwardForward(len(ents), 1, 8), names, edges, ents, ["is_a"], ["is_a"], 5,
        lambda h, r, t: False, lambda r: [ei["abnormal urinary"], ei["abnormal urinary stone"]],
    )  # fmt: skip
    offered = {(ents[h], ents[t]) for _, h, _, t in got}
    assert ("abnormal urinary", "abnormal urinary physiology") not in offered
