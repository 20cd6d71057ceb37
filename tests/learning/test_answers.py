"""Proposals on a graph that misses edges: what was answered about earlier proposals scales the
held-out calibration (positive-unlabeled correction), thin evidence keeps the held-out rule,
and a night with neither may explore a few, labelled and bounded."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from resident.learning.answers import (
    Answers,
    answered,
    answers_of,
    by_answers,
    choose_rule,
    exploring,
    odds,
)
from resident.learning.proposals import Ledger, Proposal, calibrate, wilson_lower

NOW = datetime(2026, 3, 1, 2, 45, tzinfo=UTC)
# A calibration ranking where one candidate in five is a held-out edge all the way down: the
# held-out rule finds no threshold at 0.3.
RANKED = [(1.0 - i / 100, i % 5 == 4) for i in range(40)]


def proposal(
    h: str, t: str, status: str, precision: float = 0.2, r: str = "is_a", score: float = 0.5
) -> Proposal:
    p = Proposal(subject=h, predicate=r, object_entity=t, score=score, precision=precision)
    return p if status == "open" else p.close(status, "test", NOW)


def ledger(
    confirmed: int, refuted: int, open_: int = 0, decayed: int = 0, score: float = 0.5
) -> Ledger:
    rows = [proposal(f"c{i}", "x", "confirmed", score=score) for i in range(confirmed)]
    rows += [proposal(f"r{i}", "x", "refuted", score=score) for i in range(refuted)]
    rows += [proposal(f"o{i}", "x", "open") for i in range(open_)]
    rows += [proposal(f"d{i}", "x", "decayed") for i in range(decayed)]
    return Ledger(proposals=rows)


def test_answers_count_confirmed_and_refuted_only() -> None:
    book = ledger(3, 2, open_=4, decayed=6)
    book.proposals.append(proposal("p", "y", "confirmed", r="part_of"))
    a = answers_of(book, "is_a")
    assert (a.answered, a.confirmed, a.waiting) == (5, 3, 4)
    # Each answered proposal expected rho * odds(0.2) = rho / 4 confirmations.
    assert abs(a.expected - 5 * odds(0.2)) < 1e-9 and abs(a.ratio - 3 / 1.25) < 1e-9
    assert 0.0 < a.ratio_lower < a.ratio
    assert answers_of(book, "part_of").answered == 1
    assert answers_of(Ledger(), "is_a") == Answers()


def test_answers_that_confirm_raise_the_estimate_above_what_held_out_edges_show() -> None:
    assert calibrate(RANKED, 0.3, 5).threshold is None
    # Half the proposals written at a calibrated 0.2 turned out true: rho 2, so candidates the
    # calibration puts at 0.2 are 0.5 precise on this graph.
    cal = by_answers(RANKED, answers_of(ledger(10, 10), "is_a"), 0.3, 5)
    assert cal.threshold is not None and cal.rule.startswith("answers (10 of 20")
    assert cal.estimate is not None and cal.lower >= 0.3 and cal.estimate >= cal.lower
    assert cal.precision < 0.3  # the calibration's own, which the proposals carry
    # Answers measured only near the top say nothing below it: the threshold stays above.
    top = by_answers(RANKED, answers_of(ledger(10, 10, score=0.9), "is_a"), 0.3, 5)
    assert top.threshold is not None and top.threshold >= 0.9 > cal.threshold
    # The same share (half) on a fifth of the answers is too uncertain to reach the target.
    thin = by_answers(RANKED, answers_of(ledger(2, 2), "is_a"), 0.3, 5)
    assert thin.threshold is None and thin.estimate is None


def test_answers_that_refute_silence_a_calibration_that_promised_precision() -> None:
    # A graph that misses nothing: the held-out rule finds 0.4, but every proposal was false.
    good = [(1.0 - i / 100, i % 5 < 2) for i in range(40)]
    assert calibrate(good, 0.3, 5).threshold is not None
    cal = choose_rule(calibrate(good, 0.3, 5), good, answers_of(ledger(0, 8), "is_a"), 0.3, 5)
    assert cal.threshold is None and cal.rule.startswith("answers (0 of 8")


def test_thin_evidence_keeps_the_held_out_rule_or_explores_a_bounded_few() -> None:
    held = calibrate(RANKED, 0.3, 5)
    cal = choose_rule(held, RANKED, answers_of(ledger(2, 1), "is_a"), 0.3, 5)
    # The first cut with a true candidate and five fresh ones (the true one the night holds).
    assert cal.rule == "exploration" and cal.threshold == RANKED[5][0] and cal.support == 6
    # What was proposed before is not fresh: the next night's exploration reaches further down.
    asked = [i < 6 for i in range(len(RANKED))]
    further = choose_rule(held, RANKED, answers_of(ledger(2, 1), "is_a"), 0.3, 5, asked)
    assert further.threshold == RANKED[11][0] and further.precision == round(2 / 12, 4)
    # Five already wait for an answer: no more exploration, the held-out rule (none) stands.
    waiting = choose_rule(held, RANKED, answers_of(ledger(2, 1, open_=5), "is_a"), 0.3, 5)
    assert waiting.threshold is None and waiting.rule == "held-out"
    # A relation the held-out rule calibrates keeps it until answers are enough.
    good = [(1.0 - i / 100, i % 2 == 0) for i in range(20)]
    kept = choose_rule(calibrate(good, 0.3, 5), good, answers_of(ledger(0, 4), "is_a"), 0.3, 5)
    assert kept.rule == "held-out" and kept.threshold is not None


def test_no_true_candidate_no_exploration() -> None:
    assert exploring([(0.9, False)] * 10, 5).threshold is None
    # Ties share one verdict: the cut is where the score changes.
    tied = [(0.9, False)] * 5 + [(0.9, True)] * 3 + [(0.5, False)] * 4
    cal = exploring(tied, 5)
    assert cal.threshold == 0.9 and cal.support == 8


def test_a_persons_answer_closes_only_the_open_proposal_it_is_about() -> None:
    book = ledger(0, 0, open_=2)
    book.proposals.append(proposal("done", "x", "decayed"))
    after = answered(book, ("o1", "is_a", "x"), False, "Ana", NOW)
    by = {p.subject: p for p in after.proposals}
    assert by["o1"].status == "refuted" and by["o1"].trail[-1].endswith("Ana answered no")
    assert by["o0"].status == "open" and by["done"].status == "decayed"
    again = answered(after, ("done", "is_a", "x"), True, "Ben", NOW)
    assert {p.subject: p.status for p in again.proposals}["done"] == "decayed"


def test_lower_bound_is_wilsons_scaled() -> None:
    a = Answers(answered=10, confirmed=4, expected=2.5)
    assert abs(a.ratio_lower - wilson_lower(4, 10) * 10 / 2.5) < 1e-12
    assert Answers(answered=3, confirmed=0, expected=1.0).ratio_lower == 0.0


def test_undecided_answers_keep_exploring_and_decided_ones_stop() -> None:
    held = calibrate(RANKED, 0.3, 5)
    # 2 of 5 confirmed at a calibrated 0.2: the point estimate (0.4) reaches 0.3, its lower
    # bound does not: a few more are written to be asked about.
    undecided = choose_rule(held, RANKED, answers_of(ledger(2, 3), "is_a"), 0.3, 5)
    assert undecided.rule == "exploration" and undecided.threshold is not None
    # All refuted: decided against, nothing more is written.
    no = choose_rule(held, RANKED, answers_of(ledger(0, 6), "is_a"), 0.3, 5)
    assert no.threshold is None and no.rule.startswith("answers (0 of 6")
    # Undecided, but five already wait for an answer: none.
    full = choose_rule(held, RANKED, answers_of(ledger(2, 3, open_=5), "is_a"), 0.3, 5)
    assert full.threshold is None


def test_answers_with_nothing_fresh_above_their_threshold_ask_below_it() -> None:
    """Everything above the answers' threshold was proposed before: rather than stall, a few
    below it are asked (exploration), so the answers reach further down the ranking."""
    held = calibrate(RANKED, 0.3, 5)
    answers = answers_of(ledger(10, 10, score=0.8), "is_a")
    top = choose_rule(held, RANKED, answers, 0.3, 5)
    assert top.rule.startswith("answers (10 of 20") and top.threshold is not None
    asked = [s >= top.threshold for s, _ in RANKED]
    below = choose_rule(held, RANKED, answers, 0.3, 5, asked)
    assert below.rule == "exploration" and below.threshold is not None
    assert below.threshold < top.threshold
    # Five already wait for an answer: the answers' rule stands, nothing more is asked.
    full = answers_of(ledger(10, 10, open_=5, score=0.8), "is_a")
    assert choose_rule(held, RANKED, full, 0.3, 5, asked).rule.startswith("answers")


def _night_of_names() -> tuple[Any, Any, list[tuple[str, str, str]]]:
    """A named is_a graph whose held-out edges the names find ("mild abnormal heart" under
    "abnormal heart"), a real (untrained) learner, and the night's candidate generator."""
    import torch

    from resident.learning.ff import ForwardForward, Triples
    from resident.learning.subsume import generators

    topics = ["heart", "liver", "kidney", "lung", "skin", "bone"]
    edges = []
    for tp in topics:
        edges.append((f"abnormal {tp}", "is_a", "abnormality"))
        edges += [(f"{m} abnormal {tp}", "is_a", f"abnormal {tp}") for m in ("mild", "severe",
                  "acute", "chronic")]  # fmt: skip
    test = [e for e in edges if e[0].startswith("mild")]
    train = [e for e in edges if e not in test]
    ents = sorted({x for h, _, t in edges for x in (h, t)})
    ei = {e: i for i, e in enumerate(ents)}

    def rows(ts: list[tuple[str, str, str]]) -> torch.Tensor:
        return torch.tensor([[ei[h], 0, ei[t]] for h, _, t in ts]).reshape(-1, 3)

    torch.manual_seed(0)
    data = Triples(rows(train), rows([]), rows(test), ents, ["is_a"])
    pairs = [(i, 0) for i in range(len(ents))]
    gen = generators(ForwardForward(len(ents), 1, 8), data, pairs, train, {e: e for e in ents},
                     ["is_a"], 3)[1]  # fmt: skip
    return gen, data, train


