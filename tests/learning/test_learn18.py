"""The second stage's calibration scaled by the answers (resident.learning.answers.rescaled):
the true links MAX was never told count false in its held-out calibration, and what people
answered about the relation's proposals says how many of them there are, as for the names'; it
never explores (`choose_rule(explore=False)`). The night no longer calls it bare: the second stage
is floored at the depth its own answers support (resident.learning.depth_floor), and the real
night with the names' answers alone is tests/learning/test_learn20.py's."""

from __future__ import annotations

from datetime import UTC, datetime

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
