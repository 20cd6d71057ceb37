"""How precise a night's proposals really are on this graph, learned from what was answered
about the ones already made (pure rules).

A night calibrates on its own held-out edges: a candidate counts true only when MAX holds it (a
held-out edge, or one the held edges entail). On a graph that misses edges, the missing ones are
candidates too and count false, and a missing edge is as strong a candidate as a held-out one:
the calibration's precision is a lower bound there, and a graph missing many edges gets no
threshold at all (positive-unlabeled learning: Elkan & Noto, 2008). On a graph that misses
nothing it is the opposite: the true candidates the calibration finds are the held-out ones,
which the night itself holds, so what it writes is what the calibration counted false.

Under Elkan and Noto's assumption (which true links MAX holds is a random draw of all true
links), the true candidates MAX does not hold are, at every score, a fixed multiple rho of the
held-out ones: rho is the graph's missing edges over its held-out edges. Above a score s, the
night writes the calibration's candidates less the held-out ones (it holds those), so it is

    precise(s) = rho * L(s) / (N(s) - L(s)) = rho * odds(P(s))

where N(s), L(s) are the calibration's candidates and true ones above s and P(s) = L/N its
precision. rho is not in the held edges; the answers are: every proposal closed confirmed (a
grounded source or a person said it is true) or refuted (the held edges or a person said it is
false) was written at its night's calibrated precision p_i, and expects rho * odds(p_i) of a
confirmation, so

    rho ~ confirmed / sum odds(p_i),  its lower bound wilson_lower(confirmed, answered) *
    answered / sum odds(p_i)

(a decayed proposal, never answered, says nothing). A night with at least
`min_calibration_support` answers about a relation sets that relation's threshold where the
lower bound of precise(s) reaches the target (`by_answers`), never below the lowest score
answered (rho is measured over the scores answered; extrapolated below them it promised 0.45
where 0.15 came true on the dev graph); with fewer, the held-out rule
stands, and where it finds no threshold the night may write a few labelled exploration
proposals so that answers can come (`exploring`), never more than `min_calibration_support`
open and unanswered at once. Exploration goes on while the answers are undecided (the point
estimate would reach the target, the lower bound does not) and stops once they say no.
Nothing here names a graph or a relation.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from resident.learning.proposals import Calibration, Ledger, wilson_lower

#: A calibrated precision is read at most this high (its odds stay finite).
MAX_PRECISION = 0.99


def odds(p: float) -> float:
    """p / (1 - p), p capped below 1."""
    q = min(max(p, 0.0), MAX_PRECISION)
    return q / (1.0 - q)


@dataclass(frozen=True)
class Answers:
    """What the closed proposals of one relation say about how precise its proposals are."""

    answered: int = 0
    confirmed: int = 0
    #: The sum of odds(calibrated precision) over the answered proposals: their expected
    #: confirmations per unit of rho.
    expected: float = 0.0
    #: Proposals still open and unanswered.
    waiting: int = 0
    #: The lowest score among the answered proposals: the estimate was measured above it only.
    lowest: float = 0.0

    @property
    def ratio(self) -> float:
        """rho: true candidates MAX lacks per held-out one (the point estimate)."""
        return self.confirmed / self.expected if self.expected > 0 else 0.0

    @property
    def ratio_lower(self) -> float:
        """rho's lower bound: the confirmed share's one-sided 90% Wilson bound, scaled."""
        if self.expected <= 0:
            return 0.0
        return wilson_lower(self.confirmed, self.answered) * self.answered / self.expected


def answers_of(ledger: Ledger, relation: str, scale: str | None = None) -> Answers:
    """The ledger's evidence about `relation`'s proposals (confirmed or refuted ones count).
    `scale`: the scorer whose floor `lowest` is (only its own answered scores, and those
    recorded before proposals carried their scorer, are on its scale: the second stage's are
    another's, resident.learning.depth_floor); with answers but none on its scale, nothing is
    on it (infinite). None: every answered score."""
    answered = confirmed = waiting = 0
    expected, lowest = 0.0, float("inf")
    for p in ledger.proposals:
        if p.predicate != relation:
            continue
        if p.status == "open":
            waiting += 1
        elif p.status in ("confirmed", "refuted"):
            answered += 1
            confirmed += p.status == "confirmed"
            expected += odds(p.precision)
            if scale is None or p.scorer in ("", scale):
                lowest = min(lowest, p.score)
    return Answers(answered, confirmed, expected, waiting, lowest if answered else 0.0)


def by_answers(
    scored: Sequence[tuple[float, bool]], answers: Answers, target: float, min_support: int
) -> Calibration:
    """The lowest score at which rho's lower bound times the calibration's odds reaches `target`
    over at least `min_support` candidates, never below the lowest score answered (rho was
    measured above it; below, the share of true links MAX lacks may fall, as it did on the dev
    graph: RESULTS-learning section 14); precision is the calibration's own there (what the
    proposals carry, and what the next answers are weighed by), estimate and lower the answers'."""
    ranked = sorted(scored, key=lambda x: -x[0])
    positives = sum(1 for _, ok in ranked if ok)
    best: tuple[float, float, int] | None = None
    tp = 0
    for k, (score, ok) in enumerate(ranked, 1):
        tp += ok
        if k < len(ranked) and ranked[k][0] == score:
            continue
        if score < answers.lowest:
            break
        if k >= min_support and min(1.0, answers.ratio_lower * odds(tp / k)) >= target:
            best = (score, tp / k, k)
    rule = f"answers ({answers.confirmed} of {answers.answered} confirmed)"
    if best is None:
        return Calibration(None, 0.0, 0, len(ranked), positives, rule=rule)
    score, precision, support = best
    return Calibration(
        score,
        round(precision, 4),
        support,
        len(ranked),
        positives,
        lower=round(min(1.0, answers.ratio_lower * odds(precision)), 4),
        rule=rule,
        estimate=round(min(1.0, answers.ratio * odds(precision)), 4),
    )