def test_a_night_follows_its_answers_on_a_real_named_graph() -> None:
    from resident.config import ConsolidationSettings
    from resident.learning.subsume import calibrated

    gen, data, train = _night_of_names()
    cc = ConsolidationSettings()
    known = set(train)
    ents = data.entities

    def tonight(h: int, r: int, t: int) -> bool:
        return (ents[h], "is_a", ents[t]) in known

    # Without answers, the held-out rule: the held-out edges are the names' best candidates.
    plain, above = calibrated(gen, data, ["is_a"], cc)
    assert plain.rule == "held-out" and plain.threshold is not None and above(tonight)
    # Every proposal written so far was refuted: the answers rule, and nothing above it.
    refuted, above = calibrated(gen, data, ["is_a"], cc, ledger(0, 8))
    assert refuted.rule.startswith("answers (0 of 8") and refuted.threshold is None
    assert above(tonight) == []
    # Confirmed: the answers' estimate and its bound are in the trail's scorer label. (Five
    # wait for an answer: with nothing fresh above its threshold the rule would ask below it.)
    good, above = calibrated(gen, data, ["is_a"], cc, ledger(8, 2, open_=5, score=0.0))
    assert good.threshold is not None and good.estimate is not None
    assert "estimated precision" in good.scorer and above(tonight)
