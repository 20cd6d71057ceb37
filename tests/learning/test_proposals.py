"""The rules of what sleep may propose: never the reverse of a held edge of a partial order, nor a
cycle, nor what the held edges entail; a threshold calibrated to a precision target; proposals
confirmed, refuted or decayed; corrections replayed in place of what they corrected."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from pydantic import ValidationError

from resident.config import HygieneSettings
from resident.learning.proposals import (
    Entailed,
    OrderIndex,
    Proposal,
    calibrate,
    calibrate_by_relation,
    order_verdict,
    pooled,
    review,
    wilson_lower,
)
from resident.learning.replay import plan_replay
from resident.records import Experience

NOW = datetime(2026, 3, 1, 2, 45, tzinfo=UTC)
# A small is_a tree: kidney and bladder abnormalities are urinary, urinary is genitourinary.
EDGES = [
    ("kidney", "is_a", "urinary"),
    ("bladder", "is_a", "urinary"),
    ("urinary", "is_a", "genitourinary"),
    ("genitourinary", "is_a", "abnormality"),
    ("a", "near", "b"),
]


@pytest.fixture
def index() -> OrderIndex:
    return OrderIndex(EDGES, ["is_a", "part_of"])


def test_reverse_cycle_and_entailed_edges_are_never_proposed(index: OrderIndex) -> None:
    assert "reverse" in (order_verdict(index, "genitourinary", "is_a", "urinary") or "")
    cycle = order_verdict(index, "abnormality", "is_a", "kidney") or ""
    assert "cycle" in cycle and "kidney -> urinary -> genitourinary -> abnormality" in cycle
    assert "entail" in (order_verdict(index, "kidney", "is_a", "abnormality") or "")
    assert order_verdict(index, "kidney", "is_a", "kidney") == "a self-loop"
    assert order_verdict(index, "kidney", "is_a", "urinary") == "already held"
    # A sibling link is news; a relation not declared a partial order is never judged.
    assert order_verdict(index, "kidney", "is_a", "bladder") is None
    assert order_verdict(index, "b", "near", "a") is None


def test_calibration_takes_the_most_recall_at_the_target() -> None:
    scored = [(0.9, True), (0.8, False), (0.7, True), (0.6, False), (0.5, False), (0.4, False)]
    cal = calibrate(scored, 0.5, 2)
    assert cal.threshold == 0.6 and cal.precision == 0.5 and cal.support == 4
    assert calibrate(scored, 0.9, 2).threshold is None  # nothing reaches 0.9 with 2 candidates
    assert calibrate(scored, 0.9, 1).threshold == 0.9
    # Ties share one verdict: a threshold never splits equal scores.
    tied = [(0.5, True), (0.5, False), (0.5, False), (0.4, True)]
    assert calibrate(tied, 0.6, 1).threshold is None  # 1 of 3 at 0.5, not 1 of 1


def _p(h: str, r: str, t: str, nights: int = 0) -> Proposal:
    return Proposal(
        subject=h, predicate=r, object_entity=t, score=0.4, claim_id="c1", nights_open=nights
    )


def test_review_confirms_refutes_and_decays(index: OrderIndex) -> None:
    grounded = {("kidney", "is_a", "bladder")}
    assert review(
        _p("kidney", "is_a", "bladder"), grounded, index, False, 5, NOW
    ).proposal.status == ("confirmed")
    # Held edges that now make it a cycle: refuted, with the grounded edge that witnesses it.
    r = review(_p("genitourinary", "is_a", "kidney"), set(), index, False, 5, NOW)
    assert r.proposal.status == "refuted" and r.witness == ("genitourinary", "is_a", "abnormality")
    assert "kidney -> urinary -> genitourinary" in r.proposal.trail[-1]
    assert review(_p("x", "near", "y"), set(), index, True, 5, NOW).proposal.status == "refuted"
    still = review(_p("x", "near", "y", nights=3), set(), index, False, 5, NOW).proposal
    assert still.status == "open" and still.nights_open == 4
    gone = review(_p("x", "near", "y", nights=4), set(), index, False, 5, NOW).proposal
    assert gone.status == "decayed" and "5 nights" in gone.trail[-1]


def test_acyclic_relations_are_validated() -> None:
    with pytest.raises(ValidationError):
        HygieneSettings(acyclic_relations=["is_a", "is_a"])
    with pytest.raises(ValidationError):
        HygieneSettings(acyclic_relations=["is a"])
    with pytest.raises(ValidationError):
        HygieneSettings(inverse_pairs=[("is_a", "is_a")])
    assert HygieneSettings().acyclic_relations == ["is_a", "part_of"]


def _xp(kind: str, s: str, p: str, o: str, hours: float, surprise: float) -> Experience:
    return Experience(
        id=f"xp_{kind}_{s}_{o}",
        kind=kind,  # type: ignore[arg-type]
        claim_id=None,
        subject=s,
        predicate=p,
        object=o,
        confidence=0.7,
        surprise=surprise,
        recorded_at=NOW - timedelta(hours=hours),
    )


def test_a_correction_is_replayed_in_place_of_what_it_corrected() -> None:
    weights = {"corrected": 4.0, "conflict_resolved": 3.0, "gap_closed": 2.0, "learned": 1.0}
    items = [
        _xp("corrected", "person:ana", "lives_in", "city:paris", 1, 0.8),
        _xp("conflict_resolved", "concept:a", "is_a", "concept:b", 1, 0.5),
        _xp("learned", "concept:c", "is_a", "concept:d", 1, 0.5),
        _xp("learned", "concept:e", "dose", "500 mg", 1, 0.5),  # a literal: no training triple
    ]
    fixes = {("person:ana", "lives_in"): [("person:ana", "lives_in", "city:lyon")]}
    plan = plan_replay(items, NOW, weights, fixes)
    assert plan.withdrawn == {("person:ana", "lives_in", "city:paris")}
    w = plan.weights
    assert ("person:ana", "lives_in", "city:paris") not in w
    assert w[("person:ana", "lives_in", "city:lyon")] > w[("concept:a", "is_a", "concept:b")]
    assert w[("concept:a", "is_a", "concept:b")] > w[("concept:c", "is_a", "concept:d")] > 1.0
    assert len(w) == 3 and len(plan.rows) == 4
    assert "withdrawn" in plan.rows[0].statement and "city:lyon" in plan.rows[0].statement


def test_a_candidate_the_held_edges_entail_is_true_in_calibration() -> None:
    # kidney's parent is held out: kidney is_a genitourinary is no held-out edge, but the
    # held-out edge with the known ones entails it, as the full graph would judge a proposal.
    known = [e for e in EDGES if e != ("kidney", "is_a", "urinary")]
    truth = Entailed(known, [("kidney", "is_a", "urinary"), ("a", "near", "c")], ["is_a"])
    assert truth("kidney", "is_a", "urinary") and truth("kidney", "is_a", "genitourinary")
    assert truth("kidney", "is_a", "abnormality")
    # Never the reverse, never a sibling; a relation that is no partial order: held out only.
    assert not truth("urinary", "is_a", "kidney") and not truth("kidney", "is_a", "bladder")
    assert truth("a", "near", "c") and not truth("b", "near", "c")


def test_each_relation_is_calibrated_by_itself() -> None:
    # is_a's candidates are all true, near's one in four: pooled, near's false ones would sit
    # above is_a's true ones and no threshold would be found; apart, each finds its own.
    scored = [(0.9 - i / 100, "near", i % 4 == 0) for i in range(20)]
    scored += [(0.5 - i / 100, "is_a", True) for i in range(6)]
    cals = calibrate_by_relation(scored, 0.25, 4)
    assert cals["is_a"].threshold == pytest.approx(0.45) and cals["is_a"].precision == 1.0
    assert cals["near"].threshold == pytest.approx(0.71) and cals["near"].precision == 0.25
    both = pooled(cals, "names")
    assert both.threshold == pytest.approx(0.45) and both.support == 26
    assert both.precision == pytest.approx(11 / 26, abs=1e-4) and both.scorer == "names"
    assert pooled({"is_a": cals["is_a"]}, "names") == replace(cals["is_a"], scorer="names")
    assert calibrate([(0.9, True), (0.8, False)], 0.9, 1).lower > 0.0


def test_the_lower_bound_is_wilson_and_tightens_with_support() -> None:
    assert wilson_lower(0, 10) == 0.0 and wilson_lower(5, 0) == 0.0
    # 3 of 10 and 30 of 100 are both 0.30; the bound is nearer 0.30 the more candidates.
    assert wilson_lower(3, 10) == pytest.approx(0.1538, abs=1e-3)
    assert wilson_lower(3, 10) < wilson_lower(30, 100) < 0.3 < wilson_lower(10, 10)