def exploring(
    scored: Sequence[tuple[float, bool]], min_support: int, proposed: Sequence[bool] = ()
) -> Calibration:
    """The first cut of the ranking with at least `min_support` candidates, one true among them,
    and `min_support` fresh ones (neither true, which the night holds, nor `proposed` before):
    an exploration threshold whose precision is the calibration's there, below the target; what
    is above it is written to be asked about, labelled so. Each night's exploration reaches a
    little further down the ranking. No true candidate anywhere: nothing to scale, none."""
    flags = list(proposed) or [False] * len(scored)
    ranked = sorted(zip(scored, flags, strict=True), key=lambda x: -x[0][0])
    positives = sum(1 for (_, ok), _ in ranked if ok)
    tp = fresh = 0
    for k, ((score, ok), was) in enumerate(ranked, 1):
        tp += ok
        fresh += not ok and not was
        if k < len(ranked) and ranked[k][0][0] == score:
            continue
        if k >= min_support and tp and fresh >= min_support:
            return Calibration(
                score, round(tp / k, 4), k, len(ranked), positives, rule="exploration"
            )
    return Calibration(None, 0.0, 0, len(ranked), positives, rule="exploration")


def choose_rule(
    held_out: Calibration,
    scored: Sequence[tuple[float, bool]],
    answers: Answers,
    target: float,
    min_support: int,
    proposed: Sequence[bool] = (),
) -> Calibration:
    """Which calibration a relation's proposals follow tonight: the answers' once there are
    `min_support` of them (exploring on while they are undecided: the point estimate reaches the
    target, the lower bound does not); before, the held-out one; where that finds no threshold,
    exploration; and once the answers' threshold has nothing fresh above it, exploration
    below it. Exploration only while fewer than `min_support` of the relation's proposals
    wait for an answer. What exploration picks is asked, not written: the night keeps it as a
    question (`Proposal.question`) people answer in conversation (resident.language.guesses).
    A second scorer of the same relation keeps its held-out rule instead
    (`depth_floor.held_out_or_asked`)."""
    if answers.answered >= min_support:
        cal = by_answers(scored, answers, target, min_support)
        # Undecided (the point estimate reaches the target somewhere, its lower bound
        # nowhere): a few more to ask about; decided against: nothing.
        undecided = _reaches(scored, answers.ratio, target, min_support)
        if cal.threshold is None and answers.waiting < min_support and undecided:
            return exploring(scored, min_support, proposed)
        if (
            cal.threshold is not None
            and answers.waiting < min_support
            and not fresh_above(scored, proposed, cal.threshold)
        ):
            # Everything the answers let him write is written or asked, and they are never
            # read below the lowest score answered: a few below are asked, so the next answers
            # reach further down (without it the ten dev nights stalled from night 8 on,
            # nothing left to write or ask: RESULTS-learning section 19).
            return exploring(scored, min_support, proposed)
        return cal
    if held_out.threshold is not None or answers.waiting >= min_support:
        return held_out
    return exploring(scored, min_support, proposed)


def fresh_above(
    scored: Sequence[tuple[float, bool]], proposed: Sequence[bool], threshold: float
) -> bool:
    """Whether a candidate at or above `threshold` is fresh (neither true, which the night
    holds, nor proposed before)."""
    flags = list(proposed) or [False] * len(scored)
    return any(
        s >= threshold and not ok and not was for (s, ok), was in zip(scored, flags, strict=True)
    )


def _reaches(scored: Sequence[tuple[float, bool]], ratio: float, target: float, least: int) -> bool:
    """Whether `ratio` times the calibration's odds reaches `target` at some cut of at least
    `least` candidates."""
    ranked = sorted(scored, key=lambda x: -x[0])
    tp = 0
    for k, (_, ok) in enumerate(ranked, 1):
        tp += ok
        if k >= least and min(1.0, ratio * odds(tp / k)) >= target:
            return True
    return False


def answered(
    ledger: Ledger, triple: tuple[str, str, str], yes: bool, who: str, now: datetime
) -> Ledger:
    """The ledger with the open proposal `triple` closed by a person's answer: confirmed on yes,
    refuted on no (unchanged when no such proposal is open). A refuted one is never proposed
    again (`Ledger.ever`); either way it is an answer the calibration above counts."""
    out = []
    for p in ledger.proposals:
        if p.status == "open" and p.triple == triple:
            verdict = "yes" if yes else "no"
            p = p.close(
                "confirmed" if yes else "refuted", f"{now:%Y-%m-%d}: {who} answered {verdict}", now
            )
        out.append(p)
    return Ledger(proposals=out)


def heard(ledger: Ledger, said: Iterable[tuple[str, str, str, datetime]]) -> Ledger:
    """The ledger with the answers people gave to the guesses MAX asked, read back from the
    graph's questions as (gap id, who, answer, when), oldest first: a "yes" or "no" closes the
    open question-proposal of that gap (`answered`); anything else leaves it open. The
    conversation layer closes them as it hears them; this is for an answer given while a night
    held the ledger."""
    by_gap = {p.gap_id: p.triple for p in ledger.open() if p.asked and p.gap_id}
    for gap_id, who, answer, at in said:
        if gap_id in by_gap and answer in ("yes", "no"):
            ledger = answered(ledger, by_gap[gap_id], answer == "yes", who, at)
    return ledger
